import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { type ApiProblem, type FieldProblem, problemFrom } from '../api/errors';
import { showFieldErrors } from '../api/formErrors';
import { ProblemAlert } from '../api/ProblemAlert';
import { countOf } from '../common/count';
import { formatExact, formatWhen } from '../common/time';
import type { ApiKeyFieldsFragment } from '../gql/graphql';
import { useViewer } from '../session/SessionProvider';
import { PageHeader } from '../shell/PageHeader';
import { EXPIRY_CHOICES, expiryFrom, KEY_PRESETS, orderedScopes, presetAvailability, SCOPE_WORDS } from './keyScopes';
import { ApiKeysQuery, CreateApiKeyMutation, RevokeApiKeyMutation } from './operations';
import { OrganizationTable } from './OrganizationTable';
import { NotAllowed } from './NotAllowed';

const REFRESH = { additionalTypenames: ['ApiKey'] };
const STATUS_COLOR: Record<string, string> = { active: 'teal', expired: 'gray', revoked: 'red' };

function ShownOnce({ secret, name, onClose }: { secret: string; name: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`Key “${name}” created`} size="lg" closeOnClickOutside={false}>
      <Stack gap="md">
        <Alert color="yellow" variant="light" title="Copy it now">
          This is the only time the key is shown: Casebook keeps only its hash. Store it where your CI keeps secrets, as CASEBOOK_API_KEY.
        </Alert>
        <Group gap="xs" wrap="nowrap" align="stretch">
          <Code block style={{ flex: 1, overflowWrap: 'anywhere' }} aria-label="The new API key" data-testid="new-api-key">
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>I have stored it</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CreateKeyDialog({ held, onClose, onCreated }: { held: string[]; onClose: () => void; onCreated: (secret: string, name: string) => void }) {
  const [, create] = useMutation(CreateApiKeyMutation);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [unplaced, setUnplaced] = useState<FieldProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', scopes: [] as string[], expiry: '90' },
    validate: {
      name: (value) => (value.trim() ? null : 'Name the key after where it is used, such as “CI gate for support-bot”.'),
      scopes: (value) => (value.length ? null : 'Choose at least one scope, or a preset.'),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setProblem(null);
    const result = await create({ input: { name: values.name.trim(), scopes: orderedScopes(values.scopes), expiresAt: expiryFrom(values.expiry) } }, REFRESH);
    setSaving(false);
    const created = result.data?.createApiKey;
    if (!created) {
      const failure = problemFrom(result.error);
      setProblem(failure);
      if (failure) setUnplaced(showFieldErrors(form, failure));
      return;
    }
    onCreated(created.secret, values.name.trim());
  });
  const scopes = Object.keys(SCOPE_WORDS).filter((scope) => held.includes(scope));
  return (
    <Modal opened onClose={onClose} title="Create API key" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {problem && <ProblemAlert problem={problem} unplaced={unplaced} title="The key was not created" />}
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <Stack gap={6} role="group" aria-label="Presets">
            <Text size="sm" fw={500}>
              Presets
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {KEY_PRESETS.map((preset) => {
                const availability = presetAvailability(preset, held);
                const chosen = orderedScopes(form.values.scopes).join() === orderedScopes(preset.scopes).join();
                return (
                  <UnstyledButton
                    key={preset.id}
                    disabled={!availability.available}
                    aria-pressed={chosen}
                    onClick={() => form.setFieldValue('scopes', [...preset.scopes])}
                    style={{ border: `1px solid var(--mantine-color-${chosen ? 'blue-6' : 'gray-4'})`, borderRadius: 8, padding: 10, opacity: availability.available ? 1 : 0.6 }}
                  >
                    <Text size="sm" fw={600}>
                      {preset.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {availability.available ? preset.description : `Needs ${availability.missing.join(', ')}, which your role does not hold.`}
                    </Text>
                  </UnstyledButton>
                );
              })}
            </SimpleGrid>
          </Stack>
          <Checkbox.Group label="Scopes" description="A key only narrows your role: it never does more than you may." {...form.getInputProps('scopes')}>
            <Stack gap={6} mt={6}>
              {scopes.map((scope) => (
                <Checkbox key={scope} value={scope} label={<Text size="sm" span ff="monospace">{scope}</Text>} description={SCOPE_WORDS[scope]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Select label="Expires after" allowDeselect={false} data={[...EXPIRY_CHOICES]} {...form.getInputProps('expiry')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKeyFieldsFragment; onClose: () => void }) {
  const [{ fetching, error }, revoke] = useMutation(RevokeApiKeyMutation);
  const problem = problemFrom(error);
  return (
    <Modal opened onClose={onClose} title={`Revoke “${apiKey.name}”?`} size="md">
      <Stack gap="sm">
        {problem && <ProblemAlert problem={problem} title="The key was not revoked" />}
        <Text size="sm">Every request made with it is refused from now on, and what it started stops at its next check. This cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={fetching}
            onClick={async () => {
              const result = await revoke({ id: apiKey.id }, REFRESH);
              if (result.data) onClose();
            }}
          >
            Revoke key
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyFieldsFragment; onRevoke: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {apiKey.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          cbk_{apiKey.prefix}_…
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="light" color="gray" tt="none" size="sm">
              {scope}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLOR[apiKey.status] ?? 'gray'}>
          {apiKey.status}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={formatExact(apiKey.expiresAt)}>
          {apiKey.expiresAt ? formatExact(apiKey.expiresAt) : 'Never'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={formatExact(apiKey.lastUsedAt)}>
          {apiKey.lastUsedAt ? formatWhen(apiKey.lastUsedAt) : 'Never used'}
        </Text>
      </Table.Td>
      <Table.Td>
        {apiKey.status === 'active' && (
          <Button variant="subtle" color="red" size="xs" onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** API keys: create one with scopes or a preset, shown once; when each was last used; revoke. */
export function ApiKeysPage() {
  const viewer = useViewer();
  if (!(viewer.mayIssueApiKeys)) return <NotAllowed title="API keys" reason="A Viewer’s role only reads, and issues no API keys; a key scoped only to reading mints none either. Ask an Admin for a key, or for a role that does more." />;
  return <ApiKeysPageContent />;
}

function ApiKeysPageContent() {
  const viewer = useViewer();
  const [{ data, fetching, error }] = useQuery({ query: ApiKeysQuery, variables: { after: null } });
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ secret: string; name: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyFieldsFragment | null>(null);
  const keys: ApiKeyFieldsFragment[] = data?.apiKeys.edges.map((edge) => edge.node) ?? [];
  const manager = viewer.permissions.includes('organization:manage');
  const problem = problemFrom(error);
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          manager
            ? `Every key of ${viewer.organization.name}: for CI, scripts and integrations. ${data ? countOf(keys.length, 'key') + '.' : ''}`
            : `Your keys, for CI, scripts and integrations; each acts as you, narrowed to its scopes. ${data ? countOf(keys.length, 'key') + '.' : ''}`
        }
        actions={
          <Button leftSection={<IconKey size={16} aria-hidden />} onClick={() => setCreating(true)}>
            Create API key
          </Button>
        }
      />
      {problem && <ProblemAlert problem={problem} />}
      <OrganizationTable
        label="API keys"
        columns={[{ label: 'Name' }, { label: 'Scopes', width: 300 }, { label: 'Status', width: 100 }, { label: 'Expires', width: 170 }, { label: 'Last used', width: 130 }, { label: 'Actions', width: 100 }]}
        fetching={fetching}
        empty={data && keys.length === 0 ? 'No API keys yet. Create one for CI with the CI gate preset.' : null}
        minWidth={960}
      >
        {keys.map((apiKey) => (
          <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
        ))}
      </OrganizationTable>
      {creating && (
        <CreateKeyDialog
          held={viewer.permissions}
          onClose={() => setCreating(false)}
          onCreated={(secret, name) => {
            setCreating(false);
            setShown({ secret, name });
          }}
        />
      )}
      {shown && <ShownOnce secret={shown.secret} name={shown.name} onClose={() => setShown(null)} />}
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}
