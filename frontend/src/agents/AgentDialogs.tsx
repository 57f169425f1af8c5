import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import type { AgentHeaderFieldsFragment } from '../gql/graphql';
import { SharingDialog, type SharingWords } from '../sharing/SharingDialog';
import { AgentSharingQuery, DeleteAgentMutation, RevokeAgentGrantMutation, RotateAgentSecretMutation, SetAgentVisibilityMutation, ShareAgentMutation } from './operations';
import { SecretDialog } from './SecretDialog';

const AGENT_WORDS: SharingWords = {
  whenPrivate: 'Only its owner, the people below and members whose role reads every agent can see it.',
  whenShared: (organization) => `Everyone in ${organization} can see it; the people below get what their grant adds.`,
  levels: 'Read lets a member read the agent, its versions, tools and instructions; edit also lets them configure, rename, share, rotate its secret and delete it. Chatting with it follows the member’s role.',
  legacyUse: 'A use grant gives nothing on an agent; it is kept until you remove it.',
  what: 'this agent',
};

/** An agent's access, in the dialog every shared resource uses. */
export function AgentShareDialog({ agent, onClose }: { agent: AgentHeaderFieldsFragment; onClose: () => void }) {
  const [{ data, fetching, error }, refetch] = useQuery({ query: AgentSharingQuery, variables: { id: agent.id }, requestPolicy: 'network-only' });
  const [, setVisibility] = useMutation(SetAgentVisibilityMutation);
  const [, share] = useMutation(ShareAgentMutation);
  const [, revoke] = useMutation(RevokeAgentGrantMutation);
  return (
    <SharingDialog
      name={agent.name}
      canChange={agent.viewerCan.edit}
      words={AGENT_WORDS}
      onClose={onClose}
      controls={{
        state: data?.agent ?? null,
        members: data?.members ?? [],
        loading: fetching,
        loadError: error,
        setVisibility: (visibility) => setVisibility({ id: agent.id, visibility }, { additionalTypenames: ['Agent'] }),
        share: (userId, level) => share({ id: agent.id, userId, level }),
        revoke: (userId) => revoke({ id: agent.id, userId }),
        reload: () => refetch({ requestPolicy: 'network-only' }),
      }}
    />
  );
}

/** Rotate the signing secret: a new one, shown once; the old one stops at once, so the dialog says so first. */
export function RotateSecretDialog({ agent, onClose }: { agent: AgentHeaderFieldsFragment; onClose: () => void }) {
  const [, rotate] = useMutation(RotateAgentSecretMutation);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  if (secret !== null) return <SecretDialog agentName={agent.name} secret={secret} rotated onClose={onClose} />;
  const confirm = async () => {
    setBusy(true);
    const result = await rotate({ id: agent.id });
    setBusy(false);
    if (!result.data) setProblem(problemFrom(result.error));
    else setSecret(result.data.rotateAgentSecret.signingSecret);
  };
  return (
    <Modal opened onClose={onClose} title={`Rotate the signing secret of “${agent.name}”?`} size="md">
      <Stack gap="md">
        {problem && <ProblemAlert problem={problem} title="The secret was not rotated" />}
        <Text size="sm">
          The current secret stops working at once: {agent.kind === 'WEBHOOK' ? 'its endpoint' : 'its tool endpoints'} must check signatures with the new one, shown once, from the next request on.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Keep the current one
          </Button>
          <Button color="orange" onClick={() => void confirm()} loading={busy}>
            Rotate secret
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Delete, after saying what goes with it and what stays. */
export function DeleteAgentDialog({ agent, onClose, onDeleted }: { agent: AgentHeaderFieldsFragment; onClose: () => void; onDeleted: () => void }) {
  const [, deleteAgent] = useMutation(DeleteAgentMutation);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const result = await deleteAgent({ id: agent.id }, { additionalTypenames: ['Agent', 'AgentConnection', 'RunConnection'] });
    setBusy(false);
    if (!result.data) setProblem(problemFrom(result.error));
    else onDeleted();
  };
  return (
    <Modal opened onClose={onClose} title={`Delete “${agent.name}”?`} size="md">
      <Stack gap="md">
        {problem && <ProblemAlert problem={problem} title="Could not delete the agent" />}
        <Text size="sm">
          Its {agent.latestVersion === 1 ? 'version' : `${agent.latestVersion} versions`}, its conversations and their runs go with it. Cases taken from its answers stay in their datasets, without the link back. This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Keep it
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            Delete agent
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
