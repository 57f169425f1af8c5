/**
 * The chat's thumbs-down with **Add this answer to a dataset** ticked is two
 * separate writes: the rating first, then the case (spec: datasets, From a
 * conversation or a run). The case is added only once the rating is saved, so
 * the comment becomes its note; a refused add keeps the rating; and the message
 * says which half failed.
 */
import { type ApiProblem, asSentence } from '../api/errors';

export type KeepAs = 'REFERENCE' | 'COUNTER_EXAMPLE';

export interface AddedCase {
  caseId: string;
  datasetId: string;
  datasetName: string;
  version: number;
  keptAs: KeepAs;
}

/** A refused add; `existingCaseId` when the answer is already a case of the dataset's newest version. */
export interface AddRefused {
  problem: ApiProblem;
  datasetName: string;
  existingCaseId: string | null;
}

export type AddOutcome = { ok: true; added: AddedCase } | { ok: false; refused: AddRefused };
export type RatingOutcome = { ok: true } | { ok: false; problem: ApiProblem };

export type RateAndAdd =
  | { rating: 'refused'; problem: ApiProblem; addWanted: boolean; datasetName: string | null }
  | { rating: 'saved'; add: null }
  | { rating: 'saved'; add: AddOutcome };

/** Rates, then adds only when the rating was saved and an add was asked for. */
export async function rateThenAdd(
  rate: () => Promise<RatingOutcome>,
  add: (() => Promise<AddOutcome>) | null,
  datasetName: string | null = null,
): Promise<RateAndAdd> {
  const rating = await rate();
  if (!rating.ok) return { rating: 'refused', problem: rating.problem, addWanted: add !== null, datasetName };
  if (add === null) return { rating: 'saved', add: null };
  return { rating: 'saved', add: await add() };
}

/** What the API said, as sentences: the fields' own words when it named fields. */
export function reasonOf(problem: ApiProblem): string {
  if (problem.fields.length > 0) return problem.fields.map((field) => asSentence(field.message)).join(' ');
  return problem.message;
}

export function keptAsWords(keepAs: KeepAs): string {
  return keepAs === 'REFERENCE' ? 'the reference answer' : 'the counter-example';
}

export interface OutcomeMessage {
  /** success: all done; partial: the rating saved, the case not added; failure: nothing saved. */
  tone: 'success' | 'partial' | 'failure';
  title: string;
  message: string;
}

/** Why an add was refused, in words: the conflict names what already exists. */
export function refusalWords(refused: AddRefused): string {
  if (refused.existingCaseId !== null) return `It is already a case of the newest version of “${refused.datasetName}”, so it was not added twice.`;
  return `Adding it to “${refused.datasetName}” was refused: ${reasonOf(refused.problem)}`;
}

/** The message for one add on its own (Activity, the thumbs-up's Add to dataset). */
export function addMessage(outcome: AddOutcome): OutcomeMessage {
  if (!outcome.ok) return { tone: 'failure', title: 'Not added', message: refusalWords(outcome.refused) };
  const { added } = outcome;
  return {
    tone: 'success',
    title: `Added to “${added.datasetName}”`,
    message: `The answer is kept as ${keptAsWords(added.keptAs)}, in version ${added.version}.`,
  };
}

/** The message after the thumbs-down dialog: which writes happened, and which half failed. */
export function rateAndAddMessage(outcome: RateAndAdd): OutcomeMessage {
  if (outcome.rating === 'refused') {
    const reason = reasonOf(outcome.problem);
    return {
      tone: 'failure',
      title: 'Your rating was not saved',
      message: outcome.addWanted
        ? `${reason} The answer was not added to ${outcome.datasetName ? `“${outcome.datasetName}”` : 'the dataset'} either: it is added only after the rating is saved.`
        : reason,
    };
  }
  if (outcome.add === null) return { tone: 'success', title: 'Rated down', message: 'Your rating and comment are saved.' };
  if (outcome.add.ok) {
    const { added } = outcome.add;
    return {
      tone: 'success',
      title: `Rated down and added to “${added.datasetName}”`,
      message: `Your rating is saved, and the answer is kept as ${keptAsWords(added.keptAs)} in version ${added.version}, with your comment as its note.`,
    };
  }
  return {
    tone: 'partial',
    title: 'Rated down, but not added',
    message: `Your rating and comment are saved. ${refusalWords(outcome.add.refused)}`,
  };
}
