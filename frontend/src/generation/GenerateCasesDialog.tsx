import { Alert, Button, Checkbox, Group, Loader, Modal, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCalculator, IconSparkles, IconTag } from '@tabler/icons-react';
import { useReducer, useRef, useState } from 'react';
import { useClient, useMutation, useQuery } from 'urql';
import { type ApiProblem, fieldMessage, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { type EstimateState, estimateFor, estimateReducer } from '../evals/evalChoices';
import type { GenerationEstimateQuery as EstimateResult, GenerationFieldsFragment } from '../gql/graphql';
import { useViewer } from '../session/SessionProvider';
import { useUnsavedChanges } from '../unsaved/useUnsavedChanges';
import {
  CHATS_NEEDS_PERMISSION,
  CHATS_PERMISSION,
  COUNT,
  defaultGenerationChoices,
  GENERATION_SOURCES,
  type GenerationChoices,
  generationChoicesChanged,
  type GenerationInput,
  generationInput,
  generationKey,
  generationProblems,
  type GenerationSource,
  sourceName,
  splitWords,
} from './generationChoices';
import { gapTagWords } from './generationWords';
import { GenerationAgentsQuery, GenerationEstimateQuery, StartGenerationMutation } from './operations';

type Estimate = EstimateResult['generationEstimate'];
type State = EstimateState<Estimate, ApiProblem, GenerationInput>;

export const GENERATE_DIALOG_EDITOR = 'generate-cases-choices';

const NO_ANSWER: ApiProblem = { code: 'UNKNOWN', title: 'No estimate', message: 'The API gave no estimate.', fields: [] };

function EstimateTable({ estimate }: { estimate: Estimate }) {
  return (
    <Stack gap="xs" role="region" aria-label="Estimate">
      <Table withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Source</Table.Th>
            <Table.Th>Cases asked</Table.Th>
            <Table.Th>Drafts from</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {estimate.sources.map((row) => (
            <Table.Tr key={row.source}>
              <Table.Td>{sourceName(row.source)}</Table.Td>
              <Table.Td>{row.cases}</Table.Td>
              <Table.Td>{row.draftsFromText}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" data-testid="generation-cost">
        Estimated cost on the generator&apos;s model: <b>{estimate.costText}</b>. The generator&apos;s budget is checked when it runs.
      </Text>
    </Stack>
  );
}

/**
 * The tag a gap of the Coverage tab opened the dialog for. The estimate and
 * the start send it as `focusTag`: the generator writes every case for it and
 * every draft is tagged with it.
 */
function GapTagNote({ tag }: { tag: string }) {
  return (
    <Alert color="blue" variant="light" icon={<IconTag size={16} aria-hidden />} title={`For the gap in “${tag}”`} data-testid="generation-gap-tag">
      {gapTagWords(tag)}
    </Alert>
  );
}

/**
 * Generate cases: the agent the cases test, the sources and the count. The
 * estimate comes first; Generate starts the generation that estimate was made
 * for (its fingerprint), and any changed choice throws it away. Leaving with
 * changed choices asks first, as every editor does. Coverage's Generate for
 * this gap opens it with its own choices and the gap's tag, which the
 * estimate and the generation are asked for (`focusTag`).
 */
export function GenerateCasesDialog({
  datasetId,
  initialChoices,
  forTag,
  onClose,
  onStarted,
}: {
  datasetId: string;
  /** What the dialog opens with; changes are measured from these, so opening and closing asks nothing. */
  initialChoices?: GenerationChoices;
  forTag?: string;
  onClose: () => void;
  onStarted: (generation: GenerationFieldsFragment) => void;
}) {
  const viewer = useViewer();
  const client = useClient();
  const readsChats = viewer.permissions.includes(CHATS_PERMISSION);
  const [opened] = useState(() => initialChoices ?? defaultGenerationChoices());
  const [choices, setChoices] = useState<GenerationChoices>(opened);
  const [estimates, dispatch] = useReducer(estimateReducer<Estimate, ApiProblem, GenerationInput>, { kind: 'none' } as State);
  const [startProblem, setStartProblem] = useState<ApiProblem | null>(null);
  const [starting, setStarting] = useState(false);
  const leaving = useRef(false);
  const [, start] = useMutation(StartGenerationMutation);
  const [{ data: agents, error: agentsError }] = useQuery({ query: GenerationAgentsQuery });

  const key = generationKey(choices);
  const shown = estimateFor(estimates, key);
  const local = generationProblems(choices);
  const remote = shown.kind === 'failed' ? shown.problem : startProblem;
  const dirty = generationChoicesChanged(opened, choices);

  const { confirmClose } = useUnsavedChanges({
    id: GENERATE_DIALOG_EDITOR,
    label: 'The cases to generate',
    get dirty() {
      return dirty && !leaving.current;
    },
    canSave: false,
    unsavable: 'Choices for a generation are not kept: generate the cases, or discard them.',
    save: async () => false,
    discard: () => {
      leaving.current = true;
      onClose();
    },
  });

  const change = (patch: Partial<GenerationChoices>) => {
    setStartProblem(null);
    setChoices((previous) => ({ ...previous, ...patch }));
  };

  const estimate = async () => {
    const input = generationInput(datasetId, choices, forTag);
    if (local.length > 0 || input === null) return;
    setStartProblem(null);
    dispatch({ type: 'ask', key });
    const result = await client.query(GenerationEstimateQuery, input, { requestPolicy: 'network-only' }).toPromise();
    const answer = result.data?.generationEstimate;
    if (answer) dispatch({ type: 'answered', key, input, estimate: answer });
    else dispatch({ type: 'refused', key, problem: problemFrom(result.error) ?? NO_ANSWER });
  };

  const generate = async () => {
    if (shown.kind !== 'ready') return;
    setStarting(true);
    setStartProblem(null);
    const result = await start({ ...shown.input, fingerprint: shown.estimate.fingerprint }, { additionalTypenames: ['Generation', 'ProposedCase'] });
    setStarting(false);
    const generation = result.data?.startGeneration;
    if (!generation) {
      setStartProblem(problemFrom(result.error));
      // A refused fingerprint (something changed since) needs a new estimate.
      dispatch({ type: 'clear' });
      return;
    }
    leaving.current = true;
    onStarted(generation);
  };

  // Cancel and the close button ask first, as closing any editor with changes does.
  const close = async () => {
    if (!(await confirmClose())) return;
    leaving.current = true;
    onClose();
  };

  const agentData = (agents?.agents.edges ?? []).map(({ node }) => ({ value: node.id, label: node.name }));
  const sourcesError = fieldMessage('sources', local, remote);
  const split = splitWords(choices.count, choices.sources);

  return (
    <Modal opened onClose={() => void close()} title="Generate cases" size="lg" centered>
      <Stack gap="md">
        {forTag !== undefined && <GapTagNote tag={forTag} />}
        {agentsError && <ProblemAlert problem={problemFrom(agentsError) ?? NO_ANSWER} title="The agents could not be read" />}
        <Select
          label="Agent the cases test"
          description="Cases are written from its instructions, tools and chats; nothing is run against it."
          placeholder="Choose an agent"
          data={agentData}
          value={choices.agentId}
          onChange={(agentId) => change({ agentId })}
          searchable
          nothingFoundMessage="No agent you may view has that name"
          rightSection={agents ? undefined : <Loader size={14} aria-label="Loading agents" />}
          error={choices.agentId === null && !dirty ? undefined : fieldMessage('agentId', local, remote)}
        />
        <Checkbox.Group
          label="Sources"
          description="What the generator drafts from; at least one."
          value={choices.sources}
          onChange={(sources) => change({ sources: sources as GenerationSource[] })}
          error={sourcesError}
        >
          <Stack gap="xs" mt="xs">
            {GENERATION_SOURCES.map((source) => {
              const refused = source.value === 'chats' && !readsChats;
              return <Checkbox key={source.value} value={source.value} label={source.label} description={refused ? CHATS_NEEDS_PERMISSION : source.description} disabled={refused} />;
            })}
          </Stack>
        </Checkbox.Group>
        <NumberInput
          label="How many cases"
          description={`${COUNT.min} to ${COUNT.max}, shared evenly across the sources${split ? `: ${split}` : ''}.`}
          min={COUNT.min}
          max={COUNT.max}
          allowDecimal={false}
          value={choices.count}
          onChange={(value) => change({ count: typeof value === 'number' ? value : Number.NaN })}
          error={fieldMessage('count', local, remote)}
        />

        {remote && <ProblemAlert problem={remote} title={shown.kind === 'failed' ? 'No estimate' : 'The generation did not start'} onClose={() => setStartProblem(null)} />}
        {shown.kind === 'ready' && <EstimateTable estimate={shown.estimate} />}
        {shown.kind === 'none' && estimates.kind !== 'none' && (
          <Alert color="gray" variant="light" icon={<IconAlertTriangle size={16} aria-hidden />}>
            The choices changed since the estimate: estimate again before generating.
          </Alert>
        )}

        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {shown.kind === 'ready' ? 'Generate drafts exactly what is estimated above.' : (local[0]?.message ?? 'Estimate first: nothing is spent until you generate.')}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={() => void close()}>
              Cancel
            </Button>
            <Button
              variant={shown.kind === 'ready' ? 'default' : 'filled'}
              leftSection={<IconCalculator size={16} aria-hidden />}
              onClick={() => void estimate()}
              loading={shown.kind === 'asking'}
              disabled={local.length > 0}
            >
              Estimate
            </Button>
            <Button leftSection={<IconSparkles size={16} aria-hidden />} onClick={() => void generate()} disabled={shown.kind !== 'ready'} loading={starting}>
              Generate
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
