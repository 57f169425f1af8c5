import { Button, Divider, Group, Loader, Modal, Select, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import type { DatasetHeaderFieldsFragment } from '../gql/graphql';
import { useViewer } from '../session/SessionProvider';
import { GrantRow, OFFERED_LEVELS } from './GrantRow';
import { DatasetSharingQuery, RevokeDatasetGrantMutation, SetDatasetVisibilityMutation, ShareDatasetMutation } from './operations';

/**
 * Access: who can see the dataset (the organization, or only the people it is
 * shared with) and each person's grant, read or edit.
 */
export function ShareDialog({ dataset, onClose }: { dataset: DatasetHeaderFieldsFragment; onClose: () => void }) {
  const viewer = useViewer();
  const [{ data, fetching, error }, refetch] = useQuery({ query: DatasetSharingQuery, variables: { id: dataset.id }, requestPolicy: 'network-only' });
  const [, setVisibility] = useMutation(SetDatasetVisibilityMutation);
  const [, share] = useMutation(ShareDatasetMutation);
  const [, revoke] = useMutation(RevokeDatasetGrantMutation);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [memberId, setMemberId] = useState<string | null>(null);
  const [level, setLevel] = useState<'READ' | 'EDIT'>('READ');
  const canChange = dataset.viewerCan.edit;

  const run = async (action: () => Promise<{ error?: unknown }>) => {
    setBusy(true);
    setProblem(null);
    const result = await action();
    setBusy(false);
    const failure = problemFrom(result.error as Parameters<typeof problemFrom>[0]);
    if (failure) {
      setProblem(failure);
      return false;
    }
    refetch({ requestPolicy: 'network-only' });
    return true;
  };

  const sharing = data?.dataset;
  const granted = new Set(sharing?.grants.map((grant) => grant.user.id) ?? []);
  const candidates = (data?.members ?? [])
    .filter((member) => member.user.id !== viewer.user.id && !granted.has(member.user.id))
    .map((member) => ({ value: member.user.id, label: member.user.name ? `${member.user.name} (${member.user.email})` : member.user.email }));
  const isPrivate = sharing?.visibility === 'PRIVATE';

  return (
    <Modal opened onClose={onClose} title={`Share “${dataset.name}”`} size="xl">
      <Stack gap="md">
        {problem && <ProblemAlert problem={problem} title="Could not change access" onClose={() => setProblem(null)} />}
        {error && <ProblemAlert problem={problemFrom(error) as ApiProblem} />}
        {!sharing && fetching && <Loader size="sm" aria-label="Loading access" />}
        {sharing && (
          <>
            <Switch
              label="Private"
              description={
                isPrivate
                  ? 'Only its owner, the people below and members whose role reads every dataset can see it.'
                  : `Everyone in ${viewer.organization.name} can see it; the people below get what their grant adds.`
              }
              checked={isPrivate}
              disabled={!canChange || busy}
              onChange={(event) => {
                const visibility = event.currentTarget.checked ? 'PRIVATE' : 'ORGANIZATION';
                void run(() => setVisibility({ id: dataset.id, visibility }, { additionalTypenames: ['Dataset'] }));
              }}
            />
            <Divider />
            <Title order={2} fz="h3">
              People with access
            </Title>
            {sharing.grants.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nobody has a grant on this dataset yet.
              </Text>
            ) : (
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Person</Table.Th>
                    <Table.Th>Access</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Remove</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sharing.grants.map((grant) => (
                    <GrantRow
                      key={grant.user.id}
                      grant={grant}
                      canChange={canChange}
                      busy={busy}
                      onLevel={(next) => void run(() => share({ id: dataset.id, userId: grant.user.id, level: next }))}
                      onRemove={() => void run(() => revoke({ id: dataset.id, userId: grant.user.id }))}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {canChange && (
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <Select
                  label="Share with"
                  placeholder={candidates.length === 0 ? 'Every member already has access' : 'Search members'}
                  data={candidates}
                  value={memberId}
                  onChange={setMemberId}
                  searchable
                  nothingFoundMessage="No member matches"
                  disabled={candidates.length === 0}
                  style={{ flex: 1 }}
                />
                <Select
                  label="Access"
                  data={OFFERED_LEVELS}
                  value={level}
                  allowDeselect={false}
                  onChange={(value) => value && setLevel(value as 'READ' | 'EDIT')}
                  w={140}
                />
                <Button
                  disabled={memberId === null}
                  loading={busy}
                  onClick={() => {
                    if (memberId === null) return;
                    void run(() => share({ id: dataset.id, userId: memberId, level })).then((ok) => ok && setMemberId(null));
                  }}
                >
                  Share
                </Button>
              </Group>
            )}
            <Text size="xs" c="dimmed">
              Read lets a member read the cases and versions and export them; edit also lets them change cases, import, share and delete.
            </Text>
          </>
        )}
      </Stack>
    </Modal>
  );
}
