import { Anchor, Group, Loader, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconThumbDownFilled, IconThumbUpFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import { formatExact, formatWhen } from '../common/time';
import type { RunRowFieldsFragment } from '../gql/graphql';
import { useViewer } from '../session/SessionProvider';
import { PageHeader } from '../shell/PageHeader';
import { type ActivityParams, filterKey, isFiltered, runFilterFrom, runPath } from './activityParams';
import { DatasetTargetBanner } from './DatasetTargetBanner';
import { RunsQuery } from './operations';
import { RunFilters } from './RunFilters';
import { RunFlags } from './RunFlags';
import { formatCost, formatLatency } from './runWords';
import { useActivityParams } from './useActivityParams';

const PAGE_SIZE = 50;

function RunRow({ run, params }: { run: RunRowFieldsFragment; params: ActivityParams }) {
  const who = run.conversation.owner ? run.conversation.owner.name || run.conversation.owner.email : run.conversation.endUser;
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={runPath(run.id, params)} fw={600} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
            {run.question ?? '(no question: the agent spoke first)'}
          </Anchor>
          <Text size="sm" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
            {run.status === 'FAILED' ? run.error || 'The run failed.' : run.answer || 'No text in the reply.'}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{run.agentName}</Text>
        <Text size="xs" c="dimmed">
          {run.agentVersionNumber ? `v${run.agentVersionNumber}` : ''}
          {who ? ` · ${who}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={8} wrap="nowrap">
          {run.ratingSummary.up > 0 && (
            <Group gap={2} wrap="nowrap" aria-label={`${run.ratingSummary.up} thumbs up`}>
              <IconThumbUpFilled size={14} color="var(--mantine-color-teal-7)" aria-hidden />
              <Text size="sm">{run.ratingSummary.up}</Text>
            </Group>
          )}
          {run.ratingSummary.down > 0 && (
            <Group gap={2} wrap="nowrap" aria-label={`${run.ratingSummary.down} thumbs down`}>
              <IconThumbDownFilled size={14} color="var(--mantine-color-red-7)" aria-hidden />
              <Text size="sm">{run.ratingSummary.down}</Text>
            </Group>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <RunFlags run={run} />
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{formatCost(run.costUsd)}</Text>
        <Text size="xs" c="dimmed">
          {formatLatency(run.latencyMs)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Tooltip label={formatExact(run.startedAt)}>
          <Text span size="sm">
            {formatWhen(run.startedAt)}
          </Text>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** Activity: every run this member may read, newest first, filtered and paged; a run opens its detail. */
export function ActivityPage() {
  const viewer = useViewer();
  const { params, go } = useActivityParams();
  const pages = useKeysetPages(filterKey(params));
  const [{ data, fetching, error }] = useQuery({
    query: RunsQuery,
    variables: { filter: runFilterFrom(params), first: PAGE_SIZE, after: pages.after },
    requestPolicy: 'cache-and-network',
  });
  const connection = data?.runs;
  const runs = connection?.edges.map((edge) => edge.node) ?? [];
  const problem = problemFrom(error);
  const readsEveryRun = viewer.permissions.includes('runs:view');

  return (
    <>
      <PageHeader
        title="Activity"
        description={readsEveryRun ? `Every run of ${viewer.organization.name}'s agents: what was asked, how each reply was written, and how people rated it.` : 'The runs of the conversations you may open: what was asked, how each reply was written, and how it was rated.'}
      />
      {params.datasetId && <DatasetTargetBanner datasetId={params.datasetId} />}
      {problem && <ProblemAlert problem={problem} />}
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-end" mb="sm" wrap="nowrap">
          <RunFilters params={params} onChange={(patch) => go(patch)} />
          {fetching && <Loader size="sm" aria-label="Loading runs" />}
        </Group>
        <Table.ScrollContainer minWidth={880}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Runs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Question and answer</Table.Th>
                <Table.Th w={170}>Agent</Table.Th>
                <Table.Th w={80}>Rating</Table.Th>
                <Table.Th w={140}>Flags</Table.Th>
                <Table.Th w={110} ta="right">
                  Cost · time
                </Table.Th>
                <Table.Th w={120}>Started</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.map((run) => (
                <RunRow key={run.id} run={run} params={params} />
              ))}
              {connection && runs.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed" size="sm" ta="center" py="md">
                      {isFiltered(params) ? 'No run matches these filters.' : 'No runs yet. Chat with an agent, or have an integration record its conversations.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {connection && (
          <KeysetPager
            what="runs"
            pageIndex={pages.pageIndex}
            pageSize={PAGE_SIZE}
            shown={runs.length}
            total={null}
            hasNextPage={connection.pageInfo.hasNextPage}
            onPrevious={pages.previous}
            onNext={() => connection.pageInfo.endCursor && pages.next(connection.pageInfo.endCursor)}
          />
        )}
      </Paper>
    </>
  );
}
