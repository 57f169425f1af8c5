import { describe, expect, it, vi } from 'vitest';
import {
  describePrompt,
  editorsLeftBy,
  type EditorActions,
  exitPromptFor,
  type RegisteredEditor,
  settleExit,
} from './exitDecision';

const at = (pathname: string, search = '') => ({ pathname, search });

const caseEditor: RegisteredEditor = {
  id: 'case:42',
  label: 'Case 42',
  dirty: true,
  canSave: true,
  // The case panel stays open while only other query parameters change.
  keepsLocation: (next, current) =>
    next.pathname === current.pathname && new URLSearchParams(next.search).get('case') === new URLSearchParams(current.search).get('case'),
};
const grading: RegisteredEditor = { id: 'grading', label: 'Grading', dirty: true, canSave: false };
const clean: RegisteredEditor = { id: 'details', label: 'Dataset details', dirty: false, canSave: true };

describe('exitPromptFor', () => {
  it('lets a way out pass when nothing is unsaved', () => {
    expect(exitPromptFor([clean], { kind: 'sign-out' })).toBeNull();
    expect(exitPromptFor([], { kind: 'navigation', from: at('/datasets/1'), to: at('/datasets') })).toBeNull();
  });

  it('asks Save / Discard / Stay when the change can be saved as it stands', () => {
    const prompt = exitPromptFor([caseEditor, clean], { kind: 'navigation', from: at('/datasets/1', '?case=42'), to: at('/datasets') });
    expect(prompt?.choices).toEqual(['save', 'discard', 'stay']);
    expect(prompt?.editors.map((editor) => editor.id)).toEqual(['case:42']);
  });

  it('offers no Save when one editor left cannot save as it stands', () => {
    const prompt = exitPromptFor([caseEditor, grading], { kind: 'switch-organization' });
    expect(prompt?.choices).toEqual(['discard', 'stay']);
  });

  it.each(['switch-organization', 'sign-out'] as const)('%s leaves every dirty editor', (kind) => {
    expect(editorsLeftBy([caseEditor, grading, clean], { kind }).map((editor) => editor.id)).toEqual(['case:42', 'grading']);
  });

  it('asks nothing when navigation stays where the editor is shown', () => {
    const from = at('/datasets/1', '?tab=cases&case=42');
    expect(exitPromptFor([caseEditor], { kind: 'navigation', from, to: at('/datasets/1', '?tab=cases&case=42&view=json') })).toBeNull();
  });

  it('asks when navigation opens another case, tab or version', () => {
    const from = at('/datasets/1', '?tab=cases&case=42');
    expect(exitPromptFor([caseEditor], { kind: 'navigation', from, to: at('/datasets/1', '?tab=cases&case=43') })).not.toBeNull();
    expect(exitPromptFor([grading], { kind: 'navigation', from: at('/datasets/1', '?tab=settings'), to: at('/datasets/1', '?tab=results') })).not.toBeNull();
  });

  it('without keepsLocation, any other address leaves the editor', () => {
    expect(editorsLeftBy([grading], { kind: 'navigation', from: at('/a'), to: at('/a') })).toEqual([]);
    expect(editorsLeftBy([grading], { kind: 'navigation', from: at('/a'), to: at('/a', '?x=1') })).toEqual([grading]);
  });

  it('closing an editor asks only about that editor', () => {
    expect(editorsLeftBy([caseEditor, grading], { kind: 'close-editor', editorIds: ['grading'] })).toEqual([grading]);
  });
});

function withActions(editor: RegisteredEditor, save: () => Promise<boolean>) {
  return { ...editor, save: vi.fn(save), discard: vi.fn() } satisfies RegisteredEditor & EditorActions;
}

