import { Badge, Center, Drawer, Group, Loader, Paper, Select, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import type { EvalCaseResultFieldsFragment, ScoreOutcome } from '../gql/graphql';
import { Markdown } from '../markdown/Markdown';
import { AnswerCard, OutcomeBadge } from './AnswerCard';
import { qualitySpread } from './chartData';
import { QualitySpreadChart } from './charts/QualitySpreadChart';
import { EvalRunResultsQuery, EvalRunSummaryQuery } from './resultsOperations';

const PAGE_SIZE = 50;

export function questionOf(result: { case: { input: string; masked: boolean } }): string {
  return result.case.masked ? 'The question is hidden from you.' : result.case.input;
}

function short(text: string, length = 120): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

export function FlipBadge({ flip, confirmed }: { flip: EvalCaseResultFieldsFragment['flip']; confirmed: boolean | null | undefined }) {
  if (!flip) return null;
  const regression = flip === 'REGRESSION';
  const confirmation = confirmed === true ? ', confirmed' : confirmed === false ? ', not confirmed by the rerun' : '';
  return (
    // A confirmed regression stands out filled, in a red dark enough for white text.
    <Badge size="sm" variant={regression && confirmed ? 'filled' : 'light'} color={regression ? (confirmed ? 'red.9' : 'red') : 'teal'}>
      {regression ? 'Regression' : 'Improvement'}
      {confirmation}
    </Badge>
  );
}

function repetitionWords(result: EvalCaseResultFieldsFragment): string {
  const passed = result.scores.filter((score) => score.outcome === 'PASS').length;
  return result.scores.length <= 1 ? '' : `${passed} of ${result.scores.length} passed`;
}

/** A case of the run with each agent's answer side by side (the agents on this page who answered it). */
export function CaseAnswersDrawer({ results, onClose }: { results: readonly EvalCaseResultFieldsFragment[]; onClose: () => void }) {
  const first = results[0];
  return (
    <Drawer opened={first !== undefined} onClose={onClose} position="right" size="xl" title="Answers side by side">
      {first && (
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              Question
            </Text>
            {first.case.masked ? <Text c="dimmed">{questionOf(first)}</Text> : <Markdown>{first.case.input}</Markdown>}
          </Stack>
          {first.case.referenceAnswer && (
            <Stack gap={4}>
              <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                Reference answer
              </Text>
              <Markdown>{first.case.referenceAnswer}</Markdown>
            </Stack>
          )}
          <SimpleGrid cols={{ base: 1, md: Math.min(results.length, 3) }} spacing="md">
            {results.map((result) => (
              <AnswerCard key={result.agentId} title={result.agentName} score={result.medianScore} highlight={result.flip === 'REGRESSION' ? 'regression' : result.flip === 'IMPROVEMENT' ? 'improvement' : undefined} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Drawer>
  );
}

/**
 * Every case and agent of the run, its repetitions folded: filter by outcome,
 * tag and agent, or flipped only when there is a baseline; a row opens the
 * agents' answers side by side. Above it, the quality spread of the page.
 */
export function EvalCaseTable({
  runId,
  agents,
  hasBaseline,
}: {
  runId: string;
  agents: readonly { id: string; name: string }[];
  hasBaseline: boolean;
}) {
  // The tags the run's cases carry, from its summary (read by the Summary tab too).
  const [{ data: summary }] = useQuery({ query: EvalRunSummaryQuery, variables: { id: runId } });
  const tags = [...new Set(summary?.evalRun.summary.tags.map((row) => row.tag) ?? [])].sort();
  const [outcome, setOutcome] = useState<ScoreOutcome | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [agentId, setAgentId] = useState<string | null>(null);
  const [flipped, setFlipped] = useState(false);
  const [openCase, setOpenCase] = useState<string | null>(null);
  const pages = useKeysetPages(`${runId}:${outcome}:${tag}:${agentId}:${flipped}`);
  const [{ data, error, fetching }] = useQuery({
    query: EvalRunResultsQuery,
    variables: { id: runId, agentId, outcome, tag, flipped: flipped ? true : null, first: PAGE_SIZE, after: pages.after },
    // A run answers on: what was read a moment ago may have changed.
    requestPolicy: 'cache-and-network',
  });
  const connection = data?.evalRun.results;
  const rows = connection?.edges.map((edge) => edge.node) ?? [];
  const problem = problemFrom(error);
  const spread = qualitySpread(rows.map((row) => ({ caseId: row.case.id, label: short(questionOf(row), 60), agentName: row.agentName, qualityMean: row.qualityMean, qualityMin: row.qualityMin, qualityMax: row.qualityMax })));

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <Select
          label="Outcome"
          placeholder="Any outcome"
          data={[
            { value: 'PASS', label: 'Passed' },
            { value: 'FAIL', label: 'Failed' },
            { value: 'NOT_GRADED', label: 'Not graded' },
          ]}
          value={outcome}
          onChange={(value) => setOutcome(value as ScoreOutcome | null)}
          clearable
          w={160}
        />
        <Select label="Tag" placeholder="Any tag" data={tags} value={tag} onChange={setTag} clearable searchable w={180} />
        {agents.length > 1 && <Select label="Agent" placeholder="Every agent" data={agents.map((agent) => ({ value: agent.id, label: agent.name }))} value={agentId} onChange={setAgentId} clearable w={200} />}
        {hasBaseline && <Switch label="Flipped only" checked={flipped} onChange={(event) => setFlipped(event.currentTarget.checked)} mb={8} />}
      </Group>
      {spread.length > 0 && <QualitySpreadChart rows={spread} showAgent={agents.length > 1} />}
      {problem ? (
        <ProblemAlert problem={problem} title="The answers could not be read" />
      ) : !data && fetching ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading the answers" />
        </Center>
      ) : (
        <Paper withBorder radius="md" p="xs">
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="xs" aria-label="Cases of the run" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Question</Table.Th>
                  <Table.Th>Tags</Table.Th>
                  <Table.Th>Agent</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                  <Table.Th>Quality</Table.Th>
                  {hasBaseline && <Table.Th>Against the baseline</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={hasBaseline ? 6 : 5}>
                      <Text size="sm" c="dimmed" ta="center" py="md">
                        No case and agent of this run matches these filters.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows.map((row) => (
                  <Table.Tr
                    key={`${row.case.id}:${row.agentId}`}
                    onClick={() => setOpenCase(row.case.id)}
                    style={{ cursor: 'pointer' }}
                    bg={row.flip === 'REGRESSION' ? 'var(--mantine-color-red-light)' : undefined}
                    data-flip={row.flip ?? undefined}
                    data-testid="eval-case-row"
                  >
                    <Table.Td>
                      <Text size="sm" component="button" type="button" bd={0} bg="transparent" p={0} ta="left" style={{ cursor: 'pointer' }} onClick={() => setOpenCase(row.case.id)}>
                        {short(questionOf(row))}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {row.case.tags.map((name) => (
                          <Badge key={name} size="xs" variant="outline" color="gray">
                            {name}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{row.agentName}</Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <OutcomeBadge outcome={row.outcome} />
                        <Text size="xs" c="dimmed">
                          {repetitionWords(row)}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>{typeof row.qualityMean === 'number' ? row.qualityMean.toFixed(2) : '–'}</Table.Td>
                    {hasBaseline && (
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          {row.baselineOutcome && (
                            <Text size="xs" c="dimmed">
                              was <OutcomeBadge outcome={row.baselineOutcome} size="xs" />
                            </Text>
                          )}
                          <FlipBadge flip={row.flip} confirmed={row.confirmed} />
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <KeysetPager
            pageIndex={pages.pageIndex}
            pageSize={PAGE_SIZE}
            shown={rows.length}
            total={connection?.totalCount}
            hasNextPage={connection?.pageInfo.hasNextPage ?? false}
            onPrevious={pages.previous}
            onNext={() => connection?.pageInfo.endCursor && pages.next(connection.pageInfo.endCursor)}
            what="answers"
          />
        </Paper>
      )}
      <CaseAnswersDrawer results={rows.filter((row) => row.case.id === openCase)} onClose={() => setOpenCase(null)} />
    </Stack>
  );
}
