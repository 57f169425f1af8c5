import { Anchor, Badge, Button, Center, EmptyState, Group, Loader, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFlask, IconLock, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCallback, useEffect } from 'react';
import { useMutation, useQuery, useSubscription } from 'urql';
import { VersionName } from '../agents/VersionName';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import { formatExact, formatWhen } from '../common/time';
import { resultsSearch } from '../datasets/workspaceParams';
import type { DatasetHeaderFieldsFragment, EvalPassRatesQuery as PassRatesResult, EvalRunsQuery as EvalRunsResult } from '../gql/graphql';
import { passRateChart, trendRuns } from './chartData';
import { PassRateChart } from './charts/PassRateChart';
import { runEvalsOffer, type RunEvalsOffer } from './evalAccess';
import { EvalProgressBar, EvalStatusBadge } from './EvalProgressBar';
import { CancelEvalRunMutation, EvalAccessQuery, EvalRunsQuery, OrganizationEvalRunsSubscription } from './operations';
import { formatRate, isOver } from './progress';
import { EvalPassRatesQuery, EvalTrendQuery } from './resultsOperations';
import { StartEvalDialog } from './StartEvalDialog';
import { useLiveProgress } from './useLiveProgress';

const PAGE_SIZE = 20;

type RunNode = EvalRunsResult['evalRuns']['edges'][number]['node'];
type RunRates = PassRatesResult['evalRuns']['edges'][number]['node']['summary']['agents'];

/** Run evals, as the reader's access allows: enabled, disabled with its reason, or not offered. */
export function RunEvalsButton({ offer, onClick }: { offer: RunEvalsOffer; onClick: () => void }) {
  if (offer.kind === 'hidden') return null;
  if (offer.kind === 'disabled') {
    const reason = offer.reason.charAt(0).toUpperCase() + offer.reason.slice(1);
    return (
      <Stack gap={4} align="flex-end" maw={320}>
        <Tooltip label={reason}>
          <Button leftSection={<IconLock size={16} aria-hidden />} data-disabled aria-disabled="true" aria-describedby="run-evals-reason" onClick={(event) => event.preventDefault()}>
            Run evals
          </Button>
        </Tooltip>
        <Text size="xs" c="dimmed" ta="right" id="run-evals-reason" data-testid="run-evals-reason">
          {reason}
        </Text>
      </Stack>
    );
  }
  return (
    <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={onClick}>
      Run evals
    </Button>
  );
}

function useCancel() {
  const [{ fetching }, cancel] = useMutation(CancelEvalRunMutation);
  const run = async (id: string) => {
    const result = await cancel({ id }, { additionalTypenames: ['EvalRun'] });
    const problem = problemFrom(result.error);
    if (problem) notifications.show({ color: 'red', title: 'The run was not cancelled', message: problem.message });
  };
  return { cancelling: fetching, cancel: run };
}

function RunRow({ run, rates, datasetId, canCancel, onOver }: { run: RunNode; rates: RunRates | undefined; datasetId: string; canCancel: boolean; onOver: () => void }) {
  const progress = useLiveProgress(run.id, run.progress, onOver);
  const { cancel, cancelling } = useCancel();
  const link = `/datasets/${encodeURIComponent(datasetId)}${resultsSearch({ run: run.id })}`;
  return (
    <Table.Tr data-testid="eval-run-row">
      <Table.Td>
        <Anchor component={Link} to={link} size="sm" fw={500}>
          <span title={formatExact(run.createdAt)}>{formatWhen(run.createdAt)}</span>
        </Anchor>
        <Text size="xs" c="dimmed">
          {run.startedBy ?? 'someone who left'}
        </Text>
      </Table.Td>
      <Table.Td>v{run.datasetVersion}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {run.agents.map((agent) => {
            const rate = rates?.find((row) => row.agentId === agent.agent?.id)?.passRate;
            return (
              <Group key={`${agent.agentName}:${agent.agentVersion}`} gap={6} wrap="nowrap">
                <Text size="sm">
                  {agent.agentName} <VersionName number={agent.agentVersion} label={agent.versionLabel} />
                </Text>
                {isOver(progress.status) && rates && (
                  <Badge size="sm" variant="light" color="gray" title="Pass rate">
                    {formatRate(rate)}
                  </Badge>
                )}
              </Group>
            );
          })}
        </Stack>
      </Table.Td>
      <Table.Td>
        <EvalStatusBadge status={progress.status} reason={progress.statusReason} />
      </Table.Td>
      <Table.Td miw={280}>
        <EvalProgressBar progress={progress} compact onCancel={canCancel ? () => void cancel(run.id) : undefined} cancelling={cancelling} />
      </Table.Td>
    </Table.Tr>
  );
}

