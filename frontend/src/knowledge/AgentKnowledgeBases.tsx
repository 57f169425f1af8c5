import { ActionIcon, Anchor, Button, Group, List, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconLock, IconUnlink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import type { AgentVersionFieldsFragment } from '../gql/graphql';
import { AttachKnowledgeBaseMutation, DetachKnowledgeBaseMutation, KnowledgeBaseChoicesQuery } from './operations';
import { knowledgeBasePath } from './paths';
import { attachOutcomeWords } from './versionWords';
import { countOf } from '../common/count';

// A change makes a new agent version, so every query showing the agent reads it again.
const AGENT_CHANGE_CONTEXT = { additionalTypenames: ['Agent', 'AgentVersion'] };

function AttachControl({ agentId, attachedIds, onProblem }: { agentId: string; attachedIds: ReadonlySet<string>; onProblem: (problem: ApiProblem | null) => void }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [{ data }] = useQuery({ query: KnowledgeBaseChoicesQuery, variables: { search: debouncedSearch || null } });
  const [, attach] = useMutation(AttachKnowledgeBaseMutation);
  const choices = (data?.knowledgeBases.edges ?? []).map((edge) => edge.node).filter((base) => !attachedIds.has(base.id));
  const chosenName = choices.find((base) => base.id === chosen)?.name ?? '';

  const confirm = async () => {
    if (chosen === null) return;
    setBusy(true);
    onProblem(null);
    const result = await attach({ agentId, knowledgeBaseId: chosen }, AGENT_CHANGE_CONTEXT);
    setBusy(false);
    const payload = result.data?.attachKnowledgeBase;
    if (!payload) {
      onProblem(problemFrom(result.error));
      return;
    }
    notifications.show({ color: 'teal', message: attachOutcomeWords('attach', chosenName, { newVersion: payload.newVersion, versionNumber: payload.version.number }) });
    setChosen(null);
    setSearch('');
  };

  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <Select
        label="Attach a knowledge base"
        placeholder={choices.length === 0 && !debouncedSearch ? 'Every knowledge base you may read is attached' : 'Search by name'}
        data={choices.map((base) => ({ value: base.id, label: base.name }))}
        value={chosen}
        onChange={setChosen}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage="No knowledge base matches"
        style={{ flex: 1 }}
      />
      <Button variant="default" disabled={chosen === null} loading={busy} onClick={() => void confirm()}>
        Attach
      </Button>
    </Group>
  );
}

/**
 * The knowledge bases a model agent's version uses, and, on its newest version
 * for those who may edit it, attach and detach: each a new version of the agent.
 */
export function AgentKnowledgeBases({ version, editableAgentId }: { version: AgentVersionFieldsFragment; editableAgentId?: string | undefined }) {
  const [, detach] = useMutation(DetachKnowledgeBaseMutation);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [detaching, setDetaching] = useState<string | null>(null);
  const { visible, hiddenCount } = version.knowledgeBases;

  const confirmDetach = async (agentId: string, base: { id: string; name: string }) => {
    setDetaching(base.id);
    setProblem(null);
    const result = await detach({ agentId, knowledgeBaseId: base.id }, AGENT_CHANGE_CONTEXT);
    setDetaching(null);
    const payload = result.data?.detachKnowledgeBase;
    if (!payload) {
      setProblem(problemFrom(result.error));
      return;
    }
    notifications.show({ color: 'teal', message: attachOutcomeWords('detach', base.name, { newVersion: payload.newVersion, versionNumber: payload.version.number }) });
  };

  return (
    <Stack gap="sm">
      {problem && <ProblemAlert problem={problem} title="The knowledge bases did not change" onClose={() => setProblem(null)} />}
      {visible.length === 0 && hiddenCount === 0 ? (
        <Text size="sm" c="dimmed">
          It uses no knowledge base.
        </Text>
      ) : (
        <List size="sm" spacing={4} aria-label="Knowledge bases it uses">
          {visible.map((base) => (
            <List.Item key={base.id}>
              <Group gap="xs" wrap="nowrap">
                <Text span size="sm">
                  <Anchor component={Link} to={knowledgeBasePath(base.id)} fw={550}>
                    {base.name}
                  </Anchor>
                  {base.description && (
                    <Text span c="dimmed" size="sm">
                      {' '}
                      — {base.description}
                    </Text>
                  )}
                </Text>
                {editableAgentId && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Detach ${base.name}`}
                    loading={detaching === base.id}
                    onClick={() => void confirmDetach(editableAgentId, base)}
                  >
                    <IconUnlink size={14} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {hiddenCount > 0 && (
        <Group gap={6}>
          <IconLock size={14} aria-hidden />
          <Text size="sm" c="dimmed">
            It also uses {countOf(hiddenCount, 'knowledge base', 'knowledge bases')} you may not read, or deleted since.
          </Text>
        </Group>
      )}
      {editableAgentId && <AttachControl agentId={editableAgentId} attachedIds={new Set(visible.map((base) => base.id))} onProblem={setProblem} />}
    </Stack>
  );
}
