import { Alert, Badge, Button, Center, EmptyState, Group, Loader, Paper, Select, Stack, Switch, Text, Textarea, Tooltip } from '@mantine/core';
import { IconArrowForwardUp, IconMessagePlus, IconRobotOff, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { casebookCalls, noAgentMessage } from '../agents/kindWords';
import { type ApiProblem, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { RunSteps } from '../runs/RunSteps';
import { PageHeader } from '../shell/PageHeader';
import classes from '../thread/Thread.module.css';
import { ChatReplyControls } from './ChatReplyControls';
import { type ChatTurn, chatTurns } from './chatTurns';
import { isFollowUp } from './followUp';
import { ChatConversationQuery, RunnableAgentsQuery, SendMessageMutation } from './operations';

const FOLLOW_UP_WORDS =
  'It continues the question before: the agent reads the conversation so far, and a case taken from its answer makes sense only With the conversation.';

function Question({ text, earlierTurns }: { text: string; earlierTurns: number }) {
  const followUp = isFollowUp(text, earlierTurns);
  return (
    <Stack gap={4} align="flex-end">
      <div className={`${classes.bubble} ${classes.user}`} role="group" aria-label="Your question">
        {text}
      </div>
      {followUp && (
        <Tooltip label={FOLLOW_UP_WORDS} multiline w={320}>
          <Badge size="sm" variant="light" color="indigo" leftSection={<IconArrowForwardUp size={12} aria-hidden />} tabIndex={0}>
            Follow-up
          </Badge>
        </Tooltip>
      )}
    </Stack>
  );
}

function Turn({ turn, agentName }: { turn: ChatTurn; agentName: string }) {
  return (
    <>
      {turn.question !== null && <Question text={turn.question} earlierTurns={turn.earlierTurns} />}
      {turn.run && (
        <RunSteps
          steps={turn.run.steps}
          status={turn.run.status}
          error={turn.run.error}
          agentName={agentName}
          afterLastStep={<ChatReplyControls run={turn.run} />}
        />
      )}
    </>
  );
}

/** Writing the next question; a follow-up is pointed out before it is sent. */
function Composer({ earlierTurns, busy, onSend }: { earlierTurns: number; busy: boolean; onSend: (question: string) => Promise<boolean> }) {
  const [draft, setDraft] = useState('');
  const followUp = isFollowUp(draft, earlierTurns);
  const send = async () => {
    if (draft.trim() === '' || busy) return;
    if (await onSend(draft)) setDraft('');
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Your question"
          description="Enter sends it; Shift+Enter starts a new line."
          placeholder={earlierTurns === 0 ? 'Ask the agent something a person would ask.' : 'Ask a follow-up, or something new.'}
          autosize
          minRows={2}
          maxRows={8}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter sends, as in every chat; Shift+Enter is a new line, and Enter that ends an IME composition is not a send.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
          disabled={busy}
        />
        {followUp && (
          <Text size="sm" c="indigo.8" role="note">
            This reads as a follow-up. {FOLLOW_UP_WORDS}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={busy} disabled={draft.trim() === ''}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The chat (`/chat?agent=…&conversation=…`): ask an agent you may run, read
 * its answer with its tool calls, and rate it. The conversation is in the
 * address, so a reload or a link opens it again.
 */
export function ChatPage() {
  const [search, setSearch] = useSearchParams();
  const agentId = search.get('agent');
  const conversationId = search.get('conversation');
  const [isolated, setIsolated] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<ApiProblem | null>(null);

  const [{ data: agentsData, fetching: agentsLoading, error: agentsError }] = useQuery({ query: RunnableAgentsQuery });
  // A local agent is answered only by its own code: Casebook has nothing to chat with.
  const agents = agentsData?.agents.edges.map((edge) => edge.node).filter((candidate) => casebookCalls(candidate.kind)) ?? [];
  const agent = agents.find((candidate) => candidate.id === agentId) ?? null;

  const [{ data: conversationData, error: conversationError }] = useQuery({
    query: ChatConversationQuery,
    variables: { id: conversationId ?? '' },
    pause: conversationId === null,
  });
  const conversation = conversationId !== null && conversationData?.conversation.id === conversationId ? conversationData.conversation : null;
  const turns = conversation ? chatTurns(conversation.messages.edges.map((edge) => edge.node)) : [];
  const [{ fetching: sending }, sendMessage] = useMutation(SendMessageMutation);

  const choose = (next: { agent?: string | null; conversation?: string | null }) => {
    const params = new URLSearchParams();
    const nextAgent = next.agent === undefined ? agentId : next.agent;
    const nextConversation = next.conversation === undefined ? conversationId : next.conversation;
    if (nextAgent) params.set('agent', nextAgent);
    if (nextConversation) params.set('conversation', nextConversation);
    setProblem(null);
    setSearch(params, { replace: next.conversation !== undefined && next.agent === undefined });
  };

  const onSend = async (question: string): Promise<boolean> => {
    if (!agent) return false;
    setProblem(null);
    setPending(question);
    const result = await sendMessage({ input: { agentId: agent.id, content: question, conversationId: conversation?.id ?? null, isolated } });
    setPending(null);
    const sent = result.data?.sendMessage;
    if (!sent) {
      setProblem(problemFrom(result.error));
      return false;
    }
    if (sent.conversation.id !== conversationId) choose({ conversation: sent.conversation.id });
    return true;
  };

  const agentsProblem = problemFrom(agentsError);
  const conversationProblem = problemFrom(conversationError);
  const noAgent = !agentsLoading && !agentsProblem && agents.length === 0;

  return (
    <>
      <PageHeader
        title="Chat"
        description="Ask an agent you may run, read how it answered, and rate the answer: a good one can become a case's reference, a bad one its counter-example."
        actions={
          conversationId && (
            <Button variant="default" leftSection={<IconMessagePlus size={16} aria-hidden />} onClick={() => choose({ conversation: null })}>
              New conversation
            </Button>
          )
        }
      />
      {agentsProblem && <ProblemAlert problem={agentsProblem} />}
      {noAgent ? (
        <Paper withBorder radius="md" py={48} px="xl">
          <EmptyState
            icon={<IconRobotOff size={28} stroke={1.5} />}
            title="No agent you may chat with"
            description="Chatting needs an agent shared with you for running, or one of your own."
          >
            <EmptyState.Actions>
              <Button component={Link} to="/agents">
                Go to Agents
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="lg">
            <Group align="flex-end" justify="space-between" wrap="wrap">
              <Select
                label="Agent"
                placeholder={agentsLoading ? 'Loading agents…' : 'Choose an agent'}
                data={agents.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
                value={agent?.id ?? null}
                onChange={(next) => choose({ agent: next, conversation: null })}
                searchable
                nothingFoundMessage={noAgentMessage(agents.length)}
                w={320}
                allowDeselect={false}
              />
              <Switch
                label="Isolated: block writes"
                description="Tools not declared read-only are recorded, never run."
                checked={isolated}
                onChange={(event) => setIsolated(event.currentTarget.checked)}
              />
            </Group>
            {agentId && !agentsLoading && !agent && (
              <Alert color="yellow" variant="light" title="This agent cannot be chatted with">
                It may have been deleted, or it is not shared with you for running. Choose another agent.
              </Alert>
            )}
            {conversationProblem && <ProblemAlert problem={conversationProblem} title="This conversation cannot be opened" />}
            {agent && (
              <section aria-label="Conversation">
                <div className={classes.thread}>
                  {conversationId && !conversation && !conversationProblem && (
                    <Center>
                      <Loader size="sm" aria-label="Loading the conversation" />
                    </Center>
                  )}
                  {turns.length === 0 && pending === null && !conversationId && (
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      Ask {agent.name} a question to start a conversation.
                    </Text>
                  )}
                  {turns.map((turn) => (
                    <Turn key={turn.key} turn={turn} agentName={agent.name} />
                  ))}
                  {pending !== null && (
                    <>
                      <Question text={pending} earlierTurns={turns.length} />
                      <Group gap="xs" className={classes.step}>
                        <Loader size="xs" aria-hidden />
                        <Text size="sm" c="dimmed" role="status">
                          {agent.name} is answering…
                        </Text>
                      </Group>
                    </>
                  )}
                </div>
              </section>
            )}
            {problem && <ProblemAlert problem={problem} title="Not sent" onClose={() => setProblem(null)} />}
            {agent && <Composer key={`${agent.id}:${conversationId ?? 'new'}`} earlierTurns={turns.length} busy={sending} onSend={onSend} />}
          </Stack>
        </Paper>
      )}
    </>
  );
}
