import { Anchor, Button, EmptyState, Group, Loader, Paper, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconBooks, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import { formatExact, formatWhen } from '../common/time';
import type { KnowledgeBaseListFieldsFragment } from '../gql/graphql';
import { useViewer } from '../session/SessionProvider';
import { VisibilityBadge } from '../sharing/VisibilityBadge';
import { PageHeader } from '../shell/PageHeader';
import { CreateKnowledgeBaseDialog } from './CreateKnowledgeBaseDialog';
import { KnowledgeBasesQuery } from './operations';
import { knowledgeBasePath } from './paths';

const PAGE_SIZE = 25;

function KnowledgeBaseRow({ base }: { base: KnowledgeBaseListFieldsFragment }) {
  const documents = base.documents.totalCount;
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Anchor component={Link} to={knowledgeBasePath(base.id)} fw={600}>
            {base.name}
          </Anchor>
          {base.description && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {base.description}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{typeof documents === 'number' ? documents : <Text span c="dimmed" size="sm">not counted</Text>}</Table.Td>
      <Table.Td>{base.ownedByViewer ? 'You' : <Text span c="dimmed" size="sm">Someone else</Text>}</Table.Td>
      <Table.Td>
        <VisibilityBadge visibility={base.visibility} />
      </Table.Td>
      <Table.Td>
        <Tooltip label={formatExact(base.updatedAt)}>
          <Text span size="sm">
            {formatWhen(base.updatedAt)}
          </Text>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** The Knowledge section: the knowledge bases this member may read, with search by name, paging and Create. */
export function KnowledgeBasesPage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [creating, create] = useDisclosure(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const pages = useKeysetPages(debouncedSearch);
  const [{ data, fetching, error }] = useQuery({
    query: KnowledgeBasesQuery,
    variables: { first: PAGE_SIZE, after: pages.after, search: debouncedSearch || null },
  });
  // Knowledge bases are governed by the agents permissions (docs/knowledge.md).
  const canCreate = viewer.permissions.includes('agents:edit');
  const connection = data?.knowledgeBases;
  const bases = connection?.edges.map((edge) => edge.node) ?? [];
  const isEmpty = connection !== undefined && bases.length === 0 && pages.pageIndex === 0 && !debouncedSearch;
  const problem = problemFrom(error);

  const createButton = canCreate && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create.open}>
      Create knowledge base
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Knowledge"
        description={`Text and Markdown documents ${viewer.organization.name}'s model agents look things up in, split into searchable passages.`}
        actions={createButton}
      />
      {problem && <ProblemAlert problem={problem} />}
      {isEmpty ? (
        <Paper withBorder radius="md" py={56} px="xl">
          <EmptyState
            icon={<IconBooks size={28} stroke={1.5} />}
            variant="light"
            title="No knowledge bases yet"
            description="A knowledge base holds .txt and .md documents — policies, guides, product notes — split into passages that search finds. The ones you create or that are shared with you appear here."
          >
            {createButton && <EmptyState.Actions>{createButton}</EmptyState.Actions>}
          </EmptyState>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm">
            <TextInput
              aria-label="Search knowledge bases by name"
              placeholder="Search by name"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={320}
            />
            {fetching && <Loader size="sm" aria-label="Loading knowledge bases" />}
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Knowledge bases">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th w={110}>Documents</Table.Th>
                  <Table.Th w={130}>Owner</Table.Th>
                  <Table.Th w={150}>Visible to</Table.Th>
                  <Table.Th w={170}>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bases.map((base) => (
                  <KnowledgeBaseRow key={base.id} base={base} />
                ))}
                {connection && bases.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" size="sm" ta="center" py="md">
                        No knowledge base's name contains “{debouncedSearch}”.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {connection && (
            <KeysetPager
              what="knowledge bases"
              pageIndex={pages.pageIndex}
              pageSize={PAGE_SIZE}
              shown={bases.length}
              total={connection.totalCount}
              hasNextPage={connection.pageInfo.hasNextPage}
              onPrevious={pages.previous}
              onNext={() => connection.pageInfo.endCursor && pages.next(connection.pageInfo.endCursor)}
            />
          )}
        </Paper>
      )}
      <CreateKnowledgeBaseDialog opened={creating} onClose={create.close} onCreated={(id) => void navigate(knowledgeBasePath(id))} />
    </>
  );
}
