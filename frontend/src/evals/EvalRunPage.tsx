import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconChecklist } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { agentsAtVersions } from '../agents/versionLabel';
import { asSentence, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { formatExact, formatWhen } from '../common/time';
import type { DatasetHeaderFieldsFragment, EvalRunQuery as EvalRunResult } from '../gql/graphql';
import { IdsForCommands } from '../ids/IdsForCommands';
import { reviewSearch } from '../review/reviewParams';
import { passRateChart, trendRuns } from './chartData';
import { PassRateChart } from './charts/PassRateChart';
import { ClientWorkPanel } from './ClientWorkPanel';
import { EvalCaseTable } from './EvalCaseTable';
import { EvalComparisonView } from './EvalComparisonView';
import { EvalProgressBar, EvalStatusBadge } from './EvalProgressBar';
import { EvalSummaryView } from './EvalSummaryView';
import { CancelEvalRunMutation, EvalRunQuery } from './operations';
import { formatUsd, isOver } from './progress';
import { EvalRunSummaryQuery, EvalTrendQuery } from './resultsOperations';
import { ReviewCandidates } from './ReviewCandidates';
import { RunVersionLabels } from './RunVersionLabels';
import { useLiveProgress } from './useLiveProgress';
import { countOf } from '../common/count';

type Run = EvalRunResult['evalRun'];
type Part = 'summary' | 'cases' | 'comparison' | 'review';
const PARTS: readonly Part[] = ['summary', 'cases', 'comparison', 'review'];

function BackLink({ onBack }: { onBack: () => void }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onBack}>
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        All test runs
      </Group>
    </Anchor>
  );
}

