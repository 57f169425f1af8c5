/**
 * The run's per-case table as the console lays it out: a row per case and
 * agent, or — with several agents and none picked — a row per case with
 * each agent side by side (the API's caseRows); what a selection sends to
 * review; the filter choices with their counts.
 */
import type { ScoreOutcome } from '../gql/graphql';

export interface ResultLike {
  case: { id: string };
  agentId: string;
  medianScore?: { id: string } | null;
}

export interface CaseRow<R extends ResultLike> {
  caseId: string;
  first: R;
  byAgent: Record<string, R>;
}

/** The scores a selection sends to review: the answer shown of each selected row (every agent's, for a row per case). */
export function selectedScoreIds<R extends ResultLike>(rows: readonly R[], selected: Record<string, boolean>, keyOf: (row: R) => string): string[] {
  return [...new Set(rows.filter((row) => selected[keyOf(row)] === true).flatMap((row) => (row.medianScore ? [row.medianScore.id] : [])))];
}

export const OUTCOME_CHOICES: { value: ScoreOutcome; label: string }[] = [
  { value: 'PASS', label: 'Passed' },
  { value: 'FAIL', label: 'Failed' },
  { value: 'NOT_GRADED', label: 'Not graded' },
];

/** "Failed · 3": a filter's value with how many rows it would show, the other filters applied. */
export function withCount(label: string, count: number | undefined): string {
  return count === undefined ? label : `${label} · ${count}`;
}