describe('settleExit', () => {
  it('Stay stays and touches nothing', async () => {
    const editor = withActions(caseEditor, async () => true);
    expect(await settleExit('stay', { kind: 'sign-out', editors: [editor], choices: ['save', 'discard', 'stay'] })).toBe('stay');
    expect(editor.save).not.toHaveBeenCalled();
    expect(editor.discard).not.toHaveBeenCalled();
  });

  it('Discard drops every change left and goes on', async () => {
    const editors = [withActions(caseEditor, async () => true), withActions(grading, async () => true)];
    expect(await settleExit('discard', { kind: 'sign-out', editors, choices: ['discard', 'stay'] })).toBe('proceed');
    expect(editors.every((editor) => editor.discard.mock.calls.length === 1)).toBe(true);
  });

  it('Save goes on once every editor saved', async () => {
    const editor = withActions(caseEditor, async () => true);
    expect(await settleExit('save', { kind: 'navigation', editors: [editor], choices: ['save', 'discard', 'stay'] })).toBe('proceed');
    expect(editor.save).toHaveBeenCalledOnce();
  });

  it('a failed save stays, and stops the saves after it', async () => {
    const failing = withActions(caseEditor, async () => Promise.reject(new Error('conflict')));
    const next = withActions({ ...grading, canSave: true }, async () => true);
    expect(await settleExit('save', { kind: 'navigation', editors: [failing, next], choices: ['save', 'discard', 'stay'] })).toBe('stay');
    expect(next.save).not.toHaveBeenCalled();
  });

  it('never saves when Save was not offered', async () => {
    const editor = withActions(grading, async () => true);
    expect(await settleExit('save', { kind: 'navigation', editors: [editor], choices: ['discard', 'stay'] })).toBe('stay');
    expect(editor.save).not.toHaveBeenCalled();
  });
});

describe('describePrompt', () => {
  it('names what would be lost and whether saving is possible', () => {
    expect(describePrompt({ kind: 'sign-out', editors: [caseEditor], choices: ['save', 'discard', 'stay'] })).toEqual({
      heading: 'Sign out with unsaved changes?',
      body: 'Case 42 has changes that are not saved. Saving creates a new version of the dataset.',
    });
    expect(describePrompt({ kind: 'navigation', editors: [caseEditor, grading, clean], choices: ['discard', 'stay'] }).body).toBe(
      'Case 42, Grading and Dataset details have changes that are not saved. It cannot be saved as it stands: go back to finish it, or discard it.',
    );
  });

  it('says why choices that are acted on, not saved, have no Save', () => {
    const choices: RegisteredEditor = { id: 'eval-run-choices', label: 'The eval run’s choices', dirty: true, canSave: false, unsavable: 'Choices for a run are not kept: start it, or discard them.' };
    expect(describePrompt({ kind: 'navigation', editors: [choices], choices: ['discard', 'stay'] }).body).toBe(
      'The eval run’s choices has changes that are not saved. Choices for a run are not kept: start it, or discard them.',
    );
    expect(describePrompt({ kind: 'navigation', editors: [choices, grading], choices: ['discard', 'stay'] }).body).toMatch(/It cannot be saved as it stands/);
  });

  it('says when saving makes no version, as for Grading and the dataset’s details', () => {
    const settings = { ...grading, canSave: true, createsVersion: false };
    expect(describePrompt({ kind: 'navigation', editors: [settings], choices: ['save', 'discard', 'stay'] }).body).toBe(
      'Grading has changes that are not saved. Saving creates no new version: no case changes.',
    );
    expect(describePrompt({ kind: 'navigation', editors: [settings, caseEditor], choices: ['save', 'discard', 'stay'] }).body).toMatch(
      /Saving creates a new version of the dataset\.$/,
    );
  });

  it('says what saving an editor outside a dataset does, in its own words', () => {
    const agent = { id: 'agent:7', label: 'Agent “Support bot”', dirty: true, canSave: true, saveEffect: 'Saving creates a new version of the agent when its configuration changed.' };
    expect(describePrompt({ kind: 'navigation', editors: [agent], choices: ['save', 'discard', 'stay'] }).body).toBe(
      'Agent “Support bot” has changes that are not saved. Saving creates a new version of the agent when its configuration changed.',
    );
    expect(describePrompt({ kind: 'sign-out', editors: [agent, caseEditor], choices: ['save', 'discard', 'stay'] }).body).toBe(
      'Agent “Support bot” and Case 42 have changes that are not saved. Saving creates a new version of the agent when its configuration changed. Saving creates a new version of the dataset.',
    );
  });
});
