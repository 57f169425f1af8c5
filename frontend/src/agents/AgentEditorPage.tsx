import { Anchor, Breadcrumbs, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import type { AgentHeaderFieldsFragment, AgentKind, AgentVersionFieldsFragment } from '../gql/graphql';
import { PageHeader } from '../shell/PageHeader';
import { AgentForm, type SkillChoice } from './form/AgentForm';
import { type SaveOutcome, useAgentEditor } from './form/useAgentEditor';
import { AgentFormChoicesQuery, AgentQuery } from './operations';
import { agentPath } from './paths';
import { SecretDialog } from './SecretDialog';
import { AgentNotFound } from './AgentNotFound';
import classes from './AgentEditor.module.css';
import { KIND_WORDS } from './kindWords';

const NEW_AGENT_PAGE: Record<AgentKind, { title: string; description: string }> = {
  MODEL: { title: 'New model agent', description: 'An agent Casebook calls itself: a saved model, instructions, tools and skills.' },
  WEBHOOK: {
    title: 'New webhook agent',
    description: 'An agent that answers at your own HTTPS endpoint, which receives the conversation and returns the answer with its steps.',
  },
  LOCAL: {
    title: 'New local agent',
    description: 'An agent your own code answers, wherever it runs: on a laptop or a CI runner, it claims an eval run’s questions through Casebook’s clients and sends the answers back. No endpoint, no model, no signing secret.',
  },
};

function createdWithoutSecret(name: string) {
  notifications.show({ color: 'teal', title: `Agent “${name}” created`, message: 'It is at version 1. Its page gives the command that answers its eval runs from your code.' });
}

/** Said as the page is left by a save the unsaved-changes question made: the secret is not shown again. */
function announceSaved(outcome: SaveOutcome) {
  if (outcome.kind === 'created' && outcome.signingSecret === null) {
    createdWithoutSecret(outcome.name);
  } else if (outcome.kind === 'created') {
    notifications.show({
      color: 'yellow',
      autoClose: false,
      title: `Agent “${outcome.name}” created`,
      message: `Its signing secret, shown once: ${outcome.signingSecret}`,
    });
  } else {
    notifications.show({ color: 'teal', title: 'Agent saved', message: outcome.newVersion ? `Version ${outcome.version} is its newest.` : 'Its configuration was unchanged: no new version.' });
  }
}

function Editor({ kind, existing }: { kind: AgentKind; existing: { agent: AgentHeaderFieldsFragment; version: AgentVersionFieldsFragment } | null }) {
  const navigate = useNavigate();
  const [{ data: choices, error: choicesError }, refetchChoices] = useQuery({ query: AgentFormChoicesQuery });
  const editor = useAgentEditor({ kind, existing, onSavedFromExit: announceSaved });
  const [created, setCreated] = useState<{ agentId: string; name: string; signingSecret: string } | null>(null);
  const choicesProblem = problemFrom(choicesError);

  const listed: SkillChoice[] = choices?.skills.edges.map((edge) => edge.node) ?? [];
  const attached = existing?.version.skills.visible ?? [];
  const skills = [...listed, ...attached.filter((skill) => !listed.some((one) => one.id === skill.id))];

  const submit = async () => {
    const outcome = await editor.save();
    if (!outcome) return;
    if (outcome.kind === 'created') {
      const { agentId, name, signingSecret } = outcome;
      if (signingSecret === null) {
        createdWithoutSecret(name);
        void navigate(agentPath(agentId));
      } else {
        setCreated({ agentId, name, signingSecret });
      }
      return;
    }
    notifications.show({
      color: 'teal',
      title: 'Agent saved',
      message: outcome.newVersion ? `Saved as version ${outcome.version}.` : 'The configuration was the same as the newest version’s, so no version was made.',
    });
    void navigate(agentPath(outcome.agentId));
  };

  const cancelTo = existing ? agentPath(existing.agent.id) : '/agents';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="lg">
        {choicesProblem && <ProblemAlert problem={choicesProblem} />}
        {editor.problem && (
          <ProblemAlert problem={editor.problem} title={existing ? 'The agent was not saved' : 'The agent was not created'} unplaced={editor.unplaced} onClose={() => editor.setProblem(null)} />
        )}
        <AgentForm
          kind={kind}
          form={editor.form}
          creating={existing === null}
          disabled={editor.saving}
          connections={choices?.modelConnections ?? []}
          skills={skills}
          hiddenSkills={existing?.version.skills.hiddenCount ?? 0}
          onConnectionAdded={() => refetchChoices({ requestPolicy: 'network-only' })}
        />
        <Paper className={classes.bar} withBorder shadow="md" role="region" aria-label="Save the agent">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c={editor.dirty ? undefined : 'dimmed'}>
              {existing
                ? editor.dirty
                  ? `Unsaved changes. A changed configuration is saved as version ${existing.agent.latestVersion + 1}; runs keep naming the version that answered.`
                  : `No changes. Version ${existing.agent.latestVersion} is its newest.`
                : `A new ${KIND_WORDS[kind].noun} starts at version 1.`}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button variant="default" component={Link} to={cancelTo}>
                Cancel
              </Button>
              <Button type="submit" loading={editor.saving} disabled={existing !== null && !editor.dirty}>
                {existing ? 'Save agent' : 'Create agent'}
              </Button>
            </Group>
          </Group>
        </Paper>
      </Stack>
      {created && (
        <SecretDialog
          agentName={created.name}
          secret={created.signingSecret}
          rotated={false}
          onClose={() => {
            const id = created.agentId;
            setCreated(null);
            void navigate(agentPath(id));
          }}
        />
      )}
    </form>
  );
}

