import { Anchor, Button, EmptyState, Group, Loader, Paper, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconDatabase, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import { formatExact, formatWhen } from '../common/time';
import type { DatasetListFieldsFragment } from '../gql/graphql';
import { useViewer } from '../session/SessionProvider';
import { PageHeader } from '../shell/PageHeader';
import { CreateDatasetDialog } from './CreateDatasetDialog';
import { DatasetsQuery } from './operations';
import { VisibilityBadge } from '../sharing/VisibilityBadge';

const PAGE_SIZE = 25;

function DatasetRow({ dataset }: { dataset: DatasetListFieldsFragment }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Anchor component={Link} to={`/datasets/${encodeURIComponent(dataset.id)}`} fw={600}>
            {dataset.name}
          </Anchor>
          {dataset.description && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {dataset.description}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{dataset.caseCount}</Table.Td>
      <Table.Td>{dataset.latestVersion === 0 ? <Text span c="dimmed" size="sm">none yet</Text> : `v${dataset.latestVersion}`}</Table.Td>
      <Table.Td>
        <VisibilityBadge visibility={dataset.visibility} />
      </Table.Td>
      <Table.Td>
        <Tooltip label={formatExact(dataset.updatedAt)}>
          <Text span size="sm">
            {formatWhen(dataset.updatedAt)}
          </Text>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** The Datasets section: the datasets this member may see, with search, paging and Create. */
export function DatasetsPage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [creating, create] = useDisclosure(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const pages = useKeysetPages(debouncedSearch);
  const [{ data, fetching, error }] = useQuery({
    query: DatasetsQuery,
    variables: { first: PAGE_SIZE, after: pages.after, search: debouncedSearch || null },
  });
  const canCreate = viewer.permissions.includes('datasets:edit');
  const connection = data?.datasets;
  const datasets = connection?.edges.map((edge) => edge.node) ?? [];
  // The first dataset of all (not the first of a search) is offered the guided walk.
  const isFirstDataset = !debouncedSearch && connection?.totalCount === 0;
  const problem = problemFrom(error);

  const createButton = canCreate && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create.open}>
      Create dataset
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Datasets"
        description={`The questions ${viewer.organization.name}'s agents are tested on, as versioned cases.`}
        actions={createButton}
      />
      {problem && <ProblemAlert problem={problem} />}
      {connection && connection.totalCount === 0 && !debouncedSearch ? (
        <Paper withBorder radius="md" py={56} px="xl">
          <EmptyState
            icon={<IconDatabase size={28} stroke={1.5} />}
            variant="light"
            title="No datasets yet"
            description="Datasets hold cases written by hand, imported from CSV or JSONL, or taken from a rated answer. The ones you create or that are shared with you appear here."
          >
            {createButton && <EmptyState.Actions>{createButton}</EmptyState.Actions>}
          </EmptyState>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm">
            <TextInput
              aria-label="Search datasets by name"
              placeholder="Search by name"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={320}
            />
            {fetching && <Loader size="sm" aria-label="Loading datasets" />}
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th w={90}>Cases</Table.Th>
                  <Table.Th w={110}>Version</Table.Th>
                  <Table.Th w={150}>Visible to</Table.Th>
                  <Table.Th w={170}>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {datasets.map((dataset) => (
                  <DatasetRow key={dataset.id} dataset={dataset} />
                ))}
                {connection && datasets.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" size="sm" ta="center" py="md">
                        No dataset's name contains “{debouncedSearch}”.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {connection && (
            <KeysetPager
              what="datasets"
              pageIndex={pages.pageIndex}
              pageSize={PAGE_SIZE}
              shown={datasets.length}
              total={connection.totalCount}
              hasNextPage={connection.pageInfo.hasNextPage}
              onPrevious={pages.previous}
              onNext={() => connection.pageInfo.endCursor && pages.next(connection.pageInfo.endCursor)}
            />
          )}
        </Paper>
      )}
      <CreateDatasetDialog
        opened={creating}
        onClose={create.close}
        onCreated={(id) => navigate(`/datasets/${encodeURIComponent(id)}`, { state: isFirstDataset ? { guidedWalk: true } : null })}
      />
    </>
  );
}
