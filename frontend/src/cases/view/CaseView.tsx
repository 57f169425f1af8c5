import { Alert, Badge, Button, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconEraser, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { CaseFieldsFragment } from '../../gql/graphql';
import { Markdown } from '../../markdown/Markdown';
import { checkJsonFromApi, describeCheck } from '../checks';
import { ExpectedToolCalls } from './ExpectedToolCalls';
import { CaseFacts } from './CaseFacts';
import classes from '../../thread/Thread.module.css';
import { countOf } from '../../common/count';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} fz="sm" tt="uppercase" c="dimmed" lts={0.4}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function UserBubble({ text, label, masked }: { text: string; label: string; masked: boolean }) {
  return (
    <div className={`${classes.bubble} ${classes.user} ${masked ? classes.masked : ''}`} aria-label={label} role="group">
      {text}
    </div>
  );
}

function AgentBubble({ text, label, tone, masked, badge }: { text: string; label: string; tone?: 'reference' | 'counterExample'; masked: boolean; badge?: React.ReactNode }) {
  const toneClass = tone ? classes[tone] : '';
  return (
    <div className={`${classes.bubble} ${classes.agent} ${toneClass}`} role="group" aria-label={label}>
      <Group gap={6} mb={6}>
        <Text size="xs" fw={700} c={tone === 'counterExample' ? 'red.9' : 'teal.9'} tt="uppercase" lts={0.4}>
          {label}
        </Text>
        {badge}
      </Group>
      {masked ? <Text className={classes.masked}>{text}</Text> : <Markdown>{text}</Markdown>}
    </div>
  );
}

/**
 * A case in the chat's message layout: the question and its labelled
 * reference answer first, earlier turns expanding above them; tool calls,
 * the counter-example, checks, the note and tags apart.
 */
export function CaseView({ data }: { data: CaseFieldsFragment }) {
  const [showHistory, setShowHistory] = useState(false);
  const masked = data.masked;
  const turns = data.history.length;
  const hasReference = data.referenceAnswer != null && data.referenceAnswer !== '';
  const hasCounter = data.counterExample != null && data.counterExample !== '';
  return (
    <Stack gap="lg">
      {data.anonymisedAt && (
        <Alert color="orange" variant="light" icon={<IconEraser size={18} aria-hidden />} title="Anonymised after erasure">
          The person who asked this question was erased, so its question, earlier turns, answers and note were replaced in every version that holds it. Its
          checks, expected tool calls and tags are kept. Eval runs leave it out until you rewrite its question or remove it.
        </Alert>
      )}
      {masked && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} title="Its text is hidden from you">
          This case was copied from a conversation. Reading its text needs permission to read runs, or access to the conversation it came from, so you see
          a placeholder instead. Its tags, checks and settings are shown, and evals still use the full text.
        </Alert>
      )}
      <div className={classes.thread}>
        {turns > 0 && (
          <Button
            variant="subtle"
            size="xs"
            color="gray"
            w="fit-content"
            leftSection={showHistory ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
            onClick={() => setShowHistory((value) => !value)}
            aria-expanded={showHistory}
          >
            {showHistory ? 'Hide' : 'Show'} {countOf(turns, 'earlier turn', 'earlier turns')}
          </Button>
        )}
        {showHistory &&
          data.history.map((turn, index) =>
            turn.role === 'assistant' ? (
              <AgentBubble key={index} text={turn.content} label={`Turn ${index + 1}: agent`} masked={masked} />
            ) : (
              <UserBubble key={index} text={turn.content} label={`Turn ${index + 1}: user`} masked={masked} />
            ),
          )}
        <UserBubble text={data.input} label="Question" masked={masked} />
        <SimpleGrid type="container" cols={{ base: 1, '820px': hasReference && hasCounter ? 2 : 1 }} spacing="sm">
          {hasReference && (
            <AgentBubble
              text={data.referenceAnswer ?? ''}
              label="Reference answer"
              tone="reference"
              masked={masked}
              badge={data.referenceVerified ? <Badge size="xs" color="teal">Verified</Badge> : undefined}
            />
          )}
          {hasCounter && <AgentBubble text={data.counterExample ?? ''} label="Counter-example: known to be wrong" tone="counterExample" masked={masked} />}
        </SimpleGrid>
        {!hasReference && !hasCounter && (
          <Text size="sm" c="dimmed">
            No reference answer or counter-example: the case is graded on its tool calls and checks.
          </Text>
        )}
      </div>
      {data.expectedToolCalls.length > 0 && (
        <Section title="Expected tool calls">
          <ExpectedToolCalls calls={data.expectedToolCalls} orderMode={data.orderMode} masked={masked} />
        </Section>
      )}
      {data.checks.length > 0 && (
        <Section title="Checks">
          <List size="sm" spacing={4}>
            {data.checks.map((check, index) => (
              <List.Item key={index}>{describeCheck(checkJsonFromApi(check))}</List.Item>
            ))}
          </List>
        </Section>
      )}
      <CaseFacts data={data} />
    </Stack>
  );
}
