import { Alert, Badge, Button, Group, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { countOf } from '../common/count';
import { formatExact, formatWhen } from '../common/time';
import type { ModelConnectionsPageQuery as PageData } from '../gql/graphql';
import { AddModelDialog } from '../grading/AddModelDialog';
import { connectionGroups, fromOption, modelOption } from '../grading/ModelSelect';
import { useViewer } from '../session/SessionProvider';
import { PageHeader } from '../shell/PageHeader';
import { connectionTestWords } from './connectionTest';
import { DeleteModelConnectionMutation, ModelConnectionsPageQuery, SetDefaultEmbeddingModelMutation, TestModelConnectionMutation } from './operations';
import { OrganizationTable } from './OrganizationTable';
import { NotAllowed } from './NotAllowed';

type ConnectionRow = PageData['modelConnections'][number];
const REFRESH = { additionalTypenames: ['ModelConnection'] };
const PROVIDER_WORDS = { OPENAI: 'OpenAI-compatible', ANTHROPIC: 'Anthropic' } as const;
const LOCAL_OPTION = 'local';

function TestCell({ connection }: { connection: ConnectionRow }) {
  const [model, setModel] = useState(connection.models[0] ?? '');
  const [{ data, fetching, error }, test] = useMutation(TestModelConnectionMutation);
  const outcome = data?.testModelConnection;
  const problem = problemFrom(error);
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        {connection.models.length > 1 && (
          <Select size="xs" aria-label={`Model of ${connection.name} to test`} data={connection.models} value={model} onChange={(next) => next && setModel(next)} allowDeselect={false} w={160} />
        )}
        <Button size="xs" variant="default" leftSection={<IconPlugConnected size={14} aria-hidden />} loading={fetching} onClick={() => void test({ id: connection.id, model })} aria-label={`Test ${connection.name}`}>
          Test
        </Button>
      </Group>
      <div role="status" aria-live="polite">
        {outcome && (
          <Text size="xs" c={outcome.ok ? 'teal' : 'red'}>
            {connectionTestWords(outcome)}
          </Text>
        )}
        {problem && (
          <Text size="xs" c="red">
            {problem.message}
          </Text>
        )}
      </div>
    </Stack>
  );
}