function RunsTable({ runs, rates, datasetId, canCancel, onOver }: { runs: readonly RunNode[]; rates: ReadonlyMap<string, RunRates>; datasetId: string; canCancel: boolean; onOver: () => void }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Test runs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th>Agents</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Progress</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <RunRow key={run.id} run={run} rates={rates.get(run.id)} datasetId={datasetId} canCancel={canCancel} onOver={onOver} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Results → Test runs: Run evals (as access allows), the pass rate per run
 * over versions, and the runs newest first, each with its live progress; a
 * run started or finished elsewhere appears without a reload.
 */
export function TestRuns({
  dataset,
  startOpen,
  startAgentId = null,
  onOpenStart,
  onCloseStart,
  onStarted,
}: {
  dataset: DatasetHeaderFieldsFragment;
  startOpen: boolean;
  /** An agent the start dialog opens with chosen. */
  startAgentId?: string | null;
  onOpenStart: () => void;
  onCloseStart: () => void;
  onStarted: (runId: string) => void;
}) {
  const readsRuns = dataset.viewerCan.readRuns;
  const pages = useKeysetPages(dataset.id);
  const [{ data: access }] = useQuery({ query: EvalAccessQuery, variables: { datasetId: dataset.id } });
  const [{ data, error, fetching }, refetch] = useQuery({
    query: EvalRunsQuery,
    variables: { datasetId: dataset.id, first: PAGE_SIZE, after: pages.after },
    pause: !readsRuns,
    // Runs move on while the list is not shown: what was read before is shown only until it is read again.
    requestPolicy: 'cache-and-network',
  });
  const [{ data: passRates }, rereadRates] = useQuery({ query: EvalPassRatesQuery, variables: { datasetId: dataset.id, first: 20 }, pause: !readsRuns, requestPolicy: 'cache-and-network' });
  const [{ data: trend }, rereadTrend] = useQuery({ query: EvalTrendQuery, variables: { datasetId: dataset.id, first: 20 }, pause: !readsRuns, requestPolicy: 'cache-and-network' });
  const offer = runEvalsOffer(access?.dataset.evalAccess);
  const refresh = useCallback(() => {
    refetch({ requestPolicy: 'network-only' });
    rereadRates({ requestPolicy: 'network-only' });
    rereadTrend({ requestPolicy: 'network-only' });
  }, [refetch, rereadRates, rereadTrend]);
  // A run of this dataset started or finished by anyone, elsewhere: the list is read again.
  const [{ data: event }] = useSubscription({ query: OrganizationEvalRunsSubscription, pause: !readsRuns });
  const eventRun = event?.organizationEvalRuns.run;
  const eventKey = eventRun && eventRun.dataset.id === dataset.id ? `${event.organizationEvalRuns.kind}:${eventRun.id}` : null;
  useEffect(() => {
    if (eventKey !== null) refresh();
  }, [eventKey, refresh]);
  const rateRuns = passRates?.evalRuns.edges.map((edge) => edge.node) ?? [];
  const rates = new Map(rateRuns.map((run) => [run.id, run.summary.agents]));
  const runs = data?.evalRuns.edges.map((edge) => edge.node) ?? [];
  const problem = problemFrom(error);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Title order={2} size="h4">
            Test runs
          </Title>
          <Text size="sm" c="dimmed">
            Each run has agents answer every case of a version, grades each answer, and compares the result with an earlier run.
          </Text>
        </div>
        <RunEvalsButton offer={offer} onClick={onOpenStart} />
      </Group>
      {!readsRuns ? (
        <Paper withBorder radius="md" py={40} px="xl">
          <EmptyState icon={<IconLock size={28} stroke={1.5} />} variant="light" title="Test runs need permission to read runs" description="Eval runs hold agents' answers: reading them needs runs:view." />
        </Paper>
      ) : problem ? (
        <ProblemAlert problem={problem} title="Test runs could not be read" />
      ) : !data && fetching ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading test runs" />
        </Center>
      ) : runs.length === 0 && pages.pageIndex === 0 ? (
        <Paper withBorder radius="md" py={40} px="xl">
          <EmptyState
            icon={<IconFlask size={28} stroke={1.5} />}
            variant="light"
            title="No test run yet"
            description="Choose an agent, check the estimated cost, and follow the run live as it answers each case of a version."
          />
        </Paper>
      ) : (
        <>
          {pages.pageIndex === 0 && trend && <PassRateChart chart={passRateChart(trendRuns(trend.evalTrend))} />}
          <Paper withBorder radius="md" p="xs">
            <RunsTable runs={runs} rates={rates} datasetId={dataset.id} canCancel={dataset.viewerCan.run} onOver={refresh} />
          </Paper>
          <KeysetPager
            pageIndex={pages.pageIndex}
            pageSize={PAGE_SIZE}
            shown={runs.length}
            total={data?.evalRuns.totalCount}
            hasNextPage={data?.evalRuns.pageInfo.hasNextPage ?? false}
            onPrevious={pages.previous}
            onNext={() => data?.evalRuns.pageInfo.endCursor && pages.next(data.evalRuns.pageInfo.endCursor)}
            what="runs"
          />
        </>
      )}
      {startOpen && offer.kind === 'enabled' && (
        <StartEvalDialog
          datasetId={dataset.id}
          latestVersion={dataset.latestVersion}
          earlierRuns={runs}
          preselectedAgentIds={startAgentId ? [startAgentId] : []}
          onClose={onCloseStart}
          onStarted={onStarted}
        />
      )}
    </Stack>
  );
}
