import { Alert, Badge, Button, Center, Drawer, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { agentsAtVersions, type LabelledVersion } from '../agents/versionLabel';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { VersionDiffDialog } from '../datasets/VersionDiffDialog';
import { formatWhen } from '../common/time';
import type { EvalCaseResultFieldsFragment } from '../gql/graphql';
import { Markdown } from '../markdown/Markdown';
import { OutcomeBadge } from './AnswerCard';
import { comparisonView, type FlipRow, formatDelta } from './comparison';
import { FlipBadge, questionOf } from './EvalCaseTable';
import { EvalRunsQuery } from './operations';
import { EvalComparisonQuery } from './resultsOperations';
import { runChoiceLabel } from './runChoice';
import { RunDiffView } from './RunDiffView';
import { RunVersionLabels } from './RunVersionLabels';
import { useAnswerInRun } from './useAnswerInRun';

type Row = FlipRow<EvalCaseResultFieldsFragment>;

const NO_AGENTS: readonly LabelledVersion[] = [];

function short(text: string, length = 110): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** The flipped case's answer before (in the run compared with) beside the answer now. */
function FlipDrawer({ row, baselineRunId, onClose }: { row: Row | null; baselineRunId: string | null; onClose: () => void }) {
  const before = useAnswerInRun(row ? baselineRunId : null, row?.result.case.id ?? '', row?.result.agentId ?? '');
  return (
    <Drawer opened={row !== null} onClose={onClose} position="right" size="100%" title="Before and now, side by side">
      {row && (
        <Stack gap="md">
          <Group gap="xs">
            <FlipBadge flip={row.kind} confirmed={row.result.confirmed} />
            <Text size="sm">{row.result.agentName}</Text>
          </Group>
          <Stack gap={4}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              Question
            </Text>
            {row.result.case.masked ? <Text c="dimmed">{questionOf(row.result)}</Text> : <Markdown>{row.result.case.input}</Markdown>}
          </Stack>
          {before.kind === 'loading' ? (
            <Center>
              <Loader size="sm" aria-label="Loading the answer before" />
            </Center>
          ) : before.kind === 'failed' && before.problem ? (
            <ProblemAlert problem={before.problem} title="The answer before could not be read" />
          ) : (
            <RunDiffView before={before.kind === 'found' ? before.score : null} now={row.result.medianScore ?? null} />
          )}
        </Stack>
      )}
    </Drawer>
  );
}

/**
 * This run against its baseline or another earlier run of the dataset: the
 * pass rate before and after, regressions (highlighted, confirmed first) and
 * improvements, and each flipped case's answers side by side. Runs over
 * different versions compare only the cases both hold, and say so.
 */
export function EvalComparisonView({ runId, datasetId, baselineId, runVersion, latestVersion }: { runId: string; datasetId: string; baselineId: string | null; runVersion: number; latestVersion: number }) {
  const [withRun, setWithRun] = useState<string | null>(null);
  const [versions, setVersions] = useState<{ from: number; to: number } | null>(null);
  const [open, setOpen] = useState<Row | null>(null);
  const [{ data: runs }] = useQuery({ query: EvalRunsQuery, variables: { datasetId, first: 50, after: null } });
  const [{ data, error, fetching }] = useQuery({ query: EvalComparisonQuery, variables: { id: runId, with: withRun }, requestPolicy: 'cache-and-network' });
  const comparison = data?.evalRun.comparison ?? null;
  const problem = problemFrom(error);
  const choices = (runs?.evalRuns.edges ?? [])
    .map((edge) => edge.node)
    .filter((run) => run.id !== runId)
    .map((run) => ({
      value: run.id,
      label: `${run.id === baselineId ? 'Baseline: ' : ''}${runChoiceLabel(run)}`,
    }));
  const view = comparison ? comparisonView(comparison) : null;

  return (
    <Stack gap="md">
      <Select
        label="Compare with"
        placeholder={baselineId ? 'The baseline chosen at the start' : 'Choose another run of this dataset'}
        data={choices}
        value={withRun}
        onChange={setWithRun}
        clearable
        maw={560}
      />
      {problem ? (
        <ProblemAlert problem={problem} title="The comparison could not be read" />
      ) : !data && fetching ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading the comparison" />
        </Center>
      ) : !comparison || !view ? (
        <Text size="sm" c="dimmed">
          This run had no baseline: choose any other run of the dataset to compare with.
        </Text>
      ) : (
        <>
          {view.versionNote && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="The questions differ">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{view.versionNote}</Text>
                <Button size="compact-sm" variant="light" color="yellow" onClick={() => setVersions({ from: comparison.baseline.datasetVersion, to: runVersion })}>
                  See what changed
                </Button>
              </Stack>
            </Alert>
          )}
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Title order={3} size="h5" data-testid="comparison-headline">
                  {view.headline}
                </Title>
                <Text size="sm" c="dimmed">
                  Against the run of version {comparison.baseline.datasetVersion}, {formatWhen(comparison.baseline.createdAt)}: {agentsAtVersions(comparison.baseline.agents)}
                </Text>
              </Stack>
              <Group gap="xs" data-testid="comparison-pass-rate">
                <Text size="lg">{view.before}</Text>
                <IconArrowRight size={16} aria-label="then" />
                <Text size="lg" fw={700}>
                  {view.after}
                </Text>
                <Badge color={view.direction === 'worse' ? 'red' : view.direction === 'better' ? 'teal' : 'gray'} variant="light">
                  {formatDelta(view.deltaPoints)}
                </Badge>
              </Group>
            </Group>
          </Paper>
          {view.rows.length > 0 && (
            <Paper withBorder radius="md" p="xs">
              <Table highlightOnHover verticalSpacing="xs" aria-label="Flipped cases" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Flip</Table.Th>
                    <Table.Th>Question</Table.Th>
                    <Table.Th>Agent</Table.Th>
                    <Table.Th>Before</Table.Th>
                    <Table.Th>Now</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {view.rows.map((row) => (
                    <Table.Tr
                      key={row.key}
                      bg={row.kind === 'REGRESSION' ? 'var(--mantine-color-red-light)' : undefined}
                      style={{ cursor: 'pointer' }}
                      onClick={() => setOpen(row)}
                      data-testid={row.kind === 'REGRESSION' ? 'regression-row' : 'improvement-row'}
                    >
                      <Table.Td>
                        <FlipBadge flip={row.kind} confirmed={row.result.confirmed} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" component="button" type="button" bd={0} bg="transparent" p={0} ta="left" style={{ cursor: 'pointer' }} onClick={() => setOpen(row)}>
                          {short(questionOf(row.result))}
                        </Text>
                      </Table.Td>
                      <Table.Td>{row.result.agentName}</Table.Td>
                      <Table.Td>
                        <OutcomeBadge outcome={row.before} />
                      </Table.Td>
                      <Table.Td>
                        <OutcomeBadge outcome={row.after} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )}
        </>
      )}
      <VersionDiffDialog datasetId={datasetId} latestVersion={latestVersion} initial={versions} onClose={() => setVersions(null)} />
      <RunVersionLabels agents={comparison?.baseline.agents ?? NO_AGENTS}>
        <FlipDrawer row={open} baselineRunId={comparison?.baseline.id ?? null} onClose={() => setOpen(null)} />
      </RunVersionLabels>
    </Stack>
  );
}
