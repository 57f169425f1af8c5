import { Button, Group, Modal, PasswordInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { type ApiProblem, type FieldProblem, problemFrom } from '../api/errors';
import { showFieldErrors } from '../api/formErrors';
import { ProblemAlert } from '../api/ProblemAlert';
import { countOf } from '../common/count';
import { formatExact, formatWhen } from '../common/time';
import type { MembersPageQuery as MembersPageData, Role } from '../gql/graphql';
import { roleName } from '../session/roles';
import { useViewer } from '../session/SessionProvider';
import { PageHeader } from '../shell/PageHeader';
import { AddMemberMutation, ChangeMemberRoleMutation, MembersPageQuery, RemoveMemberMutation } from './operations';
import { OrganizationTable } from './OrganizationTable';
import { reachWord, ROLE_SUMMARY, roleChoices } from './roleWords';
import { SCOPE_WORDS } from './keyScopes';
import { NotAllowed } from './NotAllowed';

type MemberRow = MembersPageData['members'][number];
type RoleRow = MembersPageData['roles'][number];

const MIN_PASSWORD = 10;
const REFRESH = { additionalTypenames: ['Member', 'User'] };

function AddMemberDialog({ actorRole, onClose }: { actorRole: Role; onClose: () => void }) {
  const [, addMember] = useMutation(AddMemberMutation);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [unplaced, setUnplaced] = useState<FieldProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', name: '', role: 'BUILDER' as Role, password: '' },
    validate: {
      email: (value) => (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value.trim()) ? null : 'Give the e-mail address they sign in with.'),
      password: (value) => (value.length >= MIN_PASSWORD ? null : `At least ${MIN_PASSWORD} characters.`),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setProblem(null);
    const result = await addMember({ input: { email: values.email.trim(), name: values.name.trim(), role: values.role, password: values.password } }, REFRESH);
    setSaving(false);
    if (!result.data) {
      const failure = problemFrom(result.error);
      setProblem(failure);
      if (failure) setUnplaced(showFieldErrors(form, failure));
      return;
    }
    onClose();
  });
  return (
    <Modal opened onClose={onClose} title="Add member" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {problem && <ProblemAlert problem={problem} unplaced={unplaced} title="The member was not added" />}
          <TextInput label="E-mail" required data-autofocus autoComplete="off" {...form.getInputProps('email')} />
          <TextInput label="Name" description="Leave empty to show their e-mail." {...form.getInputProps('name')} />
          <Select label="Role" required allowDeselect={false} data={roleChoices(actorRole)} description={ROLE_SUMMARY[form.values.role]} {...form.getInputProps('role')} />
          <PasswordInput
            label="First password"
            required
            autoComplete="new-password"
            description="Give it to them yourself; they sign in with it. Someone who already has an account elsewhere keeps their own."
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Add member
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RemoveMemberDialog({ member, onClose }: { member: MemberRow; onClose: () => void }) {
  const [{ fetching, error }, remove] = useMutation(RemoveMemberMutation);
  const who = member.user.name || member.user.email;
  const problem = problemFrom(error);
  return (
    <Modal opened onClose={onClose} title={`Remove ${who}?`} size="md">
      <Stack gap="sm">
        {problem && <ProblemAlert problem={problem} title="They were not removed" />}
        <Text size="sm">
          They can no longer sign in to this organization, and their API keys stop working here. What they made stays, with its owner shown as having left. To erase
          what they wrote, use Personal data instead.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={fetching}
            onClick={async () => {
              const result = await remove({ userId: member.user.id }, REFRESH);
              if (result.data) onClose();
            }}
          >
            Remove {who}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RoleCell({ member, actorRole, isSelf }: { member: MemberRow; actorRole: Role; isSelf: boolean }) {
  const [{ fetching, error }, change] = useMutation(ChangeMemberRoleMutation);
  const problem = problemFrom(error);
  const who = member.user.name || member.user.email;
  const mayChange = actorRole === 'OWNER' || member.role !== 'OWNER';
  if (!mayChange) return <Text size="sm">{roleName(member.role)}</Text>;
  return (
    <Stack gap={4}>
      <Select
        aria-label={`Role of ${who}`}
        size="xs"
        allowDeselect={false}
        disabled={fetching}
        data={roleChoices(actorRole)}
        value={member.role}
        onChange={(next) => next && next !== member.role && void change({ userId: member.user.id, role: next as Role }, REFRESH)}
      />
      {isSelf && (
        <Text size="xs" c="dimmed">
          You
        </Text>
      )}
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem.message}
        </Text>
      )}
    </Stack>
  );
}

