import { ActionIcon, Button, Center, EmptyState, Loader, Paper, Stack, Tabs, Tooltip } from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize, IconDatabaseOff } from '@tabler/icons-react';
import { lazy, Suspense, useReducer, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { CasesTab } from '../cases/CasesTab';
import { CoverageTab } from '../coverage/CoverageTab';
import type { DatasetHeaderFieldsFragment, GenerationFieldsFragment } from '../gql/graphql';
import { ResultsTab } from '../results/ResultsTab';
import { useViewer } from '../session/SessionProvider';
import { PageHeader } from '../shell/PageHeader';
import { browserDrafts } from '../unsaved/browserDrafts';
import { caseEditorKey, caseIdOfEditor, draftOffersFor, GRADING_EDITOR, NEW_CASE_EDITOR } from '../unsaved/draftOffers';
import { DatasetHeader } from './DatasetHeader';
import { DraftOfferAlert } from './DraftOfferAlert';
import { GuidedWalk } from './GuidedWalk';
import { DatasetQuery } from './operations';
import { useWorkspaceParams } from './useWorkspaceParams';
import { VersionPicker } from './VersionPicker';
import classes from './Workspace.module.css';
import { NEW_CASE, type WorkspaceParams, workspaceSearch, type WorkspaceTab } from './workspaceParams';

const SettingsTab = lazy(() => import('../grading/SettingsTab'));

/** State a navigation carries into the workspace: open the guided walk, or restore a kept change. */
export interface WorkspaceLocationState {
  guidedWalk?: boolean;
  restoreDraft?: string;
}

function openEditorOf(params: WorkspaceParams): string | null {
  if (params.tab === 'settings') return GRADING_EDITOR;
  if (params.tab !== 'cases' || params.caseId === null) return null;
  if (params.caseId === NEW_CASE) return NEW_CASE_EDITOR;
  return params.editing ? caseEditorKey(params.caseId) : null;
}

function DatasetWorkspace({ dataset }: { dataset: DatasetHeaderFieldsFragment }) {
  const viewer = useViewer();
  const location = useLocation();
  const navigate = useNavigate();
  const { params, go } = useWorkspaceParams();
  const [fullScreen, setFullScreen] = useState(false);
  const [walkDismissed, setWalkDismissed] = useState(false);
  // The generation started on this page, from Cases or from Coverage, followed live above the proposed cases.
  const [generation, setGeneration] = useState<GenerationFieldsFragment | null>(null);
  // Discarding a kept change from the banner re-reads the browser's copies.
  const [, draftsChanged] = useReducer((count: number) => count + 1, 0);

  const latest = dataset.latestVersion;
  const viewed = params.version !== null && params.version < latest ? params.version : latest;
  const state = (location.state ?? null) as WorkspaceLocationState | null;
  const showWalk = state?.guidedWalk === true && !walkDismissed && latest === 0 && params.caseId === null;
  const scope = { organizationId: viewer.organization.id, datasetId: dataset.id };
  const openEditor = openEditorOf(params);
  const offers = draftOffersFor(browserDrafts, scope, latest, openEditor ? [openEditor] : []);

  const restore = (editor: string) => {
    const caseId = caseIdOfEditor(editor);
    const target: WorkspaceParams =
      editor === GRADING_EDITOR
        ? { ...params, tab: 'settings', caseId: null, editing: false }
        : { ...params, tab: 'cases', version: null, caseId: caseId ?? NEW_CASE, editing: true, guide: false };
    void navigate({ search: workspaceSearch(target) }, { state: { restoreDraft: editor } satisfies WorkspaceLocationState });
  };

  return (
    <div className={fullScreen ? `${classes.workspace} ${classes.fullScreen}` : classes.workspace}>
      <DatasetHeader dataset={dataset} />
      {offers.map((offer) => (
        <DraftOfferAlert
          key={offer.editor}
          offer={offer}
          onRestore={() => restore(offer.editor)}
          onDiscard={() => {
            browserDrafts.discard({ ...scope, editor: offer.editor });
            draftsChanged();
          }}
        />
      ))}
      {showWalk && (
        <GuidedWalk
          onDismiss={() => setWalkDismissed(true)}
          onWriteFirstCase={() => {
            setWalkDismissed(true);
            go({ tab: 'cases', caseId: NEW_CASE, guide: true });
          }}
        />
      )}
      <Tabs value={params.tab} onChange={(tab) => tab && go({ tab: tab as WorkspaceTab, caseId: null, editing: false, run: null, startEval: false })} keepMounted={false}>
        <div className={classes.tabsRow}>
          <Tabs.List aria-label="Dataset workspace">
            <Tabs.Tab value="cases">Cases</Tabs.Tab>
            <Tabs.Tab value="results">Results</Tabs.Tab>
            <Tabs.Tab value="coverage">Coverage</Tabs.Tab>
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
          </Tabs.List>
          <div className={classes.tabsEnd}>
            {params.tab === 'cases' && (
              <VersionPicker
                datasetId={dataset.id}
                latestVersion={latest}
                viewedVersion={viewed}
                onChange={(version) => go({ version, editing: false })}
              />
            )}
            <Tooltip label={fullScreen ? 'Leave full screen' : 'Full screen'}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={fullScreen ? 'Leave full screen' : 'Full screen'}
                aria-pressed={fullScreen}
                onClick={() => setFullScreen((value) => !value)}
              >
                {fullScreen ? <IconArrowsMinimize size={16} aria-hidden /> : <IconArrowsMaximize size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          </div>
        </div>
        <Tabs.Panel value="cases" pt="md">
          <CasesTab
            dataset={dataset}
            viewedVersion={viewed}
            params={params}
            go={go}
            restoreDraft={state?.restoreDraft ?? null}
            generation={generation}
            onGeneration={setGeneration}
          />
        </Tabs.Panel>
        <Tabs.Panel value="results" pt="md">
          <ResultsTab dataset={dataset} />
        </Tabs.Panel>
        <Tabs.Panel value="coverage" pt="md">
          <CoverageTab
            dataset={dataset}
            onGenerationStarted={(started) => {
              setGeneration(started);
              // As from Cases: the proposals are where the generation's progress is followed and its drafts decided.
              go({ tab: 'cases', proposed: true, caseId: null, editing: false, version: null });
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <Suspense fallback={<Loader size="sm" aria-label="Loading settings" />}>
            <SettingsTab dataset={dataset} restoreDraft={state?.restoreDraft === GRADING_EDITOR} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}

/** A dataset's page: Cases, Results, Coverage and Settings in one workspace. */
export function DatasetWorkspacePage() {
  const { datasetId = '' } = useParams();
  const [{ data, error }] = useQuery({ query: DatasetQuery, variables: { id: datasetId } });
  if (data?.dataset) return <DatasetWorkspace key={data.dataset.id} dataset={data.dataset} />;
  const problem = problemFrom(error);
  if (!problem) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the dataset" />
      </Center>
    );
  }
  const notFound = problem.code === 'NOT_FOUND';
  return (
    <Stack>
      <PageHeader title={notFound ? 'Dataset not found' : problem.title} />
      <Paper withBorder radius="md" py={48} px="xl">
        <EmptyState
          icon={<IconDatabaseOff size={28} stroke={1.5} />}
          title={notFound ? 'No dataset you can open lives here' : problem.title}
          description={notFound ? 'It may have been deleted, or it is private and not shared with you.' : problem.message}
        >
          <EmptyState.Actions>
            <Button component={Link} to="/datasets">
              Go to Datasets
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Stack>
  );
}

export default DatasetWorkspacePage;
