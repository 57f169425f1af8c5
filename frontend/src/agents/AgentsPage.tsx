import { Anchor, Button, EmptyState, Group, Loader, Menu, Paper, SegmentedControl, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconPlus, IconRobot, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import { formatExact, formatWhen } from '../common/time';
import type { AgentKind, AgentListFieldsFragment } from '../gql/graphql';
import { useViewer } from '../session/SessionProvider';
import { VisibilityBadge } from '../sharing/VisibilityBadge';
import { PageHeader } from '../shell/PageHeader';
import { KindBadge } from './KindBadge';
import { AGENT_KINDS, KIND_WORDS } from './kindWords';
import { AgentsQuery } from './operations';
import { agentPath } from './paths';

const PAGE_SIZE = 25;

const NEW_AGENT_ITEM: Record<AgentKind, string> = { MODEL: 'Model agent', WEBHOOK: 'Webhook agent', LOCAL: 'Local agent (your code)' };

function AgentRow({ agent }: { agent: AgentListFieldsFragment }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Anchor component={Link} to={agentPath(agent.id)} fw={600}>
            {agent.name}
          </Anchor>
          {agent.description && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {agent.description}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <KindBadge kind={agent.kind} />
      </Table.Td>
      <Table.Td>v{agent.latestVersion}</Table.Td>
      <Table.Td>
        <VisibilityBadge visibility={agent.visibility} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{agent.owner ? agent.owner.name || agent.owner.email : <Text span c="dimmed" size="sm">left the organization</Text>}</Text>
      </Table.Td>
      <Table.Td>
        <Tooltip label={formatExact(agent.updatedAt)}>
          <Text span size="sm">
            {formatWhen(agent.updatedAt)}
          </Text>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** **New agent**: a model agent Casebook calls, a webhook agent that answers at its own endpoint, or a local agent your own code answers. */
export function NewAgentMenu() {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />}>
          New agent
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {AGENT_KINDS.map((kind) => (
          <Menu.Item key={kind} component={Link} to={`/agents/new?kind=${kind.toLowerCase()}`}>
            <Text size="sm" fw={550}>
              {NEW_AGENT_ITEM[kind]}
            </Text>
            <Text size="xs" c="dimmed">
              {KIND_WORDS[kind].answers}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The Agents section: the agents this member may view, with search, a kind filter, paging and New agent. */
export function AgentsPage() {
  const viewer = useViewer();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const [kind, setKind] = useState<'ALL' | AgentKind>('ALL');
  const pages = useKeysetPages(`${debouncedSearch}|${kind}`);
  const [{ data, fetching, error }] = useQuery({
    query: AgentsQuery,
    variables: { first: PAGE_SIZE, after: pages.after, search: debouncedSearch || null, kind: kind === 'ALL' ? null : kind },
  });
  const canCreate = viewer.permissions.includes('agents:edit');
  const connection = data?.agents;
  const agents = connection?.edges.map((edge) => edge.node) ?? [];
  const filtered = Boolean(debouncedSearch) || kind !== 'ALL';
  const problem = problemFrom(error);

  return (
    <>
      <PageHeader title="Agents" description={`What ${viewer.organization.name} tests: model agents Casebook calls, webhook agents that answer at their own endpoint, and local agents your own code answers where it runs.`} actions={canCreate && <NewAgentMenu />} />
      {problem && <ProblemAlert problem={problem} />}
      {connection && connection.totalCount === 0 && !filtered ? (
        <Paper withBorder radius="md" py={56} px="xl">
          <EmptyState
            icon={<IconRobot size={28} stroke={1.5} />}
            variant="light"
            title="No agents yet"
            description="An agent answers questions: chat with it, read its runs in Activity, and keep its answers as cases. The agents you create or that are shared with you appear here."
          >
            {canCreate && (
              <EmptyState.Actions>
                <NewAgentMenu />
              </EmptyState.Actions>
            )}
          </EmptyState>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm">
            <Group gap="sm">
              <TextInput
                aria-label="Search agents by name"
                placeholder="Search by name"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                w={300}
              />
              <SegmentedControl
                aria-label="Kind of agent"
                value={kind}
                onChange={(value) => setKind(value as 'ALL' | AgentKind)}
                data={[{ value: 'ALL', label: 'All' }, ...AGENT_KINDS.map((value) => ({ value, label: KIND_WORDS[value].badge }))]}
              />
            </Group>
            {fetching && <Loader size="sm" aria-label="Loading agents" />}
          </Group>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th w={190}>Kind</Table.Th>
                  <Table.Th w={90}>Version</Table.Th>
                  <Table.Th w={150}>Visible to</Table.Th>
                  <Table.Th w={170}>Owner</Table.Th>
                  <Table.Th w={150}>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {agents.map((agent) => (
                  <AgentRow key={agent.id} agent={agent} />
                ))}
                {connection && agents.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text c="dimmed" size="sm" ta="center" py="md">
                        No agent matches.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {connection && (
            <KeysetPager
              what="agents"
              pageIndex={pages.pageIndex}
              pageSize={PAGE_SIZE}
              shown={agents.length}
              total={connection.totalCount}
              hasNextPage={connection.pageInfo.hasNextPage}
              onPrevious={pages.previous}
              onNext={() => connection.pageInfo.endCursor && pages.next(connection.pageInfo.endCursor)}
            />
          )}
        </Paper>
      )}
    </>
  );
}
