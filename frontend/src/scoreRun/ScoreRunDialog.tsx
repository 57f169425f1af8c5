import { Alert, Anchor, Button, Group, Loader, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { IconDatabasePlus, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { AddToDatasetDialog } from '../addToDataset/AddToDatasetDialog';
import { useMayAddToDataset } from '../addToDataset/AddToDatasetButton';
import type { ScoreRunMutation, ScoreTargetFieldsFragment } from '../gql/graphql';
import { ScoreTargetsQuery, ScoreRunMutation as ScoreRunDocument } from './operations';
import { ScoreResult } from './ScoreResult';
import { datasetChoices, initialCaseId, matchingDatasetCount } from './scoreTargets';

function settingsPath(datasetId: string): string {
  return `/datasets/${encodeURIComponent(datasetId)}?tab=settings`;
}

function CaseChoices({ label, targets, caseId, onPick }: { label: string; targets: readonly ScoreTargetFieldsFragment[]; caseId: string | null; onPick: (caseId: string) => void }) {
  if (targets.length === 0) return null;
  return (
    <Radio.Group label={label} value={caseId} onChange={onPick}>
      <Stack gap={6} mt={6}>
        {targets.map((target) => (
          <Radio key={target.case.id} value={target.case.id} label={target.case.input} styles={{ label: { overflowWrap: 'anywhere' } }} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The judge that will grade, on which model; changing either is done on the dataset's Settings, never here. */
function JudgeLine({ datasetId, judge }: { datasetId: string; judge: { enabled: boolean; name?: string | null; model?: string | null } | null }) {
  const links = (
    <>
      <Anchor component={Link} to={settingsPath(datasetId)} size="sm">
        Change the judge
      </Anchor>
      {' · '}
      <Anchor component={Link} to={settingsPath(datasetId)} size="sm">
        Change its model
      </Anchor>
    </>
  );
  if (!judge?.enabled || !judge.name) {
    return (
      <Text size="sm" c="dimmed">
        No judge grades this dataset: its other scorers grade the answer. {links}
      </Text>
    );
  }
  return (
    <Stack gap={2} role="group" aria-label="Judge">
      <Text size="sm">
        Graded by the judge <b>{judge.name}</b> on <b>{judge.model ?? 'its default model'}</b>.
      </Text>
      <Text size="xs" c="dimmed">
        A change applies to every answer graded after it. {links}
      </Text>
    </Stack>
  );
}

/**
 * Score against a case, from a run's ⋯ menu: the dialog opens on a dataset with
 * a case asking the run's own question and picks that case (several datasets:
 * it says so, and lists them first). A dataset with none offers to add the
 * run's answer as a case, and lists its closest cases by shared words. The
 * answer and tool calls are graded with every scorer the dataset configures.
 */
export function ScoreRunDialog({ runId, onClose }: { runId: string; onClose: () => void }) {
  const mayAdd = useMayAddToDataset();
  const [pickedDatasetId, setDatasetId] = useState<string | null>(null);
  const [pickedCaseId, setCaseId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [score, setScore] = useState<ScoreRunMutation['scoreRun']['score'] | null>(null);
  const [{ data: overview, error: overviewError }] = useQuery({ query: ScoreTargetsQuery, variables: { runId, datasetId: null } });
  const all = overview?.scoreTargets;
  const choices = all ? datasetChoices(all.matching, all.closest) : [];
  const datasetId = pickedDatasetId ?? choices[0]?.id ?? null;
  const [{ data: narrowed, fetching }] = useQuery({ query: ScoreTargetsQuery, variables: { runId, datasetId }, pause: datasetId === null });
  const targets = narrowed?.scoreTargets;
  const matching = targets?.matching ?? [];
  const closest = (targets?.closest ?? []).filter((target) => !matching.some((m) => m.case.id === target.case.id));
  const caseId = pickedCaseId ?? initialCaseId(matching, datasetId);
  const judge = targets?.judges.find((candidate) => candidate.dataset.id === datasetId) ?? null;
  const dataset = choices.find((choice) => choice.id === datasetId) ?? null;
  const several = all ? matchingDatasetCount(all.matching) : 0;
  const [{ fetching: scoring }, scoreRun] = useMutation(ScoreRunDocument);
  const overviewProblem = problemFrom(overviewError);

  const submit = async () => {
    if (!datasetId || !caseId) return;
    setProblem(null);
    const result = await scoreRun({ input: { runId, datasetId, caseId } });
    if (result.data) setScore(result.data.scoreRun.score);
    else setProblem(problemFrom(result.error));
  };

  let body: React.ReactNode;
  if (overviewProblem) body = <ProblemAlert problem={overviewProblem} />;
  else if (!all) body = <Loader size="sm" aria-label="Finding cases" />;
  else if (!all.hasAnswer) body = <Text size="sm">This run kept no transcript: there is no answer to grade.</Text>;
  else if (choices.length === 0)
    body = (
      <Stack gap="sm">
        <Text size="sm">No dataset you may run has a case to score this answer against.</Text>
        {mayAdd && (
          <Button variant="light" leftSection={<IconDatabasePlus size={16} aria-hidden />} onClick={() => setAdding(true)} w="fit-content">
            Add the answer as a case
          </Button>
        )}
      </Stack>
    );
  else
    body = (
      <Stack gap="md">
        <Text size="sm">
          The question: <i>{all.question}</i>
        </Text>
        {several > 1 && (
          <Alert color="indigo" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {several} datasets have a case asking this question: they are listed first.
          </Alert>
        )}
        <Select
          label="Dataset"
          data={choices.map((choice) => ({ value: choice.id, label: choice.matching ? `${choice.name} — asks this question` : choice.name }))}
          value={datasetId}
          onChange={(value) => {
            setDatasetId(value);
            setCaseId(null);
            setScore(null);
          }}
          allowDeselect={false}
        />
        {datasetId && fetching && !targets && <Loader size="sm" aria-label="Loading the cases" />}
        {targets && matching.length === 0 && (
          <Alert color="yellow" variant="light" title={`No case of “${dataset?.name ?? 'this dataset'}” asks this question`}>
            <Stack gap="xs">
              <Text size="sm">{caseId ? 'You picked one of the closest cases below.' : 'Add the run’s answer as a case, or pick one of the closest cases below.'}</Text>
              {mayAdd && !caseId && (
                <Button size="xs" variant="light" leftSection={<IconDatabasePlus size={14} aria-hidden />} onClick={() => setAdding(true)} w="fit-content">
                  Add the answer as a case
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <CaseChoices label="Asks the run’s own question" targets={matching} caseId={caseId} onPick={setCaseId} />
        <CaseChoices label="Closest to the question, most shared words first" targets={closest} caseId={caseId} onPick={setCaseId} />
        {datasetId && targets && <JudgeLine datasetId={datasetId} judge={judge} />}
        {problem && <ProblemAlert problem={problem} title="Not scored" />}
        {score && <ScoreResult score={score} />}
      </Stack>
    );

  return (
    <>
      <Modal opened={!adding} onClose={onClose} title="Score against a case" size="lg">
        <Stack gap="md">
          {body}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {score ? 'Close' : 'Cancel'}
            </Button>
            {all?.hasAnswer && choices.length > 0 && (
              <Button onClick={() => void submit()} loading={scoring} disabled={!caseId || !datasetId}>
                {score ? 'Score again' : 'Score'}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
      {adding && <AddToDatasetDialog runId={runId} targetDatasetId={datasetId} onClose={() => setAdding(false)} />}
    </>
  );
}
