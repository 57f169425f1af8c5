import { Alert, Anchor, Button, Center, Group, List, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay, IconPlugConnected, IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { readWorkspaceParams, resultsSearch, showsGrading, workspaceSearch } from '../datasets/workspaceParams';
import type { CriterionTrustFieldsFragment, DatasetHeaderFieldsFragment, ModelConnectionFieldsFragment, ScoringFieldsFragment } from '../gql/graphql';
import { useViewer } from '../session/SessionProvider';
import { DraftOfferAlert } from '../datasets/DraftOfferAlert';
import { GRADING_EDITOR } from '../unsaved/draftOffers';
import { restoreOfferFor } from '../unsaved/draftStore';
import { useUnsavedChanges } from '../unsaved/useUnsavedChanges';
import { JudgeCard, PassCard } from './GradingCards';
import { AddModelButton } from './ModelSelect';
import { DatasetScoringQuery } from './operations';
import { GeneratorModelCard } from '../generation/GeneratorModelCard';
import { ReviewSettingsCard } from './ReviewSettingsCard';
import { JudgeTrustQuery, ReviewSettingsQuery } from './reviewSettingsOperations';
import { SaveBar } from './SaveBar';
import { StructuredCard } from './StructuredCard';
import { useGradingEditor } from './useGradingEditor';
import { countOf } from '../common/count';

const SHOWN_UNGRADED = 5;

function caseLink(datasetId: string, caseId: string): string {
  return `/datasets/${encodeURIComponent(datasetId)}${workspaceSearch({ tab: 'cases', version: null, caseId, editing: false, guide: false, run: null, startEval: false, proposed: false })}`;
}

function GradingEditor({
  dataset,
  scoring,
  connections,
  restoreDraft,
}: {
  dataset: DatasetHeaderFieldsFragment;
  scoring: ScoringFieldsFragment;
  connections: ModelConnectionFieldsFragment[];
  restoreDraft: boolean;
}) {
  const viewer = useViewer();
  const [{ data: review }] = useQuery({ query: ReviewSettingsQuery, variables: { id: dataset.id }, requestPolicy: 'cache-and-network' });
  const [{ data: trustData }] = useQuery({ query: JudgeTrustQuery, variables: { id: dataset.id }, requestPolicy: 'cache-and-network' });
  const trust = trustData?.dataset.judgeTrust ?? null;
  const criterionTrust = new Map<string, CriterionTrustFieldsFragment>((trust?.criteria ?? []).map((row) => [row.criterionId, row]));
  const state = useGradingEditor({ datasetId: dataset.id, latestVersion: dataset.latestVersion, scoring, restoreDraft });
  const [added, setAdded] = useState<ModelConnectionFieldsFragment[]>([]);
  const { form, coverage } = state;
  const readOnly = !dataset.viewerCan.edit;

  useUnsavedChanges({
    id: GRADING_EDITOR,
    label: 'Grading',
    get dirty() {
      return state.isDirty();
    },
    canSave: state.canSave,
    createsVersion: false,
    save: state.save,
    discard: state.discard,
    keepsLocation: (next, current) => {
      const [to, from] = [readWorkspaceParams(next.search), readWorkspaceParams(current.search)];
      return next.pathname === current.pathname && showsGrading(to) && to.version === from.version;
    },
  });

  const canAddModel = viewer.permissions.includes('connections:manage');
  const addConnection = (connection: ModelConnectionFieldsFragment) => setAdded((list) => [...list, connection]);
  const allConnections = [...connections, ...added.filter((connection) => !connections.some((known) => known.id === connection.id))];
  const ungraded = coverage?.nothingGrades ?? [];
  // What the saved setup covers opens alerts above the cards: the cards wait for it rather than
  // jump down under a pointer on its way to one of their fields.
  if (!state.coverageSettled) return <GradingLoader />;
  return (
    <Stack gap="md" pb={state.dirty ? 80 : 0}>
      {readOnly && (
        <Alert color="gray" variant="light" title="Read-only">
          Changing how this dataset is graded needs permission to edit it.
        </Alert>
      )}
      {state.restored && (
        <Alert color="casebook" variant="light" title="Restored">
          Your unsaved grading change from before is back. Save it or discard it with the bar at the bottom.
        </Alert>
      )}
      {state.offered && (
        <DraftOfferAlert
          offer={{ editor: GRADING_EDITOR, label: 'Grading', draft: state.offered, offer: restoreOfferFor(state.offered, dataset.latestVersion) }}
          onRestore={state.restoreOffered}
          onDiscard={state.discardOffered}
        />
      )}
      {state.problem && <ProblemAlert problem={state.problem} unplaced={state.unplaced} title="Grading was not saved" onClose={state.dismissProblem} />}
      {ungraded.length > 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={`${countOf(ungraded.length, 'case', 'cases')} would be graded on nothing`}>
          <Text size="sm">With the setup on screen, no switched-on scorer has anything to check on {ungraded.length === 1 ? 'this case' : 'these cases'}: an answer to it could never pass or fail.</Text>
          <List size="sm" mt={4}>
            {ungraded.slice(0, SHOWN_UNGRADED).map((caseId, index) => (
              <List.Item key={caseId}>
                <Anchor component={Link} to={caseLink(dataset.id, caseId)} size="sm">
                  Open case {index + 1}
                </Anchor>
              </List.Item>
            ))}
          </List>
          {ungraded.length > SHOWN_UNGRADED && <Text size="xs" c="dimmed">…and {ungraded.length - SHOWN_UNGRADED} more.</Text>}
        </Alert>
      )}
      {allConnections.length === 0 && (
        <Alert color="casebook" variant="light" icon={<IconPlugConnected size={18} aria-hidden />} title="No model connection yet" data-testid="no-model-connection">
          <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
            <Text size="sm">
              Checks and expected tool calls grade without a model. The judge, the reference answer comparison and case generation need a model connection, and this organization has
              none yet: add one to switch them on.
            </Text>
            <AddModelButton canAddModel={canAddModel} disabled={readOnly} onAdded={addConnection} />
          </Group>
        </Alert>
      )}
      {coverage?.referenceOffered && !state.values.reference.enabled && (
        <Alert color="casebook" variant="light" icon={<IconScale size={18} aria-hidden />} title="Cases have reference answers nothing compares with">
          <Group justify="space-between" gap="sm">
            <Text size="sm">Switch on the reference answer to have the judge compare each answer with it.</Text>
            <Button size="xs" variant="light" disabled={readOnly} onClick={() => form.setFieldValue('reference.enabled', true)}>
              Compare with the reference
            </Button>
          </Group>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        <PassCard form={form} coverage={coverage} changed={state.cards.passes} disabled={readOnly} />
        <JudgeCard
          form={form}
          coverage={coverage}
          changed={state.cards.judge}
          disabled={readOnly}
          connections={allConnections}
          canAddModel={canAddModel}
          onConnectionAdded={addConnection}
          trust={trust}
          criterionTrust={criterionTrust}
        />
        <StructuredCard
          form={form}
          coverage={coverage}
          changed={state.cards.structured}
          disabled={readOnly}
          connections={allConnections}
          server={scoring.structured}
          canAddModel={canAddModel}
          onConnectionAdded={addConnection}
        />
        <GeneratorModelCard datasetId={dataset.id} connections={allConnections} disabled={readOnly} canAddModel={canAddModel} onConnectionAdded={addConnection} />
        {review && <ReviewSettingsCard datasetId={dataset.id} settings={review.dataset.reviewSettings} disabled={readOnly} />}
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Once grading is set up, test an agent on this dataset: Results → Test runs estimates the cost, then runs every case.
          </Text>
          <Button component={Link} to={resultsSearch({ startEval: true })} variant="default" leftSection={<IconPlayerPlay size={16} aria-hidden />}>
            Test an agent
          </Button>
        </Group>
      </Paper>
      {!readOnly && <SaveBar dirty={state.dirty} saving={state.saving} canSave={state.canSave} onSave={() => void state.save()} onDiscard={state.discard} />}
    </Stack>
  );
}

function GradingLoader() {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label="Loading grading" />
    </Center>
  );
}

/** Settings: how the dataset's answers are graded, in cards saved together by one bar. */
export default function SettingsTab({ dataset, restoreDraft }: { dataset: DatasetHeaderFieldsFragment; restoreDraft: boolean }) {
  const [{ data, error }] = useQuery({ query: DatasetScoringQuery, variables: { id: dataset.id } });
  const problem = problemFrom(error);
  if (problem) return <ProblemAlert problem={problem} title="Grading could not be read" />;
  if (!data) return <GradingLoader />;
  return <GradingEditor dataset={dataset} scoring={data.dataset.scoring} connections={data.modelConnections} restoreDraft={restoreDraft} />;
}