/** What the run was asked to do: version, agents at their versions, repetitions, cases, budget; who started it and when. */
function RunFacts({ run }: { run: Run }) {
  const cases = `${countOf(run.cases, 'case', 'cases')}${run.tags && run.tags.length > 0 ? ` tagged ${run.tags.join(', ')}` : ''}`;
  const leftOut = run.anonymisedLeftOut > 0 ? ` (${run.anonymisedLeftOut} anonymised after erasure left out)` : '';
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {agentsAtVersions(run.agents)} · {cases}
        {leftOut} · {countOf(run.repetitions, 'repetition', 'repetitions')} · {run.concurrency} in flight
        {run.budgetUsd !== null && run.budgetUsd !== undefined ? ` · budget ${formatUsd(run.budgetUsd)}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        Started <span title={formatExact(run.createdAt)}>{formatWhen(run.createdAt)}</span>
        {run.startedBy ? ` by ${run.startedBy}` : ''}
        {run.finishedAt ? `, ended ${formatWhen(run.finishedAt)}` : ''}
        {run.baseline ? ` · compared with the run of version ${run.baseline.datasetVersion}, ${formatWhen(run.baseline.createdAt)}` : ''}
        {run.dataset.latestVersion > run.datasetVersion ? ` · the dataset is at version ${run.dataset.latestVersion} now` : ''}
      </Text>
      <IdsForCommands
        what="Eval run"
        id={run.id}
        command={{
          datasetId: run.dataset.id,
          // One agent: the command reruns it; several are compared by repeating --agent, so the page names none.
          agentId: run.agents.length === 1 ? (run.agents[0]?.agent?.id ?? null) : null,
          localAgent: run.agents.some((agent) => agent.kind === 'LOCAL'),
          baselineRunId: run.id,
        }}
      />
    </Stack>
  );
}

const SUMMARY_REREAD_MS = 5_000;

/** The run's summary, read again every few seconds while it runs and once when it ends, with the pass rate of the dataset's runs over versions. */
function SummaryPart({ runId, datasetId, over }: { runId: string; datasetId: string; over: boolean }) {
  const [{ data, error }, reread] = useQuery({ query: EvalRunSummaryQuery, variables: { id: runId }, requestPolicy: 'cache-and-network' });
  const [startedOver] = useState(over);
  const [{ data: trend }, rereadRuns] = useQuery({ query: EvalTrendQuery, variables: { datasetId, first: 20 }, requestPolicy: 'cache-and-network' });
  useEffect(() => {
    if (over) {
      // The run just ended: its summary and its point on the chart are final now.
      if (!startedOver) {
        reread({ requestPolicy: 'network-only' });
        rereadRuns({ requestPolicy: 'network-only' });
      }
      return;
    }
    const timer = window.setInterval(() => reread({ requestPolicy: 'network-only' }), SUMMARY_REREAD_MS);
    return () => window.clearInterval(timer);
  }, [over, startedOver, reread, rereadRuns]);
  const problem = problemFrom(error);
  return (
    <Stack gap="md">
      {problem && <ProblemAlert problem={problem} title="The summary could not be read" />}
      {data ? (
        <EvalSummaryView summary={data.evalRun.summary} />
      ) : (
        !problem && (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading the summary" />
          </Center>
        )
      )}
      {trend && <PassRateChart chart={passRateChart(trendRuns(trend.evalTrend))} currentRunId={runId} />}
    </Stack>
  );
}

function RunView({ run, dataset, onBack, refetch }: { run: Run; dataset: DatasetHeaderFieldsFragment; onBack: () => void; refetch: () => void }) {
  const progress = useLiveProgress(run.id, run.progress, refetch);
  // A link may open a part other than the summary (the dashboard's opens the comparison).
  const opened = (useLocation().state as { evalRunPart?: unknown } | null)?.evalRunPart;
  const [part, setPart] = useState<Part>(PARTS.includes(opened as Part) ? (opened as Part) : 'summary');
  const [{ fetching: cancelling }, cancel] = useMutation(CancelEvalRunMutation);
  const over = isOver(progress.status);
  // By the ID the results name each agent by, so a deleted agent's answers can still be picked.
  const agents = run.agents.map((agent) => ({ id: agent.agentId, name: agent.agentName }));
  const onCancel = async () => {
    const result = await cancel({ id: run.id }, { additionalTypenames: ['EvalRun'] });
    const problem = problemFrom(result.error);
    if (problem) notifications.show({ color: 'red', title: 'The run was not cancelled', message: problem.message });
  };

  return (
    <RunVersionLabels agents={run.agents}>
      <Stack gap="md">
        <BackLink onBack={onBack} />
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start">
              <Group gap="sm">
                <Title order={2} size="h4">
                  Eval run over version {run.datasetVersion}
                </Title>
                <EvalStatusBadge status={progress.status} reason={progress.statusReason} />
              </Group>
              {progress.status === 'FINISHED' && (
                <Button component={Link} to={reviewSearch({ evalRun: run.id })} variant="light" leftSection={<IconChecklist size={16} aria-hidden />}>
                  Review results
                </Button>
              )}
            </Group>
            <RunFacts run={run} />
            {progress.statusReason && (progress.status === 'FAILED' || progress.status === 'CANCELLED') && (
              <Alert color={progress.status === 'FAILED' ? 'red' : 'orange'} variant="light">
                {asSentence(progress.statusReason)}
              </Alert>
            )}
            <EvalProgressBar progress={progress} onCancel={dataset.viewerCan.run ? () => void onCancel() : undefined} cancelling={cancelling} />
            <ClientWorkPanel runId={run.id} initial={run.clientWork} status={progress.status} />
          </Stack>
        </Paper>
        <Tabs value={part} onChange={(value) => value && setPart(value as Part)} keepMounted={false}>
          <Tabs.List aria-label="Eval run">
            <Tabs.Tab value="summary">Summary</Tabs.Tab>
            <Tabs.Tab value="cases">Cases</Tabs.Tab>
            <Tabs.Tab value="comparison">Comparison</Tabs.Tab>
            <Tabs.Tab value="review">To review</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="summary" pt="md">
            <SummaryPart runId={run.id} datasetId={dataset.id} over={over} />
          </Tabs.Panel>
          <Tabs.Panel value="cases" pt="md">
            <EvalCaseTable
              runId={run.id}
              agents={agents}
              hasBaseline={run.baseline !== null && run.baseline !== undefined}
              datasetId={dataset.id}
              latestVersion={dataset.latestVersion}
              canSend={dataset.viewerCan.edit}
              readsRuns={dataset.viewerCan.readRuns}
            />
          </Tabs.Panel>
          <Tabs.Panel value="comparison" pt="md">
            <EvalComparisonView runId={run.id} datasetId={dataset.id} baselineId={run.baseline?.id ?? null} runVersion={run.datasetVersion} latestVersion={dataset.latestVersion} />
          </Tabs.Panel>
          <Tabs.Panel value="review" pt="md">
            <ReviewCandidates runId={run.id} over={over} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </RunVersionLabels>
  );
}

/** An eval run's page in Results: what it ran and how far it is, live, with Cancel while it runs. */
export function EvalRunPage({ runId, dataset, onBack }: { runId: string; dataset: DatasetHeaderFieldsFragment; onBack: () => void }) {
  const [{ data, error }, refetch] = useQuery({ query: EvalRunQuery, variables: { id: runId }, requestPolicy: 'cache-and-network' });
  const problem = problemFrom(error);
  if (data?.evalRun) return <RunView key={data.evalRun.id} run={data.evalRun} dataset={dataset} onBack={onBack} refetch={() => refetch({ requestPolicy: 'network-only' })} />;
  if (problem) {
    return (
      <Stack gap="md">
        <BackLink onBack={onBack} />
        <ProblemAlert problem={problem.code === 'NOT_FOUND' ? { ...problem, title: 'Eval run not found', message: 'No eval run you can open lives here.' } : problem} />
      </Stack>
    );
  }
  return (
    <Center py="xl">
      <Loader size="sm" aria-label="Loading the eval run" />
    </Center>
  );
}
