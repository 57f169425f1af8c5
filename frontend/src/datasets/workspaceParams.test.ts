import { describe, expect, it } from 'vitest';
import { readWorkspaceParams, resultsSearch, sameCaseEditor, showsStartDialog, workspaceSearch } from './workspaceParams';

describe('readWorkspaceParams', () => {
  it('reads a deep link to a case', () => {
    expect(readWorkspaceParams('?tab=cases&case=Q2FzZTo3')).toEqual({ tab: 'cases', version: null, caseId: 'Q2FzZTo3', editing: false, guide: false, run: null, startEval: false, proposed: false });
  });

  it('falls back to the newest cases for anything it does not know', () => {
    expect(readWorkspaceParams('?tab=nope&version=-2&case=')).toEqual({ tab: 'cases', version: null, caseId: null, editing: false, guide: false, run: null, startEval: false, proposed: false });
    expect(readWorkspaceParams('?version=2.5').version).toBeNull();
  });

  it('reads a version, an editor and the guide', () => {
    expect(readWorkspaceParams('?tab=cases&version=3&case=new&guide=1')).toMatchObject({ version: 3, caseId: 'new', guide: true });
    expect(readWorkspaceParams('?tab=settings').tab).toBe('settings');
    expect(readWorkspaceParams('?tab=coverage').tab).toBe('coverage');
  });
});

describe('workspaceSearch', () => {
  it('writes what it reads', () => {
    for (const search of ['?tab=cases', '?tab=cases&version=4&case=abc&edit=1', '?tab=cases&case=new&guide=1', '?tab=settings', '?tab=coverage', '?tab=results', '?tab=results&run=RXZhbFJ1bjox', '?tab=results&start=1']) {
      expect(workspaceSearch(readWorkspaceParams(search))).toBe(search);
    }
  });

  it('keeps a case only on the Cases tab, edit only for a saved case and the guide only for a new one', () => {
    const base = { version: null, editing: true, guide: true, run: null, startEval: false, proposed: false };
    expect(workspaceSearch({ ...base, tab: 'settings', caseId: 'abc' })).toBe('?tab=settings');
    expect(workspaceSearch({ ...base, tab: 'coverage', caseId: 'abc', run: 'r1', proposed: true })).toBe('?tab=coverage');
    expect(workspaceSearch({ ...base, tab: 'cases', caseId: 'new' })).toBe('?tab=cases&case=new&guide=1');
    expect(workspaceSearch({ ...base, tab: 'cases', caseId: 'abc' })).toBe('?tab=cases&case=abc&edit=1');
  });
});

describe('sameCaseEditor', () => {
  const read = readWorkspaceParams;
  it('is the same editor while the case, its mode and the version stay', () => {
    expect(sameCaseEditor(read('?tab=cases&case=a&edit=1'), read('?tab=cases&case=a&edit=1'))).toBe(true);
    expect(sameCaseEditor(read('?tab=cases&case=new'), read('?tab=cases&case=new&guide=1'))).toBe(true);
  });

  it('is left by closing it, opening another case, another tab or another version', () => {
    const editing = read('?tab=cases&case=a&edit=1');
    expect(sameCaseEditor(editing, read('?tab=cases&case=a'))).toBe(false);
    expect(sameCaseEditor(editing, read('?tab=cases&case=b&edit=1'))).toBe(false);
    expect(sameCaseEditor(editing, read('?tab=settings'))).toBe(false);
    expect(sameCaseEditor(editing, read('?tab=cases&case=a&edit=1&version=2'))).toBe(false);
  });
});

describe('the Results address', () => {
  it('keeps a run and the start dialog only on Results, and the run page before the dialog', () => {
    expect(readWorkspaceParams('?tab=results&run=abc')).toMatchObject({ tab: 'results', run: 'abc', startEval: false });
    expect(readWorkspaceParams('?tab=results&run=%20')).toMatchObject({ run: null });
    expect(workspaceSearch({ ...readWorkspaceParams('?tab=results&run=abc'), tab: 'cases' })).toBe('?tab=cases');
    expect(workspaceSearch(readWorkspaceParams('?tab=results&run=abc&start=1'))).toBe('?tab=results&run=abc');
    expect(resultsSearch({ startEval: true })).toBe('?tab=results&start=1');
    expect(resultsSearch({ run: 'r 1' })).toBe('?tab=results&run=r+1');
    expect(showsStartDialog(readWorkspaceParams('?tab=results&start=1'))).toBe(true);
    expect(showsStartDialog(readWorkspaceParams('?tab=results'))).toBe(false);
  });
});

describe('the proposed cases address', () => {
  it('shows the proposed cases only on Cases', () => {
    expect(readWorkspaceParams('?tab=cases&view=proposed').proposed).toBe(true);
    expect(workspaceSearch(readWorkspaceParams('?tab=cases&view=proposed'))).toBe('?tab=cases&view=proposed');
    expect(workspaceSearch({ ...readWorkspaceParams('?tab=cases&view=proposed'), tab: 'results' })).toBe('?tab=results');
    expect(readWorkspaceParams('?tab=cases&view=table').proposed).toBe(false);
  });
});
