import type { ReviewSentBy, ScorerStatus } from '../gql/graphql';
import { countOf } from '../common/count';

/** How Review answers puts things: findings failing first, why an answer waits, the queue's counts. */

const STATUS_ORDER: Record<ScorerStatus, number> = { FAIL: 0, ERROR: 1, PASS: 2 };

/** Failing first, then those with no verdict, then passing; otherwise as the scorers were listed. */
export function failingFirst<T extends { status: ScorerStatus; skipped?: boolean | null }>(findings: readonly T[]): T[] {
  const rank = (finding: T) => (finding.skipped ? 1 : STATUS_ORDER[finding.status]);
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => rank(a.finding) - rank(b.finding) || a.index - b.index)
    .map(({ finding }) => finding);
}

export const SENT_BY_WORDS: Record<ReviewSentBy, string> = {
  PERSON: 'sent by a person',
  EVAL_RUN: 'sent by an eval run',
  SETTING: 'sent by the Review by a person setting',
  LOW_CONFIDENCE: 'sent as a low-confidence verdict',
  DECISION_WITHDRAWN: 'waits again: its decision was withdrawn',
};

export const SCORER_NAMES: Record<string, string> = {
  checks: 'Checks',
  tool_calls: 'Expected tool calls',
  judge: 'Judge',
  reference: 'Reference answer',
  structured: 'JSON answer',
};

export const CRITERION_KINDS: Record<string, string> = {
  rubric: 'Your criterion',
  case_check: 'This case’s judge check',
  reference: 'Reference answer',
  counter_example: 'Counter-example',
};

export interface CountsLike {
  waiting: number;
  notPassed: number;
  notGraded: number;
  passed: number;
}

export function countWords(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "5 wait for review: 2 did not pass, 1 not graded, 2 passed"; "Nothing waits for review". */
export function queueSentence(counts: CountsLike | null | undefined): string {
  if (!counts || counts.waiting === 0) return 'Nothing waits for review';
  return `${countOf(counts.waiting, 'waits', 'wait')} for review: ${counts.notPassed} did not pass, ${counts.notGraded} not graded, ${counts.passed} passed`;
}
