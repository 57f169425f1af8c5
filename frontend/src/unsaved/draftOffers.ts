/**
 * What coming back to a dataset offers of the unsaved changes this browser
 * kept for it (spec: Unsaved changes): each kept case or Grading change is
 * offered to restore - or, when the dataset has a newer version than the one
 * the change was made on, only to discard, after reading what it was.
 */

import { type DraftStore, type RestoreOffer, restoreOfferFor, type StoredDraft } from './draftStore';

/** Editors of a dataset whose unsaved changes are kept: a case (`case:<id>`, `case:new`) and Grading. */
export const NEW_CASE_EDITOR = 'case:new';
export const GRADING_EDITOR = 'grading';

export function caseEditorKey(caseId: string | null): string {
  return caseId === null ? NEW_CASE_EDITOR : `case:${caseId}`;
}

/** The case id a case editor's key names; null for a new case or another editor. */
export function caseIdOfEditor(editor: string): string | null {
  return editor.startsWith('case:') && editor !== NEW_CASE_EDITOR ? editor.slice('case:'.length) : null;
}

export interface DraftOffer {
  editor: string;
  label: string;
  draft: StoredDraft<unknown>;
  offer: RestoreOffer;
}

function excerpt(text: string, length = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/** The change in words: "Grading", "A new case", "The case “Where is my refund?”". */
export function draftLabel(editor: string, value: unknown): string {
  if (editor === GRADING_EDITOR) return 'Grading';
  const input = typeof value === 'object' && value !== null ? (value as { input?: unknown }).input : undefined;
  const named = typeof input === 'string' && input.trim() !== '' ? ` “${excerpt(input)}”` : '';
  if (editor === NEW_CASE_EDITOR) return `A new case${named}`;
  return named ? `The case${named}` : 'A case';
}

/**
 * The kept changes of one dataset to offer, newest first, leaving out the
 * editors open now (they show their own change).
 */
export function draftOffersFor(
  store: DraftStore,
  scope: { organizationId: string; datasetId: string },
  latestVersion: number,
  openEditors: readonly string[] = [],
): DraftOffer[] {
  return store
    .editorsWithDrafts(scope.organizationId, scope.datasetId)
    .filter((editor) => !openEditors.includes(editor))
    .flatMap((editor) => {
      const draft = store.read<unknown>({ ...scope, editor });
      if (draft === null) return [];
      return [{ editor, label: draftLabel(editor, draft.value), draft, offer: restoreOfferFor(draft, latestVersion) }];
    })
    .sort((a, b) => b.draft.savedAt.localeCompare(a.draft.savedAt));
}
