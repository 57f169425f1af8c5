import type { ReviewAnswersFilter, ScoreOutcome } from '../gql/graphql';

/**
 * The address of Results → Review answers: `?tab=results&view=review`, with
 * the filters (`&outcome=FAIL&agent={name}&tag={tag}&evalRun={id}`) and the
 * answer open in the side panel (`&score={id}`). Each is an address, so Back,
 * a link from the dashboard or an eval run's "Review results" lead there.
 */

export interface ReviewParams {
  outcome: ScoreOutcome | null;
  agent: string | null;
  tag: string | null;
  /** Only the answers of this eval run (its group). */
  evalRun: string | null;
  /** The answer open in the side panel. */
  score: string | null;
}

const OUTCOMES: readonly ScoreOutcome[] = ['PASS', 'FAIL', 'NOT_GRADED'];

export const NO_REVIEW_PARAMS: ReviewParams = { outcome: null, agent: null, tag: null, evalRun: null, score: null };

function text(params: URLSearchParams, name: string): string | null {
  const value = params.get(name);
  return value !== null && value.trim() !== '' ? value : null;
}

/** Whether the address shows Review answers rather than the test runs. */
export function showsReview(search: string | URLSearchParams): boolean {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return params.get('tab') === 'results' && params.get('view') === 'review' && text(params, 'run') === null;
}

export function readReviewParams(search: string | URLSearchParams): ReviewParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const outcome = params.get('outcome');
  return {
    outcome: (OUTCOMES as readonly string[]).includes(outcome ?? '') ? (outcome as ScoreOutcome) : null,
    agent: text(params, 'agent'),
    tag: text(params, 'tag'),
    evalRun: text(params, 'evalRun'),
    score: text(params, 'score'),
  };
}

/** The query string of Review answers with these params; those left out or null are not written. */
export function reviewSearch(patch: Partial<ReviewParams> = {}): string {
  const params = { ...NO_REVIEW_PARAMS, ...patch };
  const search = new URLSearchParams({ tab: 'results', view: 'review' });
  if (params.outcome) search.set('outcome', params.outcome);
  if (params.agent) search.set('agent', params.agent);
  if (params.tag) search.set('tag', params.tag);
  if (params.evalRun) search.set('evalRun', params.evalRun);
  if (params.score) search.set('score', params.score);
  return `?${search.toString()}`;
}

export function reviewPath(datasetId: string, patch: Partial<ReviewParams> = {}): string {
  return `/datasets/${encodeURIComponent(datasetId)}${reviewSearch(patch)}`;
}

/** The API's filter for the params: review state never splits the list, so it is not one. */
export function reviewFilter(params: ReviewParams): ReviewAnswersFilter | null {
  const filter: ReviewAnswersFilter = {};
  if (params.outcome) filter.outcome = params.outcome;
  if (params.agent) filter.agentName = params.agent;
  if (params.tag) filter.tag = params.tag;
  if (params.evalRun) filter.evalRunId = params.evalRun;
  return Object.keys(filter).length === 0 ? null : filter;
}

/** A key naming the list the filters give, so paging and the rows kept in place start again when it changes. */
export function filterKey(params: ReviewParams): string {
  return JSON.stringify([params.outcome, params.agent, params.tag, params.evalRun]);
}