function kindFrom(value: string | null): AgentKind {
  const asked = value?.toUpperCase();
  return asked === 'WEBHOOK' || asked === 'LOCAL' ? asked : 'MODEL';
}

/** Create a model, webhook or local agent (`/agents/new?kind=model|webhook|local`). */
export function NewAgentPage() {
  const [search] = useSearchParams();
  const kind = kindFrom(search.get('kind'));
  return (
    <>
      <Breadcrumbs separatorMargin={6} mb="xs">
        <Anchor component={Link} to="/agents" size="sm">
          Agents
        </Anchor>
        <Text size="sm" c="dimmed">
          New {KIND_WORDS[kind].noun}
        </Text>
      </Breadcrumbs>
      <PageHeader title={NEW_AGENT_PAGE[kind].title} description={NEW_AGENT_PAGE[kind].description} />
      <Editor key={kind} kind={kind} existing={null} />
    </>
  );
}

/** Edit an agent (`/agents/:agentId/edit`): a changed configuration is a new version. */
export function EditAgentPage() {
  const { agentId = '' } = useParams();
  const [{ data, error }] = useQuery({ query: AgentQuery, variables: { id: agentId }, requestPolicy: 'network-only' });
  const agent = data?.agent;
  if (!agent) {
    const problem = problemFrom(error);
    if (problem) return <AgentNotFound problem={problem} />;
    return (
      <Center py="xl">
        <Loader aria-label="Loading the agent" />
      </Center>
    );
  }
  if (!agent.viewerCan.edit) {
    return (
      <Stack>
        <PageHeader title={agent.name} />
        <Text>Changing this agent needs permission to edit it.</Text>
      </Stack>
    );
  }
  return (
    <>
      <Breadcrumbs separatorMargin={6} mb="xs">
        <Anchor component={Link} to="/agents" size="sm">
          Agents
        </Anchor>
        <Anchor component={Link} to={agentPath(agent.id)} size="sm">
          {agent.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          Edit
        </Text>
      </Breadcrumbs>
      <PageHeader
        title={`Edit “${agent.name}”`}
        description={`Version ${agent.latestVersion} is its newest. Saving ${agent.kind === 'LOCAL' ? 'changed tools' : 'a changed model, instructions, tools, skills or endpoint'} makes a new version.`}
      />
      <Editor key={agent.id} kind={agent.kind} existing={{ agent, version: agent.currentVersion }} />
    </>
  );
}
