import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { ScoreOutcome, ScoreRunMutation, ScorerStatus } from '../gql/graphql';

type ScoreShown = ScoreRunMutation['scoreRun']['score'];

const OUTCOME: Record<ScoreOutcome, { label: string; color: string }> = {
  PASS: { label: 'Passed', color: 'teal' },
  FAIL: { label: 'Failed', color: 'red' },
  NOT_GRADED: { label: 'Not graded', color: 'gray' },
};

const STATUS: Record<ScorerStatus, { label: string; color: string }> = {
  PASS: { label: 'Pass', color: 'teal' },
  FAIL: { label: 'Fail', color: 'red' },
  ERROR: { label: 'No verdict', color: 'gray' },
};

const SCORER_NAMES: Record<string, string> = {
  checks: 'Checks',
  tool_calls: 'Expected tool calls',
  judge: 'Judge',
  reference: 'Reference answer',
  structured: 'JSON answer',
};

/** The score a run got against a case: the outcome, then each scorer's verdict and reason. */
export function ScoreResult({ score }: { score: ScoreShown }) {
  const outcome = OUTCOME[score.outcome];
  return (
    <Stack gap="sm" component="section" aria-label="Score">
      <Group gap="sm">
        <Text fw={600}>Score</Text>
        <Badge color={outcome.color} variant="light" size="lg">
          {outcome.label}
        </Badge>
      </Group>
      {score.outcomeReason && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {score.outcomeReason}
        </Text>
      )}
      {score.results.length > 0 && (
        <Table withTableBorder fz="sm" aria-label="Scorers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Scorer</Table.Th>
              <Table.Th w={120}>Verdict</Table.Th>
              <Table.Th>Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {score.results.map((result) => (
              <Table.Tr key={result.scorer}>
                <Table.Td>
                  {SCORER_NAMES[result.scorer] ?? result.scorer}
                  {result.mustPass && (
                    <Text size="xs" c="dimmed">
                      Must pass
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={STATUS[result.status].color} style={{ overflow: 'visible' }} miw="fit-content">
                    {result.skipped ? 'Skipped' : STATUS[result.status].label}
                  </Badge>
                  {result.score != null && (
                    <Text size="xs" c="dimmed">
                      {Math.round(result.score * 100)}%
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{result.reason ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
