import { Alert, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import type { EvalRunSummaryQuery } from '../gql/graphql';
import { formatMs, formatRateCount, formatUsd } from './progress';
import { RunAgentVersion } from './RunVersionLabels';
import { type AgentColumn, pivotByAgent, type PivotRow, scorerLabel, type Tally, tallyWords } from './summaryTables';

type Summary = EvalRunSummaryQuery['evalRun']['summary'];

function RateCell({ tally }: { tally: Tally | null }) {
  if (!tally) return <Table.Td c="dimmed">–</Table.Td>;
  return (
    <Table.Td>
      <Tooltip label={tallyWords(tally)}>
        <Text span size="sm" c={typeof tally.passRate === 'number' && tally.passRate < 0.5 ? 'red.8' : undefined}>
          {formatRateCount(tally)}
        </Text>
      </Tooltip>
    </Table.Td>
  );
}

function PivotTable<T extends Tally>({ title, nameHeader, rows, columns, label = (name) => name }: { title: string; nameHeader: string; rows: PivotRow<T>[]; columns: readonly AgentColumn[]; label?: (name: string) => string }) {
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table aria-label={title} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{nameHeader}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.agentId}>{column.agentName}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.name}>
                <Table.Td>{label(row.name)}</Table.Td>
                {row.cells.map((cell, index) => (
                  <RateCell key={columns[index]?.agentId ?? index} tally={cell} />
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** "2 (1 overruling the scorers)", "–" when no person decided any. */
export function decidedWords(tally: { decided: number; overruled: number }): string {
  if (tally.decided === 0) return '–';
  return tally.overruled > 0 ? `${tally.decided} (${tally.overruled} overruling the scorers)` : String(tally.decided);
}

/** "2 results decided since the run ended", null when none was (or the run goes on). */
export function sinceEndWords(count: number | null | undefined): string | null {
  if (!count) return null;
  return `${count} ${count === 1 ? 'result' : 'results'} decided since the run ended`;
}

/** What changed by decision since the run ended, beside the run's own record of its end. */
function SinceEnd({ summary }: { summary: Summary }) {
  const words = sinceEndWords(summary.decidedSinceEnd);
  if (!words) return null;
  const atEnd = summary.atEnd?.agents ?? [];
  return (
    <Alert color="blue" variant="light" icon={<IconUserCheck size={18} aria-hidden />} title={words} data-testid="decided-since-end">
      The numbers below count the decisions people made in review. When the run ended it stood at{' '}
      {atEnd.map((agent, index) => (
        <span key={agent.agentId}>
          {index > 0 ? ', ' : ''}
          {agent.agentName} {formatRateCount(agent)}
        </span>
      ))}
      .
    </Alert>
  );
}

/** The run in numbers: per agent side by side, then per scorer and per tag, weakest first. A result a person decided counts as the decision. */
export function EvalSummaryView({ summary }: { summary: Summary }) {
  const columns = summary.agents.map((agent) => ({ agentId: agent.agentId, agentName: agent.agentName }));
  const hasQuality = summary.agents.some((agent) => typeof agent.qualityMean === 'number');
  return (
    <Stack gap="md">
      <SinceEnd summary={summary} />
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb="xs">
          Per agent
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Per agent" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Agent</Table.Th>
                <Table.Th>Pass rate</Table.Th>
                <Table.Th>Passed</Table.Th>
                <Table.Th>Failed</Table.Th>
                <Table.Th>Not graded</Table.Th>
                <Table.Th>Decided by a person</Table.Th>
                <Table.Th>Cost</Table.Th>
                <Table.Th>Latency p50</Table.Th>
                <Table.Th>Latency p95</Table.Th>
                {hasQuality && <Table.Th>Quality (mean, lowest–highest)</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.agents.map((agent) => (
                <Table.Tr key={agent.agentId} data-testid="summary-agent-row">
                  <Table.Td>
                    {agent.agentName} <RunAgentVersion agentName={agent.agentName} version={agent.agentVersion} />
                  </Table.Td>
                  <Table.Td fw={600}>{formatRateCount(agent)}</Table.Td>
                  <Table.Td>{agent.passed}</Table.Td>
                  <Table.Td>{agent.failed}</Table.Td>
                  <Table.Td>{agent.notGraded}</Table.Td>
                  <Table.Td data-testid="summary-decided">{decidedWords(agent)}</Table.Td>
                  <Table.Td>{formatUsd(agent.costUsd)}</Table.Td>
                  <Table.Td>{formatMs(agent.latencyP50Ms)}</Table.Td>
                  <Table.Td>{formatMs(agent.latencyP95Ms)}</Table.Td>
                  {hasQuality && (
                    <Table.Td>
                      {typeof agent.qualityMean === 'number'
                        ? `${agent.qualityMean.toFixed(2)} (${agent.qualityMin?.toFixed(2) ?? '–'}–${agent.qualityMax?.toFixed(2) ?? '–'})`
                        : '–'}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <PivotTable title="Per scorer" nameHeader="Scorer" rows={pivotByAgent(summary.scorers, (row) => row.scorer, columns)} columns={columns} label={scorerLabel} />
        <PivotTable title="Per tag" nameHeader="Tag" rows={pivotByAgent(summary.tags, (row) => row.tag, columns)} columns={columns} />
      </SimpleGrid>
    </Stack>
  );
}
