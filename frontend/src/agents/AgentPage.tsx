import { ActionIcon, Alert, Anchor, Box, Breadcrumbs, Button, Center, Code, Group, Loader, Menu, Select, Stack, Table, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconActivity, IconDots, IconHistory, IconKey, IconListCheck, IconMessages, IconPencil, IconSend, IconShare, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { formatExact, formatWhen } from '../common/time';
import type { AgentHeaderFieldsFragment, AgentKind, AgentVersionFieldsFragment } from '../gql/graphql';
import { VisibilityBadge } from '../sharing/VisibilityBadge';
import { AgentShareDialog, DeleteAgentDialog, RotateSecretDialog } from './AgentDialogs';
import { AgentNotFound } from './AgentNotFound';
import { TestOnDatasetDialog, TestRequestDialog } from './AgentTryDialogs';
import { AgentVersionView } from './AgentVersionView';
import { KindBadge } from './KindBadge';
import { casebookCalls } from './kindWords';
import { LocalAgentHowTo } from './LocalAgentHowTo';
import { AgentQuery, AgentVersionQuery, AgentVersionsQuery } from './operations';
import { editAgentPath } from './paths';
import { VersionNameTip } from './VersionName';
import { versionName } from './versionLabel';
import { PageTitle } from '../shell/pageTitle';
import { IdsForCommands } from '../ids/IdsForCommands';

type Dialog = 'share' | 'rotate' | 'delete' | 'test-request' | 'test-on-dataset' | null;

function versionFrom(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

function VersionsTable({ agentId, kind, latest, onOpen }: { agentId: string; kind: AgentKind; latest: number; onOpen: (number: number) => void }) {
  const [{ data, error }] = useQuery({ query: AgentVersionsQuery, variables: { id: agentId } });
  const problem = problemFrom(error);
  if (problem) return <ProblemAlert problem={problem} />;
  if (!data) return <Loader size="sm" aria-label="Loading versions" />;
  return (
    <Table verticalSpacing="xs" highlightOnHover aria-label="Versions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={kind === 'LOCAL' ? 220 : 110}>Version</Table.Th>
          <Table.Th>Answers with</Table.Th>
          <Table.Th w={200}>Saved</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.agent.versions.map((version) => (
          <Table.Tr key={version.number}>
            <Table.Td>
              <VersionNameTip label={version.label}>
                <Anchor component="button" type="button" onClick={() => onOpen(version.number)} fw={600}>
                  {versionName(version.number, version.label)}
                </Anchor>
              </VersionNameTip>
              {version.number === latest && (
                <Text span size="xs" c="dimmed" ml={6}>
                  newest
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {kind === 'LOCAL' ? (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {version.label ? (
                    <>
                      Your code at <Code>{version.label}</Code>
                    </>
                  ) : (
                    'Your code; its tools edited here, no label'
                  )}
                </Text>
              ) : (
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {version.model ?? version.url}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Tooltip label={formatExact(version.createdAt)}>
                <Text span size="sm">
                  {formatWhen(version.createdAt)}
                </Text>
              </Tooltip>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ShownVersion({ agent, current, number }: { agent: AgentHeaderFieldsFragment; current: AgentVersionFieldsFragment; number: number }) {
  const older = number !== current.number;
  const [{ data, error }] = useQuery({ query: AgentVersionQuery, variables: { id: agent.id, number }, pause: !older });
  if (!older) return <AgentVersionView version={current} editableAgentId={agent.viewerCan.edit ? agent.id : undefined} />;
  const problem = problemFrom(error);
  if (problem) return <ProblemAlert problem={problem} />;
  if (!data) return <Loader size="sm" aria-label="Loading the version" />;
  return <AgentVersionView version={data.agent.version} />;
}

function AgentView({ agent, current }: { agent: AgentHeaderFieldsFragment; current: AgentVersionFieldsFragment }) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const tab = search.get('tab') === 'versions' ? 'versions' : 'configuration';
  const asked = versionFrom(search.get('version'));
  const shown = asked !== null && asked <= agent.latestVersion ? asked : agent.latestVersion;
  const open = (next: { tab?: string; version?: number | null }) => {
    const params = new URLSearchParams(search);
    if (next.tab) params.set('tab', next.tab);
    if (next.version !== undefined) {
      if (next.version === null || next.version === agent.latestVersion) params.delete('version');
      else params.set('version', String(next.version));
    }
    setSearch(params);
  };
  const versionChoices = Array.from({ length: agent.latestVersion }, (_, index) => agent.latestVersion - index).map((number) => ({
    value: String(number),
    label: number === agent.latestVersion ? `Version ${number} (newest)` : `Version ${number}`,
  }));

  return (
    <>
      <Breadcrumbs separatorMargin={6}>
        <Anchor component={Link} to="/agents" size="sm">
          Agents
        </Anchor>
        <Text size="sm" c="dimmed" truncate maw={400}>
          {agent.name}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mt="xs" mb="lg">
        <Stack gap={4} miw={0}>
          <Group gap="sm" wrap="nowrap">
            <PageTitle title={agent.name} />
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {agent.name}
            </Title>
            <KindBadge kind={agent.kind} />
            <VisibilityBadge visibility={agent.visibility} />
          </Group>
          <Text size="sm" c="dimmed" maw={900}>
            {agent.description || 'No description yet.'}
          </Text>
          <IdsForCommands what="Agent" id={agent.id} command={{ agentId: agent.id, localAgent: agent.kind === 'LOCAL' }} />
          <Text size="xs" c="dimmed">
            Owned by {agent.ownedByViewer ? 'you' : agent.owner ? agent.owner.name || agent.owner.email : 'someone who left the organization'} · version {agent.latestVersion} is its newest
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {agent.viewerCan.run && casebookCalls(agent.kind) && (
            <Button variant="default" component={Link} to={`/chat?agent=${encodeURIComponent(agent.id)}`} leftSection={<IconMessages size={16} aria-hidden />}>
              Chat
            </Button>
          )}
          {agent.viewerCan.run && agent.kind === 'WEBHOOK' && (
            <Button variant="default" leftSection={<IconSend size={16} aria-hidden />} onClick={() => setDialog('test-request')}>
              Send a test request
            </Button>
          )}
          {agent.viewerCan.run && (
            <Button variant="default" leftSection={<IconListCheck size={16} aria-hidden />} onClick={() => setDialog('test-on-dataset')}>
              Test on a dataset
            </Button>
          )}
          <Button variant="default" component={Link} to={`/activity?agent=${encodeURIComponent(agent.id)}`} leftSection={<IconActivity size={16} aria-hidden />}>
            Runs
          </Button>
          <Button variant="default" leftSection={<IconShare size={16} aria-hidden />} onClick={() => setDialog('share')}>
            Share
          </Button>
          {agent.viewerCan.edit && (
            <Button variant="default" component={Link} to={editAgentPath(agent.id)} leftSection={<IconPencil size={16} aria-hidden />}>
              Edit
            </Button>
          )}
          {agent.viewerCan.edit && (
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label="More agent actions">
                  <IconDots size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {agent.kind !== 'LOCAL' && (
                  <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => setDialog('rotate')}>
                    Rotate signing secret
                  </Menu.Item>
                )}
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDialog('delete')}>
                  Delete agent
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      {agent.kind === 'LOCAL' && (
        <Box mb="lg">
          <LocalAgentHowTo agentId={agent.id} />
        </Box>
      )}
      <Tabs value={tab} onChange={(value) => value && open({ tab: value })} keepMounted={false}>
        <Tabs.List aria-label="Agent">
          <Tabs.Tab value="configuration">Configuration</Tabs.Tab>
          <Tabs.Tab value="versions" leftSection={<IconHistory size={14} aria-hidden />}>
            Versions ({agent.latestVersion})
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="configuration" pt="md">
          <Stack gap="md">
            <Group justify="space-between">
              <Select
                aria-label="Version shown"
                data={versionChoices}
                value={String(shown)}
                allowDeselect={false}
                onChange={(value) => open({ version: versionFrom(value) })}
                w={220}
              />
            </Group>
            {shown !== agent.latestVersion && (
              <Alert color="yellow" variant="light" icon={<IconHistory size={18} aria-hidden />} title={`Version ${shown}, an older version`}>
                <Group justify="space-between" gap="sm">
                  <Text size="sm">A version never changes: runs it answered keep naming it. The newest is version {agent.latestVersion}.</Text>
                  <Button size="xs" variant="default" onClick={() => open({ version: null })}>
                    Go to the newest version
                  </Button>
                </Group>
              </Alert>
            )}
            <ShownVersion agent={agent} current={current} number={shown} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="versions" pt="md">
          <VersionsTable agentId={agent.id} kind={agent.kind} latest={agent.latestVersion} onOpen={(number) => open({ tab: 'configuration', version: number })} />
        </Tabs.Panel>
      </Tabs>
      {dialog === 'test-request' && <TestRequestDialog agentId={agent.id} agentName={agent.name} onClose={() => setDialog(null)} />}
      {dialog === 'test-on-dataset' && <TestOnDatasetDialog agentId={agent.id} onClose={() => setDialog(null)} />}
      {dialog === 'share' && <AgentShareDialog agent={agent} onClose={() => setDialog(null)} />}
      {dialog === 'rotate' && <RotateSecretDialog agent={agent} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteAgentDialog agent={agent} onClose={() => setDialog(null)} onDeleted={() => void navigate('/agents', { replace: true })} />}
    </>
  );
}

/** An agent's page: what it is, its configuration at any version, its versions, and what one may do with it. */
export function AgentPage() {
  const { agentId = '' } = useParams();
  const [{ data, error }] = useQuery({ query: AgentQuery, variables: { id: agentId } });
  if (data?.agent) return <AgentView key={data.agent.id} agent={data.agent} current={data.agent.currentVersion} />;
  const problem = problemFrom(error);
  if (problem) return <AgentNotFound problem={problem} />;
  return (
    <Center py="xl">
      <Loader aria-label="Loading the agent" />
    </Center>
  );
}