function RolesTable({ roles }: { roles: RoleRow[] }) {
  const permissions = Object.keys(SCOPE_WORDS);
  return (
    <Stack gap="xs" component="section" aria-labelledby="roles-heading">
      <Title order={2} fz="h4" id="roles-heading">
        What each role may do
      </Title>
      <Text size="sm" c="dimmed">
        “all”: every one in the organization; “shared”: those shared with the organization, their own, and those granted to them; “own”: their own and those granted to
        them. A grant on one dataset or agent widens access to it and never changes a role.
      </Text>
      <OrganizationTable label="Roles and permissions" columns={[{ label: 'Permission' }, ...roles.map((r) => ({ label: roleName(r.role), width: 92 }))]} fetching={false} empty={null} minWidth={900}>
        {permissions.map((permission) => (
          <Table.Tr key={permission}>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {permission}
              </Text>
              <Text size="xs" c="dimmed">
                {SCOPE_WORDS[permission]}
              </Text>
            </Table.Td>
            {roles.map((role) => (
              <Table.Td key={role.role}>{reachWord(role.permissions.find((p) => p.permission === permission)?.reach)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </OrganizationTable>
    </Stack>
  );
}

/** Members: who is in the organization with which role; add, change role, remove; and what each role may do. */
export function MembersPage() {
  const viewer = useViewer();
  if (!(viewer.permissions.includes('organization:manage'))) return <NotAllowed title="Members" reason="Adding people, changing roles and removing members need the Owner or Admin role." />;
  return <MembersPageContent />;
}

function MembersPageContent() {
  const viewer = useViewer();
  const [{ data, fetching, error }] = useQuery({ query: MembersPageQuery });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<MemberRow | null>(null);
  const members = data?.members ?? [];
  const problem = problemFrom(error);
  return (
    <>
      <PageHeader
        title="Members"
        description={data ? `${countOf(members.length, 'member')} of ${viewer.organization.name}, and the role each acts with.` : `The people of ${viewer.organization.name}.`}
        actions={
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add member
          </Button>
        }
      />
      <Stack gap="xl">
        {problem && <ProblemAlert problem={problem} />}
        <OrganizationTable
          label="Members"
          columns={[{ label: 'Name' }, { label: 'Role', width: 200 }, { label: 'Joined', width: 160 }, { label: 'Actions', width: 110 }]}
          fetching={fetching}
          empty={data && members.length === 0 ? 'Nobody is a member yet.' : null}
        >
          {members.map((member) => {
            const isSelf = member.user.id === viewer.user.id;
            const mayRemove = !isSelf && (viewer.role === 'OWNER' || member.role !== 'OWNER');
            return (
              <Table.Tr key={member.user.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {member.user.name || member.user.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {member.user.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RoleCell member={member} actorRole={viewer.role} isSelf={isSelf} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" title={formatExact(member.joinedAt)}>
                    {formatWhen(member.joinedAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {mayRemove && (
                    <Button variant="subtle" color="red" size="xs" onClick={() => setRemoving(member)} aria-label={`Remove ${member.user.name || member.user.email}`}>
                      Remove
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </OrganizationTable>
        {data && <RolesTable roles={data.roles} />}
      </Stack>
      {adding && <AddMemberDialog actorRole={viewer.role} onClose={() => setAdding(false)} />}
      {removing && <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}
