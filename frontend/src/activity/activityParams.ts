/**
 * Activity's address: the filters of the runs table (`agent`, `rating`,
 * `since`, `until` as days, `isolated`, `eval`), and `dataset` when Activity
 * was opened from a dataset's **Add from Activity**, so Add to dataset adds
 * there and offers the way back. A run's detail keeps the same search.
 */
import type { RatingFilter, RunFilterInput } from '../gql/graphql';

export type Tristate = 'yes' | 'no' | null;

export interface ActivityParams {
  agentId: string | null;
  rating: RatingFilter | null;
  /** A day, `YYYY-MM-DD`, in the browser's time zone: runs started on or after it. */
  since: string | null;
  /** A day: runs started on or before it. */
  until: string | null;
  isolated: Tristate;
  eval: Tristate;
  /** The dataset Add to dataset adds to (opened from its **Add from Activity**). */
  datasetId: string | null;
}

export const RATING_FILTERS: readonly RatingFilter[] = ['UP', 'DOWN', 'RATED', 'UNRATED'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: string | null): string | null {
  if (value === null || !DAY.test(value)) return null;
  return Number.isNaN(new Date(`${value}T00:00:00`).getTime()) ? null : value;
}

function tristate(value: string | null): Tristate {
  return value === 'yes' || value === 'no' ? value : null;
}

function text(value: string | null): string | null {
  return value !== null && value.trim() !== '' ? value : null;
}

export function readActivityParams(search: string | URLSearchParams): ActivityParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const rating = params.get('rating');
  return {
    agentId: text(params.get('agent')),
    rating: (RATING_FILTERS as readonly string[]).includes(rating ?? '') ? (rating as RatingFilter) : null,
    since: day(params.get('since')),
    until: day(params.get('until')),
    isolated: tristate(params.get('isolated')),
    eval: tristate(params.get('eval')),
    datasetId: text(params.get('dataset')),
  };
}

/** The query string for these params, defaults left out: `?` alone shows every run. */
export function activitySearch(params: ActivityParams): string {
  const search = new URLSearchParams();
  if (params.agentId) search.set('agent', params.agentId);
  if (params.rating) search.set('rating', params.rating);
  if (params.since) search.set('since', params.since);
  if (params.until) search.set('until', params.until);
  if (params.isolated) search.set('isolated', params.isolated);
  if (params.eval) search.set('eval', params.eval);
  if (params.datasetId) search.set('dataset', params.datasetId);
  const query = search.toString();
  return query === '' ? '' : `?${query}`;
}

/** Midnight at the start of a day in the browser's time zone, as the API's DateTime. */
function startOfDay(value: string, plusDays = 0): string {
  const date = new Date(`${value}T00:00:00`);
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
}

/**
 * The API's filter. `until` is inclusive on screen ("up to and including the
 * 3rd") and exclusive in the API ("started before"), so it is the next midnight.
 */
export function runFilterFrom(params: ActivityParams): RunFilterInput {
  return {
    agentId: params.agentId,
    rating: params.rating,
    since: params.since ? startOfDay(params.since) : null,
    until: params.until ? startOfDay(params.until, 1) : null,
    isolated: params.isolated === null ? null : params.isolated === 'yes',
    eval: params.eval === null ? null : params.eval === 'yes',
  };
}

/** Whether any filter narrows the table (the dataset link is not a filter). */
export function isFiltered(params: ActivityParams): boolean {
  return Boolean(params.agentId || params.rating || params.since || params.until || params.isolated || params.eval);
}

/** A key that changes whenever the filter does, so paging starts again. */
export function filterKey(params: ActivityParams): string {
  return JSON.stringify(runFilterFrom(params));
}

/** A run's detail, keeping Activity's filters and dataset so the way back returns to the same table. */
export function runPath(runId: string, params: ActivityParams): string {
  return `/activity/runs/${encodeURIComponent(runId)}${activitySearch(params)}`;
}

/** Activity opened from a dataset's **Add from Activity**. */
export function activityForDataset(datasetId: string): string {
  return `/activity?dataset=${encodeURIComponent(datasetId)}`;
}