function DeleteDialog({ connection, onClose }: { connection: ConnectionRow; onClose: () => void }) {
  const [{ fetching, error }, remove] = useMutation(DeleteModelConnectionMutation);
  const problem = problemFrom(error);
  return (
    <Modal opened onClose={onClose} title={`Delete “${connection.name}”?`} size="md">
      <Stack gap="sm">
        {problem && <ProblemAlert problem={problem} title="The connection was not deleted" />}
        <Text size="sm">Its key is deleted with it. A dataset whose judge, generator or embedding model used it reports “not graded”, saying why, until another is chosen.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={fetching}
            onClick={async () => {
              const result = await remove({ id: connection.id }, REFRESH);
              if (result.data) onClose();
            }}
          >
            Delete connection
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DefaultEmbeddingCard({ connections, current }: { connections: readonly ConnectionRow[]; current: PageData['defaultEmbeddingModel'] }) {
  const [{ fetching, error, data }, save] = useMutation(SetDefaultEmbeddingModelMutation);
  const saved = data?.setDefaultEmbeddingModel.embeddingModel;
  const chosen = (saved !== undefined ? saved : current) ?? null;
  const value = chosen ? (chosen.local ? LOCAL_OPTION : chosen.connectionId ? modelOption(chosen.connectionId, chosen.model) : null) : null;
  const problem = problemFrom(error);
  return (
    <Stack gap="xs" component="section" aria-labelledby="defaults-heading">
      <Title order={2} fz="h4" id="defaults-heading">
        Organization defaults
      </Title>
      <Text size="sm" c="dimmed">
        The judge is chosen per dataset, in its Settings; the model a dataset’s judge uses must be on one of the connections above. The embedding model below is used by
        every dataset whose structured scorer names none.
      </Text>
      <Select
        label="Default embedding model"
        description="Without one, structured text is compared by exact matching only: an alternative spelling counts as a mismatch."
        placeholder="None: exact matching only"
        clearable
        disabled={fetching}
        data={[{ group: 'In Casebook', items: [{ value: LOCAL_OPTION, label: 'MiniLM (local, no connection needed)' }] }, ...connectionGroups(connections)]}
        value={value}
        onChange={(next) => {
          const input = next === null ? null : next === LOCAL_OPTION ? { local: true } : { connectionId: fromOption(next).connectionId, model: fromOption(next).model };
          void save({ input });
        }}
        maw={520}
      />
      <div role="status">
        {saved !== undefined && !fetching && !error && (
          <Text size="sm" c="teal">
            Saved.
          </Text>
        )}
      </div>
      {problem && <ProblemAlert problem={problem} unplaced={problem.fields} title="The default was not saved" />}
    </Stack>
  );
}

/** Model connections: the providers the organization's judge, generator and agents call; add, test, delete; the defaults. */
export function ModelConnectionsPage() {
  const viewer = useViewer();
  if (!(viewer.permissions.includes('connections:manage'))) return <NotAllowed title="Model connections" reason="Adding, testing and deleting model connections need the Owner or Admin role (connections:manage)." />;
  return <ModelConnectionsPageContent />;
}

function ModelConnectionsPageContent() {
  const viewer = useViewer();
  const [{ data, fetching, error }, refetch] = useQuery({ query: ModelConnectionsPageQuery });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ConnectionRow | null>(null);
  const connections = data?.modelConnections ?? [];
  const problem = problemFrom(error);
  return (
    <>
      <PageHeader
        title="Model connections"
        description={`The model providers ${viewer.organization.name}'s judge, case generator and model agents call.${data ? ` ${countOf(connections.length, 'connection')}.` : ''}`}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add connection
          </Button>
        }
      />
      <Stack gap="xl">
        {problem && <ProblemAlert problem={problem} />}
        {data && connections.length === 0 && (
          <Alert color="blue" variant="light" title="No model connection yet">
            Checks, expected tool calls and references grade without a model. The judge, case generation and model agents need one: add an OpenAI-compatible server
            (OpenAI, vLLM, Ollama, llama.cpp, LiteLLM) or Anthropic.
          </Alert>
        )}
        <OrganizationTable
          label="Model connections"
          columns={[{ label: 'Name' }, { label: 'Models', width: 220 }, { label: 'Key', width: 120 }, { label: 'Test', width: 300 }, { label: 'Actions', width: 100 }]}
          fetching={fetching}
          empty={data && connections.length === 0 ? 'No connections.' : null}
          minWidth={960}
        >
          {connections.map((connection) => (
            <Table.Tr key={connection.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {connection.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {PROVIDER_WORDS[connection.provider]} · {connection.baseUrl}
                </Text>
                <Text size="xs" c="dimmed" title={formatExact(connection.createdAt)}>
                  Added {formatWhen(connection.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {connection.models.map((model) => (
                    <Badge key={model} variant="light" color="gray" tt="none" size="sm">
                      {model}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {connection.keyHint ?? 'none'}
                </Text>
              </Table.Td>
              <Table.Td>
                <TestCell connection={connection} />
              </Table.Td>
              <Table.Td>
                <Button variant="subtle" color="red" size="xs" onClick={() => setDeleting(connection)} aria-label={`Delete ${connection.name}`}>
                  Delete
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </OrganizationTable>
        {data && <DefaultEmbeddingCard connections={connections} current={data.defaultEmbeddingModel} />}
      </Stack>
      <AddModelDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          refetch({ requestPolicy: 'network-only' });
        }}
      />
      {deleting && <DeleteDialog connection={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
