/**
 * The dataset workspace's address: which tab (`?tab=cases|results|coverage|settings`),
 * which version (`&version=N`, absent for the newest), which case is open in
 * the side panel (`&case={id}`, or `new` for the form of a new case), whether
 * it is being edited (`&edit=1`), and whether the form walks through its
 * fields one by one (`&guide=1`, the end of the first dataset's guided walk).
 * On Cases: whether the generator's proposed cases are shown instead of the
 * table (`&view=proposed`). On Results: which eval run's page is open (`&run={id}`), and whether the
 * start dialog is open (`&start=1`, where Settings' "Test an agent" leads).
 * Coverage keeps nothing else in the address: it always reads the newest version.
 */

export type WorkspaceTab = 'cases' | 'results' | 'coverage' | 'settings';
export const WORKSPACE_TABS: readonly WorkspaceTab[] = ['cases', 'results', 'coverage', 'settings'];

export const NEW_CASE = 'new';

export interface WorkspaceParams {
  tab: WorkspaceTab;
  version: number | null;
  caseId: string | null;
  editing: boolean;
  guide: boolean;
  /** The eval run whose page Results shows; null for the list of test runs. */
  run: string | null;
  /** Results with the start dialog open. */
  startEval: boolean;
  /** Cases showing the proposed cases, the generator's drafts, instead of the table. */
  proposed: boolean;
}

export function readWorkspaceParams(search: string | URLSearchParams): WorkspaceParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const tab = params.get('tab');
  const version = Number(params.get('version'));
  const caseId = params.get('case');
  const run = params.get('run');
  return {
    tab: (WORKSPACE_TABS as readonly string[]).includes(tab ?? '') ? (tab as WorkspaceTab) : 'cases',
    version: Number.isInteger(version) && version > 0 ? version : null,
    caseId: caseId && caseId.trim() !== '' ? caseId : null,
    editing: params.get('edit') === '1',
    guide: params.get('guide') === '1',
    run: run && run.trim() !== '' ? run : null,
    startEval: params.get('start') === '1',
    proposed: params.get('view') === 'proposed',
  };
}

/** The query string for these params; defaults are left out, so the newest cases read as `?tab=cases`. */
export function workspaceSearch(params: WorkspaceParams): string {
  const search = new URLSearchParams();
  search.set('tab', params.tab);
  if (params.version !== null) search.set('version', String(params.version));
  if (params.tab === 'cases' && params.proposed) search.set('view', 'proposed');
  if (params.tab === 'cases' && params.caseId !== null) {
    search.set('case', params.caseId);
    if (params.editing && params.caseId !== NEW_CASE) search.set('edit', '1');
    if (params.guide && params.caseId === NEW_CASE) search.set('guide', '1');
  }
  if (params.tab === 'results') {
    if (params.run !== null) search.set('run', params.run);
    else if (params.startEval) search.set('start', '1');
  }
  return `?${search.toString()}`;
}

/** Whether two addresses of the same dataset show the same case editor, so going from one to the other leaves nothing. */
export function sameCaseEditor(a: WorkspaceParams, b: WorkspaceParams): boolean {
  if (a.tab !== 'cases' || b.tab !== 'cases' || a.caseId !== b.caseId || a.version !== b.version) return false;
  return a.caseId === NEW_CASE || a.editing === b.editing;
}

/** Whether an address still shows the Grading editor of the same dataset. */
/** The address of a dataset's Results: the test runs, one run's page, or the start dialog. */
export function resultsSearch(patch: { run?: string | null; startEval?: boolean } = {}): string {
  return workspaceSearch({ tab: 'results', version: null, caseId: null, editing: false, guide: false, run: patch.run ?? null, startEval: patch.startEval ?? false, proposed: false });
}

/** Whether an address still shows the start dialog of the same dataset's Results. */
export function showsStartDialog(params: WorkspaceParams): boolean {
  return params.tab === 'results' && params.run === null && params.startEval;
}

export function showsGrading(params: WorkspaceParams): boolean {
  return params.tab === 'settings';
}
