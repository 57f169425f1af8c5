/** A generation's progress and outcome, and a draft's link, in words. */
import { knowledgeBasePath } from '../knowledge/paths';
import { countOf } from '../common/count';

export interface GenerationCounts {
  status: string;
  kept: number;
  unreadable: number;
  ruleBroken: number;
  error?: string | null;
}

function cases(count: number): string {
  return `${countOf(count, 'case', 'cases')}`;
}

export const STATUS_WORDS: Record<string, string> = {
  queued: 'Waiting for a worker to start…',
  running: 'Drafting cases…',
  succeeded: 'Finished',
  failed: 'Failed',
};

export function isFinished(status: string): boolean {
  return status === 'succeeded' || status === 'failed';
}

/** What a finished generation left: the drafts proposed, and those left out, unreadable apart from rule-broken. */
export function outcomeWords(counts: GenerationCounts): string {
  const kept = `${cases(counts.kept)} proposed`;
  const leftOut = counts.unreadable + counts.ruleBroken;
  if (leftOut === 0) return `${kept}; none left out.`;
  return `${kept}; ${cases(leftOut)} left out: ${counts.unreadable} could not be read, ${counts.ruleBroken} broke ${counts.ruleBroken === 1 ? 'its' : 'their'} source's rule.`;
}

export interface DraftLinks {
  source: string;
  knowledgeDocumentId?: string | null;
  knowledgeBase?: { id: string; name: string } | null;
  passageId?: string | null;
  category?: string | null;
  questionMessageId?: string | null;
}

/** What a draft links to, by its source: the document, the question it varies, or its red-team category. */
export function draftLinkWords(draft: DraftLinks): string | null {
  if (draft.source === 'knowledge' && draft.knowledgeDocumentId) return `From a passage of document ${draft.knowledgeDocumentId}`;
  if (draft.source === 'chats' && draft.questionMessageId) return `Varies question ${draft.questionMessageId} people asked`;
  if (draft.source === 'red_team' && draft.category) return `Red-team category: ${draft.category}`;
  return null;
}

/** A knowledge draft's base, named and linked to its page; none when the reader may not read it. */
export function draftKnowledgeBase(draft: DraftLinks): { name: string; path: string } | null {
  if (draft.source !== 'knowledge' || !draft.knowledgeBase) return null;
  return { name: draft.knowledgeBase.name, path: knowledgeBasePath(draft.knowledgeBase.id) };
}

export interface DraftTwins<Case extends { id: string }> {
  proposedCaseId: string;
  cases: readonly Case[];
}

/**
 * The cases an Accept was stopped by - drafts asking what a case of the
 * newest version already asks, as adding one by hand is - each case once.
 */
export function twinCases<Case extends { id: string }>(twins: readonly DraftTwins<Case>[]): Case[] {
  const seen = new Map<string, Case>();
  for (const twin of twins) for (const found of twin.cases) if (!seen.has(found.id)) seen.set(found.id, found);
  return [...seen.values()];
}

/** How the twin dialog speaks of drafts being accepted. */
export const DRAFT_TWIN_WORDS = {
  keep: 'Keep the drafts waiting',
  anyway: 'Accept anyway',
  meanwhile: 'the drafts keep waiting',
  what: 'accept anyway to keep both',
};

/** After an Accept: which version it made. */
export function acceptedWords(accepted: number, version: number): string {
  return `${cases(accepted)} accepted as version ${version}.`;
}

/**
 * What becomes of the tag a coverage gap opened the dialog for: the
 * generation is asked for it (`focusTag`), so every case is written for it
 * and every draft carries it, whatever the sources.
 */
export function gapTagWords(tag: string): string {
  return `The drafts will be written for “${tag}” and tagged with it, whatever the sources below.`;
}
