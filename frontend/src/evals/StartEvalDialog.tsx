import { Alert, Badge, Button, Code, Collapse, Group, Loader, Modal, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronRight, IconCalculator, IconCode, IconPlayerPlay } from '@tabler/icons-react';
import { useReducer, useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { agentNameWithKind, noAgentMessage } from '../agents/kindWords';
import { VersionName } from '../agents/VersionName';
import { type ApiProblem, fieldMessage, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { readWorkspaceParams, showsStartDialog } from '../datasets/workspaceParams';
import type { EstimateEvalRunMutation, EvalRunListFieldsFragment } from '../gql/graphql';
import { useUnsavedChanges } from '../unsaved/useUnsavedChanges';
import {
  AGENTS_MAX,
  CONCURRENCY,
  CONFIRM_FLIPS,
  choiceProblems,
  choicesChanged,
  choicesKey,
  defaultChoices,
  type EstimateState,
  estimateFor,
  estimateReducer,
  type EvalChoices,
  evalRunInput,
  REPETITIONS,
  startable,
} from './evalChoices';
import { EstimateEvalRunMutation as EstimateDocument, EvalStartOptionsQuery, StartEvalRunMutation } from './operations';
import { runChoiceLabel } from './runChoice';
import { countOf } from '../common/count';

type Estimate = EstimateEvalRunMutation['estimateEvalRun'];

export const START_DIALOG_EDITOR = 'eval-run-choices';

function asNumber(value: string | number): number {
  return typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
}

function EstimateTable({ estimate, repetitions }: { estimate: Estimate; repetitions: number }) {
  const agents = estimate.agents.length;
  return (
    <Stack gap="xs" role="region" aria-label="Estimate">
      <Text size="sm" data-testid="estimate-answers">
        <b>{estimate.answers}</b> answers to produce: {countOf(estimate.cases, 'case', 'cases')} of version {estimate.datasetVersion} × {agents}{' '}
        {agents === 1 ? 'agent' : 'agents'} × {countOf(repetitions, 'repetition', 'repetitions')}.
      </Text>
      {estimate.anonymisedLeftOut > 0 && (
        <Text size="sm" c="dimmed">
          {countOf(estimate.anonymisedLeftOut, 'case is', 'cases are')} left out: anonymised after erasure, an answer to the placeholder would measure nothing.
        </Text>
      )}
      {estimate.agents.some((row) => row.newVersion) && (
        <Text size="sm" data-testid="estimate-new-version">
          {estimate.agents
            .filter((row) => row.newVersion)
            .map((row) => `“${row.versionLabel ?? ''}” is new to ${row.agent.name}: starting records it as version ${row.agentVersion}.`)
            .join(' ')}
        </Text>
      )}
      <Table withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Who</Table.Th>
            <Table.Th>Estimated cost</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {estimate.agents.map((row) => (
            <Table.Tr key={row.agent.id}>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <Text span size="sm">
                    {row.agent.name} <VersionName number={row.agentVersion} label={row.versionLabel} />
                  </Text>
                  {row.newVersion && (
                    <Badge size="sm" variant="light" color="teal" style={{ flexShrink: 0 }}>
                      New version
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{row.costText}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>The judge</Table.Td>
            <Table.Td>{estimate.judgeCostText}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={600}>Total</Table.Td>
            <Table.Td fw={600} data-testid="estimate-total">
              {estimate.totalCostText}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * Start an eval run: the version (the newest by default), one or more
 * agents compared side by side, repetitions, a tag filter, answers in flight,
 * and optionally an earlier run to compare with. The estimate comes first;
 * Start sends the estimate shown, and any change of choice puts it away.
 * Leaving with changed choices asks first, as every editor does.
 */
export function StartEvalDialog({
  datasetId,
  latestVersion,
  earlierRuns,
  preselectedAgentIds = [],
  onClose,
  onStarted,
}: {
  datasetId: string;
  latestVersion: number;
  earlierRuns: readonly EvalRunListFieldsFragment[];
  preselectedAgentIds?: readonly string[];
  onClose: () => void;
  onStarted: (runId: string) => void;
}) {
  const [opened] = useState(() => defaultChoices(latestVersion, preselectedAgentIds));
  const [choices, setChoices] = useState<EvalChoices>(opened);
  const [more, setMore] = useState(false);
  const [estimates, dispatch] = useReducer(estimateReducer<Estimate, ApiProblem>, { kind: 'none' } as EstimateState<Estimate, ApiProblem>);
  const [startProblem, setStartProblem] = useState<ApiProblem | null>(null);
  const [starting, setStarting] = useState(false);
  const leaving = useRef(false);
  const [, estimateRun] = useMutation(EstimateDocument);
  const [, startRun] = useMutation(StartEvalRunMutation);
  const [{ data: options, error: optionsError }] = useQuery({ query: EvalStartOptionsQuery, variables: { datasetId, version: choices.version || null } });

  const agentKinds = new Map((options?.agents.edges ?? []).map(({ node }) => [node.id, node.kind]));
  const withLocalAgent = choices.agentIds.some((id) => agentKinds.get(id) === 'LOCAL');
  const input = evalRunInput(datasetId, choices, withLocalAgent);
  const key = choicesKey(input);
  const shown = estimateFor(estimates, key);
  const ready = startable(estimates, key);
  const local = choiceProblems(withLocalAgent ? choices : { ...choices, versionLabel: '' }, latestVersion);
  const remote = shown.kind === 'failed' ? shown.problem : startProblem;
  const dirty = choicesChanged(opened, choices);

  const discard = () => {
    leaving.current = true;
    setChoices(opened);
    dispatch({ type: 'clear' });
  };
  useUnsavedChanges({
    id: START_DIALOG_EDITOR,
    label: 'The new eval run',
    get dirty() {
      return dirty && !leaving.current;
    },
    canSave: false,
    unsavable: 'Choices for a run are not kept: start the run, or discard them.',
    save: async () => false,
    discard,
    keepsLocation: (next, current) => next.pathname === current.pathname && showsStartDialog(readWorkspaceParams(next.search)),
  });

  const change = (patch: Partial<EvalChoices>) => {
    setStartProblem(null);
    setChoices((previous) => ({ ...previous, ...patch }));
  };

  const estimate = async () => {
    if (local.length > 0) return;
    setStartProblem(null);
    dispatch({ type: 'ask', key });
    const result = await estimateRun({ input });
    const answer = result.data?.estimateEvalRun;
    if (answer) dispatch({ type: 'answered', key, input, estimate: answer });
    else dispatch({ type: 'refused', key, problem: problemFrom(result.error) ?? { code: 'UNKNOWN', title: 'No estimate', message: 'The API gave no estimate.', fields: [] } });
  };

  const start = async () => {
    if (!ready) return;
    setStarting(true);
    setStartProblem(null);
    const result = await startRun(ready, { additionalTypenames: ['EvalRun', 'EvalRunConnection'] });
    setStarting(false);
    const run = result.data?.startEvalRun;
    if (!run) {
      setStartProblem(problemFrom(result.error));
      // A refused confirmation (the dataset or an agent changed since) needs a new estimate.
      dispatch({ type: 'clear' });
      return;
    }
    leaving.current = true;
    onStarted(run.id);
  };

  const dataset = options?.dataset;
  const versions = dataset?.versions ?? [];
  const versionData = (versions.length > 0 ? versions : [{ number: latestVersion, caseCount: null, createdAt: null }]).map((version) => ({
    value: String(version.number),
    label: `Version ${version.number}${version.number === latestVersion ? ' (newest)' : ''}${version.caseCount === null ? '' : ` · ${version.caseCount} cases`}`,
  }));
  const agentData = (options?.agents.edges ?? []).map(({ node }) => ({ value: node.id, label: agentNameWithKind(node.name, node.kind) }));
  const tagData = dataset?.tags ?? [];
  const baselineData = earlierRuns.map((run) => ({ value: run.id, label: runChoiceLabel(run) }));

  return (
    <Modal opened onClose={onClose} title="Test an agent" size="lg" centered>
      <Stack gap="md">
        {optionsError && <ProblemAlert problem={problemFrom(optionsError) ?? { code: 'UNKNOWN', title: 'Not loaded', message: 'The choices could not be read.', fields: [] }} title="The choices could not be read" />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Dataset version"
            description="The cases the run answers; a version never changes."
            data={versionData}
            value={String(choices.version)}
            onChange={(value) => value && change({ version: Number(value) })}
            allowDeselect={false}
            searchable
            error={fieldMessage('version', local, remote)}
          />
          <MultiSelect
            label="Agents"
            description={`Up to ${AGENTS_MAX}, compared side by side.`}
            placeholder={choices.agentIds.length === 0 ? 'Choose an agent' : undefined}
            data={agentData}
            value={choices.agentIds}
            onChange={(agentIds) => change({ agentIds })}
            maxValues={AGENTS_MAX}
            searchable
            nothingFoundMessage={noAgentMessage(agentData.length)}
            rightSection={options ? undefined : <Loader size={14} aria-label="Loading agents" />}
            error={choices.agentIds.length === 0 && !dirty ? undefined : fieldMessage('agentIds', local, remote)}
          />
          <NumberInput
            label="Repetitions"
            description={`Each case answered ${REPETITIONS.min} to ${REPETITIONS.max} times.`}
            min={REPETITIONS.min}
            max={REPETITIONS.max}
            allowDecimal={false}
            value={choices.repetitions}
            onChange={(value) => change({ repetitions: asNumber(value) })}
            error={fieldMessage('repetitions', local, remote)}
          />
          <NumberInput
            label="Answers in flight"
            description={`At most this many at once (${CONCURRENCY.min}–${CONCURRENCY.max}).`}
            min={CONCURRENCY.min}
            max={CONCURRENCY.max}
            allowDecimal={false}
            value={choices.concurrency}
            onChange={(value) => change({ concurrency: asNumber(value) })}
            error={fieldMessage('concurrency', local, remote)}
          />
          <MultiSelect
            label="Only cases tagged"
            description="Any of these tags; none chosen: every case."
            placeholder={choices.tags.length === 0 ? 'Every case' : undefined}
            data={[...new Set([...tagData, ...choices.tags])]}
            value={choices.tags}
            onChange={(tags) => change({ tags })}
            searchable
            clearable
            nothingFoundMessage="No case of this version has that tag"
            error={fieldMessage('tags', local, remote)}
          />
          <Select
            label="Compare with"
            description="An earlier run: flipped cases are rerun to confirm a regression."
            placeholder="No earlier run"
            data={baselineData}
            value={choices.baselineRunId}
            onChange={(baselineRunId) => change({ baselineRunId })}
            clearable
            error={fieldMessage('baselineRunId', local, remote)}
          />
        </SimpleGrid>
        {withLocalAgent && (
          <TextInput
            label="Version label"
            description="What your code answers with: a commit, a branch, a build. A label not seen before becomes the local agent’s next version; left empty, its newest version answers."
            placeholder="a1b2c3d"
            value={choices.versionLabel}
            onChange={(event) => change({ versionLabel: event.currentTarget.value })}
            error={fieldMessage('versionLabel', local, remote)}
          />
        )}
        <UnstyledButton onClick={() => setMore((value) => !value)} aria-expanded={more}>
          <Group gap={4}>
            {more ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
            <Text size="sm" fw={500}>
              Budget and confirmation
            </Text>
          </Group>
        </UnstyledButton>
        <Collapse expanded={more}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label="Budget in dollars"
              description="The run stops cleanly, saying so, once this is spent."
              placeholder="No budget"
              min={0}
              decimalScale={2}
              prefix="$"
              value={choices.budgetUsd ?? ''}
              onChange={(value) => change({ budgetUsd: value === '' ? null : asNumber(value) })}
              error={fieldMessage('budgetUsd', local, remote)}
            />
            <NumberInput
              label="Flipped cases rerun"
              description={`Rerun before a regression is called confirmed (${CONFIRM_FLIPS.min}–${CONFIRM_FLIPS.max}).`}
              min={CONFIRM_FLIPS.min}
              max={CONFIRM_FLIPS.max}
              allowDecimal={false}
              value={choices.confirmFlips}
              onChange={(value) => change({ confirmFlips: asNumber(value) })}
              error={fieldMessage('confirmFlips', local, remote)}
            />
          </SimpleGrid>
        </Collapse>

        {remote && <ProblemAlert problem={remote} title={shown.kind === 'failed' ? 'No estimate' : 'The run did not start'} onClose={() => setStartProblem(null)} />}
        {shown.kind === 'ready' && <EstimateTable estimate={shown.estimate} repetitions={choices.repetitions} />}
        {withLocalAgent && (
          <Alert color="blue" variant="light" icon={<IconCode size={16} aria-hidden />} title="The run waits for your code" data-testid="waits-for-client">
            Casebook never calls a local agent: once started, the run waits until a client claims its questions and answers them. Its page gives the command that does it (
            <Code>casebook eval --resume …</Code>); the Python client and the pytest plugin can answer it too.
          </Alert>
        )}
        {shown.kind === 'none' && estimates.kind !== 'none' && (
          <Alert color="gray" variant="light" icon={<IconAlertTriangle size={16} aria-hidden />}>
            The choices changed since the estimate: estimate again before starting.
          </Alert>
        )}

        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {ready
              ? withLocalAgent
                ? 'Starting hands every answer estimated above to your code.'
                : 'Starting runs every answer estimated above.'
              : (local[0]?.message ?? 'Estimate first: the run starts only for the estimate shown.')}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              variant={ready ? 'default' : 'filled'}
              leftSection={<IconCalculator size={16} aria-hidden />}
              onClick={() => void estimate()}
              loading={shown.kind === 'asking'}
              disabled={local.length > 0}
            >
              Estimate
            </Button>
            <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => void start()} disabled={!ready} loading={starting}>
              Start
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
