import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import type { CaseDraftQuery } from '../gql/graphql';
import { Markdown } from '../markdown/Markdown';
import classes from '../thread/Thread.module.css';
import type { KeepAs } from './twoWrites';

type Draft = NonNullable<CaseDraftQuery['run']['caseDraft']>;

/** The case as it will be added: the earlier turns (With the conversation), the question, the answer as kept, the expected calls and the note. */
export function CasePreview({ draft, keepAs, withHistory }: { draft: Draft; keepAs: KeepAs; withHistory: boolean }) {
  const reference = keepAs === 'REFERENCE';
  const calls = reference ? draft.expectedToolCalls : [];
  return (
    <Stack gap="xs" component="section" aria-label="The case to add">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.4}>
        The case to add
      </Text>
      <div className={classes.thread}>
        {withHistory &&
          draft.history.map((turn, index) =>
            turn.role === 'user' ? (
              <div key={index} className={`${classes.bubble} ${classes.user}`} role="group" aria-label="Earlier question">
                {turn.content}
              </div>
            ) : (
              <div key={index} className={`${classes.bubble} ${classes.agent}`} role="group" aria-label="Earlier answer">
                <Markdown>{turn.content}</Markdown>
              </div>
            ),
          )}
        <div className={`${classes.bubble} ${classes.user}`} role="group" aria-label="Input">
          {draft.question}
        </div>
        {draft.answer.trim() !== '' ? (
          <div className={`${classes.bubble} ${classes.agent} ${reference ? classes.reference : classes.counterExample}`} role="group" aria-label={reference ? 'Reference answer' : 'Counter-example'}>
            <Text size="xs" fw={700} c={reference ? 'teal.9' : 'red.9'} tt="uppercase" lts={0.4} mb={6}>
              {reference ? 'Reference answer' : 'Counter-example: the agent should not say this'}
            </Text>
            <Markdown>{draft.answer}</Markdown>
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            The reply has no text{reference ? ': the case keeps its expected tool calls alone.' : '.'}
          </Text>
        )}
      </div>
      {reference && (
        <Group gap={6} aria-label="Expected tool calls" role="group">
          <IconTool size={14} aria-hidden />
          <Text size="sm" fw={600}>
            Expected tool calls:
          </Text>
          {calls.length > 0 ? (
            calls.map((call, index) => <Code key={`${call}-${index}`}>{call}</Code>)
          ) : (
            <Text size="sm" c="dimmed">
              none (only successful calls to tools that change something are kept).
            </Text>
          )}
        </Group>
      )}
      {draft.note && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Badge size="sm" variant="light" color="gray">
            Note
          </Badge>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {draft.note}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
