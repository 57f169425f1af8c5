import { Badge, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DiffText } from '../common/DiffText';
import { diffWords, sideOf } from '../common/textDiff';
import type { EvalAnswerFieldsFragment } from '../gql/graphql';
import { DecidedOutcome } from './AnswerCard';
import { argsText, compareAnswers, compareToolCalls, compareVerdicts, type VerdictWord } from './runDiff';
import { scorerLabel } from './summaryTables';

type Answer = EvalAnswerFieldsFragment;

const VERDICT: Record<VerdictWord, { label: string; color: string }> = {
  PASS: { label: 'Pass', color: 'teal' },
  FAIL: { label: 'Fail', color: 'red' },
  ERROR: { label: 'No verdict', color: 'gray' },
  SKIPPED: { label: 'Skipped', color: 'gray' },
  ABSENT: { label: 'Did not grade', color: 'gray' },
};

const CALL_CHANGE = { same: 'Same', changed: 'Other arguments', added: 'Only now', removed: 'Only before' } as const;

function Verdict({ word }: { word: VerdictWord }) {
  return (
    <Badge size="sm" variant="light" color={VERDICT[word].color}>
      {VERDICT[word].label}
    </Badge>
  );
}

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

/**
 * One case answered in two runs: the answers with their differences marked
 * word by word, the tool calls call by call, and each scorer's verdict before
 * and now. Either side may be missing (the other run did not answer it) or
 * hidden from the reader, and says so.
 */
export function RunDiffView({ before, now }: { before: Answer | null; now: Answer | null }) {
  const answers = compareAnswers(before, now);
  const calls = compareToolCalls(before?.toolCalls ?? [], now?.toolCalls ?? []);
  const verdicts = compareVerdicts(before, now);
  const hidden = (answer: Answer | null) => (answer ? (answer.answer === null || answer.answer === undefined ? 'The answer is hidden from you.' : null) : 'No answer in this run.');
  return (
    <Stack gap="lg" data-testid="run-diff">
      <Section title={answers ? `The answers, word by word: ${diffWords(answers)}` : 'The answers'}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {(['before', 'after'] as const).map((side) => {
            const answer = side === 'before' ? before : now;
            return (
              <Paper key={side} withBorder radius="md" p="md" role="region" aria-label={side === 'before' ? 'Before' : 'Now'} data-testid={side === 'before' ? 'diff-before' : 'diff-now'}>
                <Stack gap="xs">
                  <Group justify="space-between" gap="xs">
                    <Text fw={600} size="sm">
                      {side === 'before' ? 'Before' : 'Now'}
                    </Text>
                    {answer && <DecidedOutcome score={answer} />}
                  </Group>
                  {answers ? <DiffText parts={sideOf(answers, side)} /> : <Text size="sm">{answer?.answer ?? <Text span c="dimmed">{hidden(answer)}</Text>}</Text>}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Section>
      <Section title="Tool calls, call by call">
        {calls.length === 0 ? (
          <Text size="sm" c="dimmed">
            Neither answer made a tool call.
          </Text>
        ) : (
          <Table aria-label="Tool calls before and now" fz="sm" verticalSpacing="xs" withTableBorder data-testid="tool-call-diff">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Before</Table.Th>
                <Table.Th>Now</Table.Th>
                <Table.Th>Change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {calls.map((row, index) => (
                <Table.Tr key={index} data-change={row.kind}>
                  <Table.Td>
                    {row.before ? (
                      <Stack gap={2}>
                        <Code>{row.before.name}</Code>
                        {row.args ? <DiffText parts={sideOf(row.args, 'before')} /> : <Code block>{argsText(row.before.args)}</Code>}
                      </Stack>
                    ) : (
                      <Text size="xs" c="dimmed">
                        –
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {row.after ? (
                      <Stack gap={2}>
                        <Code>{row.after.name}</Code>
                        {row.args ? <DiffText parts={sideOf(row.args, 'after')} /> : <Code block>{argsText(row.after.args)}</Code>}
                      </Stack>
                    ) : (
                      <Text size="xs" c="dimmed">
                        –
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={row.kind === 'same' ? 'gray' : row.kind === 'added' ? 'teal' : row.kind === 'removed' ? 'red' : 'yellow'}>
                      {CALL_CHANGE[row.kind]}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
      <Section title="Each scorer, before and now">
        <Table aria-label="Each scorer before and now" fz="sm" verticalSpacing="xs" withTableBorder data-testid="verdict-diff">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Scorer</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>Now</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {verdicts.map((row) => (
              <Table.Tr key={row.scorer} data-changed={row.changed || undefined}>
                <Table.Td fw={row.changed ? 600 : undefined}>{scorerLabel(row.scorer)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Verdict word={row.before} />
                    {row.beforeReason && <Text size="xs">{row.beforeReason}</Text>}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Verdict word={row.after} />
                    {row.afterReason && <Text size="xs">{row.afterReason}</Text>}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </Stack>
  );
}
