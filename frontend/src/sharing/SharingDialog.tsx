import { Button, Divider, Group, Loader, Modal, Select, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { type ApiProblem, type ErrorLike, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import type { Visibility } from '../gql/graphql';
import { useViewer } from '../session/SessionProvider';
import { GrantRow, type GrantShown, OFFERED_LEVELS, type OfferedLevel } from './GrantRow';

/** What a shared resource's access looks like as the API reads it. */
export interface SharingState {
  visibility: Visibility;
  grants: GrantShown[];
}

export interface SharingMember {
  user: { id: string; name: string; email: string };
}

/** The words that differ between datasets, agents and skills. */
export interface SharingWords {
  /** The Private switch's description while private. */
  whenPrivate: string;
  /** …while visible to the organization. */
  whenShared: (organizationName: string) => string;
  /** What read and edit let a member do, under the form. */
  levels: string;
  /** Why a legacy use grant does nothing. */
  legacyUse: string;
  /** "this dataset", "this agent". */
  what: string;
}

type Outcome = { error?: ErrorLike | undefined };

/** The access of one shared resource, loaded and changed by the caller's own operations. */
export interface SharingControls {
  state: SharingState | null;
  members: readonly SharingMember[];
  loading: boolean;
  loadError: ErrorLike | undefined;
  setVisibility: (visibility: Visibility) => Promise<Outcome>;
  share: (userId: string, level: OfferedLevel) => Promise<Outcome>;
  revoke: (userId: string) => Promise<Outcome>;
  reload: () => void;
}

/**
 * Access to a shared resource: who can see it (the organization, or only the
 * people it is shared with) and each person's grant, read or edit. Datasets,
 * agents and skills share the same way, so they share this dialog.
 */
export function SharingDialog({
  name,
  canChange,
  controls,
  words,
  onClose,
}: {
  name: string;
  canChange: boolean;
  controls: SharingControls;
  words: SharingWords;
  onClose: () => void;
}) {
  const viewer = useViewer();
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [memberId, setMemberId] = useState<string | null>(null);
  const [level, setLevel] = useState<OfferedLevel>('READ');

  const run = async (action: () => Promise<Outcome>) => {
    setBusy(true);
    setProblem(null);
    const result = await action();
    setBusy(false);
    const failure = problemFrom(result.error);
    if (failure) {
      setProblem(failure);
      return false;
    }
    controls.reload();
    return true;
  };

  const sharing = controls.state;
  const granted = new Set(sharing?.grants.map((grant) => grant.user.id) ?? []);
  const candidates = controls.members
    .filter((member) => member.user.id !== viewer.user.id && !granted.has(member.user.id))
    .map((member) => ({ value: member.user.id, label: member.user.name ? `${member.user.name} (${member.user.email})` : member.user.email }));
  const isPrivate = sharing?.visibility === 'PRIVATE';
  const loadProblem = problemFrom(controls.loadError);

  return (
    <Modal opened onClose={onClose} title={`Share “${name}”`} size="xl">
      <Stack gap="md">
        {problem && <ProblemAlert problem={problem} title="Could not change access" onClose={() => setProblem(null)} />}
        {loadProblem && <ProblemAlert problem={loadProblem} />}
        {!sharing && controls.loading && <Loader size="sm" aria-label="Loading access" />}
        {sharing && (
          <>
            <Switch
              label="Private"
              description={isPrivate ? words.whenPrivate : words.whenShared(viewer.organization.name)}
              checked={isPrivate}
              disabled={!canChange || busy}
              onChange={(event) => {
                const visibility = event.currentTarget.checked ? 'PRIVATE' : 'ORGANIZATION';
                void run(() => controls.setVisibility(visibility));
              }}
            />
            <Divider />
            <Title order={2} fz="h3">
              People with access
            </Title>
            {sharing.grants.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nobody has a grant on {words.what} yet.
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
                      legacyUseExplanation={words.legacyUse}
                      onLevel={(next) => void run(() => controls.share(grant.user.id, next))}
                      onRemove={() => void run(() => controls.revoke(grant.user.id))}
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
                  onChange={(value) => value && setLevel(value as OfferedLevel)}
                  w={140}
                />
                <Button
                  disabled={memberId === null}
                  loading={busy}
                  onClick={() => {
                    if (memberId === null) return;
                    void run(() => controls.share(memberId, level)).then((ok) => ok && setMemberId(null));
                  }}
                >
                  Share
                </Button>
              </Group>
            )}
            <Text size="xs" c="dimmed">
              {words.levels}
            </Text>
          </>
        )}
      </Stack>
    </Modal>
  );
}
