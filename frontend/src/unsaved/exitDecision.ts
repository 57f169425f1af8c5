/**
 * Whether a way out of an editor must ask first, what it may offer, and what
 * the answer leads to. Every save is a new version of the dataset, so nothing
 * is saved for the person: leaving with unsaved changes asks **Save**,
 * **Discard** or **Stay**, and Save is offered only when every editor being
 * left can save as it stands.
 */

/** The ways out the spec lists; a link, Back, another tab or version are all `navigation`. */
export type ExitKind = 'navigation' | 'close-editor' | 'switch-organization' | 'sign-out';

export type ExitChoice = 'save' | 'discard' | 'stay';

export interface LocationLike {
  pathname: string;
  search: string;
}

export interface RegisteredEditor {
  id: string;
  /** What is being edited, in words: "Case 12", "Grading", "Dataset details". */
  label: string;
  dirty: boolean;
  /** Whether the change can be saved from here as it stands (it is valid and complete). */
  canSave: boolean;
  /** True when `next` still shows this editor, so going there does not leave it. */
  keepsLocation?: (next: LocationLike, current: LocationLike) => boolean;
  /** Whether saving makes a new version of the dataset (a case does; Grading and the details do not). Yes when left out. */
  createsVersion?: boolean;
  /** What saving does, as a sentence, for an editor outside a dataset ("Saving creates version 4 of the agent."); overrides `createsVersion`. */
  saveEffect?: string;
  /** For choices that are acted on rather than saved (an eval run's): why nothing can be saved, as a sentence. */
  unsavable?: string;
}

export interface ExitAttempt {
  kind: ExitKind;
  /** For navigation: where from and where to. */
  from?: LocationLike;
  to?: LocationLike;
  /** For closing an editor: which ones close. */
  editorIds?: readonly string[];
}

export interface ExitPrompt<E extends RegisteredEditor = RegisteredEditor> {
  kind: ExitKind;
  editors: E[];
  choices: ExitChoice[];
}

function sameLocation(a: LocationLike, b: LocationLike): boolean {
  return a.pathname === b.pathname && a.search === b.search;
}

/** The dirty editors this way out would leave. */
export function editorsLeftBy<E extends RegisteredEditor>(editors: readonly E[], attempt: ExitAttempt): E[] {
  const dirty = editors.filter((editor) => editor.dirty);
  switch (attempt.kind) {
    case 'navigation': {
      const { from, to } = attempt;
      if (!from || !to) return dirty;
      return dirty.filter((editor) =>
        editor.keepsLocation ? !editor.keepsLocation(to, from) : !sameLocation(from, to),
      );
    }
    case 'close-editor':
      return dirty.filter((editor) => attempt.editorIds?.includes(editor.id) ?? true);
    case 'switch-organization':
    case 'sign-out':
      return dirty;
  }
}

/** Null when nothing unsaved is left behind; otherwise the question to ask. */
export function exitPromptFor<E extends RegisteredEditor>(editors: readonly E[], attempt: ExitAttempt): ExitPrompt<E> | null {
  const left = editorsLeftBy(editors, attempt);
  if (left.length === 0) return null;
  const canSaveAll = left.every((editor) => editor.canSave);
  return { kind: attempt.kind, editors: left, choices: canSaveAll ? ['save', 'discard', 'stay'] : ['discard', 'stay'] };
}

export interface EditorActions {
  /** Resolves true when saved; false (or a rejection) when the save failed and the editor shows why. */
  save(): Promise<boolean>;
  /** Drops the change and its browser draft. */
  discard(): void;
}

/**
 * Carries out the answer. Saves run one after another and stop at the first
 * that fails: the person stays, with that editor's error on screen.
 */
export async function settleExit(
  choice: ExitChoice,
  prompt: ExitPrompt<RegisteredEditor & EditorActions>,
): Promise<'proceed' | 'stay'> {
  if (choice === 'stay') return 'stay';
  if (choice === 'discard') {
    for (const editor of prompt.editors) editor.discard();
    return 'proceed';
  }
  if (!prompt.choices.includes('save')) return 'stay';
  for (const editor of prompt.editors) {
    let saved: boolean;
    try {
      saved = await editor.save();
    } catch {
      saved = false;
    }
    if (!saved) return 'stay';
  }
  return 'proceed';
}

const HEADINGS: Record<ExitKind, string> = {
  navigation: 'Leave with unsaved changes?',
  'close-editor': 'Close with unsaved changes?',
  'switch-organization': 'Switch organization with unsaved changes?',
  'sign-out': 'Sign out with unsaved changes?',
};

/** The words of the question. */
export function describePrompt(prompt: ExitPrompt): { heading: string; body: string } {
  const labels = prompt.editors.map((editor) => editor.label);
  const what = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
  const ofDatasets = prompt.editors.filter((editor) => editor.saveEffect === undefined);
  const datasetEffect =
    ofDatasets.length === 0
      ? []
      : [ofDatasets.some((editor) => editor.createsVersion !== false) ? 'Saving creates a new version of the dataset.' : 'Saving creates no new version: no case changes.'];
  const effects = [...new Set([...prompt.editors.flatMap((editor) => (editor.saveEffect === undefined ? [] : [editor.saveEffect])), ...datasetEffect])];
  const unsavable = prompt.editors.flatMap((editor) => (editor.unsavable === undefined ? [] : [editor.unsavable]));
  const cannotSave = unsavable.length === prompt.editors.length ? [...new Set(unsavable)].join(' ') : 'It cannot be saved as it stands: go back to finish it, or discard it.';
  const saving = !prompt.choices.includes('save') ? cannotSave : effects.join(' ');
  return { heading: HEADINGS[prompt.kind], body: `${what} ${labels.length === 1 ? 'has' : 'have'} changes that are not saved. ${saving}` };
}
