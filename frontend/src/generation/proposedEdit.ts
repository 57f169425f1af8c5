/**
 * Edit first: the fields of a draft the focused editor changes, and the API's
 * edit for them - only the fields that changed, since those left out keep the
 * draft's value.
 */
import type { FieldProblem } from '../api/errors';
import type { CaseInput } from '../gql/graphql';

export interface EditValues {
  input: string;
  referenceAnswer: string;
  tags: string[];
}

export interface DraftEdit {
  id: string;
  case: CaseInput;
}

export function editValuesOf(draft: { input: string; referenceAnswer?: string | null; tags: readonly string[] }): EditValues {
  return { input: draft.input, referenceAnswer: draft.referenceAnswer ?? '', tags: [...draft.tags] };
}

export function editProblems(values: EditValues): FieldProblem[] {
  return values.input.trim() === '' ? [{ path: 'input', message: 'A case asks a question: write one.' }] : [];
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}

/** The changed fields only; an emptied reference answer is sent as none. */
export function draftEdit(id: string, opened: EditValues, now: EditValues): DraftEdit {
  const changed: CaseInput = {};
  if (now.input !== opened.input) changed.input = now.input;
  if (now.referenceAnswer !== opened.referenceAnswer) changed.referenceAnswer = now.referenceAnswer.trim() === '' ? null : now.referenceAnswer;
  if (!sameTags(now.tags, opened.tags)) changed.tags = now.tags;
  return { id, case: changed };
}
