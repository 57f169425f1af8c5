/**
 * An eval run's progress in numbers and words: which event is newest, the
 * shares of the bar, cost so far and time left.
 */
import type { EvalRunStatus } from '../gql/graphql';

export interface ProgressNumbers {
  runId: string;
  status: EvalRunStatus;
  statusReason?: string | null;
  total: number;
  answered: number;
  scored: number;
  passed: number;
  failed: number;
  notGraded: number;
  costUsd: number;
  etaSeconds?: number | null;
  sequence: number;
}

const FINISHED: ReadonlySet<EvalRunStatus> = new Set(['FINISHED', 'FAILED', 'CANCELLED']);

/** Finished, failed or cancelled: nothing more will arrive. */
export function isOver(status: EvalRunStatus): boolean {
  return FINISHED.has(status);
}

/** Whether the run may still be cancelled. */
export function isActive(status: EvalRunStatus): boolean {
  return !isOver(status);
}

export const STATUS_WORDS: Record<EvalRunStatus, { label: string; color: string }> = {
  QUEUED: { label: 'Queued', color: 'gray' },
  RUNNING: { label: 'Running', color: 'blue' },
  CONFIRMING: { label: 'Confirming flips', color: 'violet' },
  FINISHED: { label: 'Finished', color: 'teal' },
  FAILED: { label: 'Failed', color: 'red' },
  CANCELLED: { label: 'Cancelled', color: 'orange' },
};

/**
 * The newer of two states of the same run. The page's query and the
 * subscription both bring progress, and either may be the older: the
 * sequence (one more per published event) decides, and a finished state is
 * never replaced by one that is not.
 */
export function newerProgress<P extends ProgressNumbers>(current: P | null | undefined, incoming: P | null | undefined): P | null {
  if (!incoming) return current ?? null;
  if (!current || current.runId !== incoming.runId) return incoming;
  if (isOver(current.status) && !isOver(incoming.status)) return current;
  if (isOver(incoming.status) && !isOver(current.status)) return incoming;
  return incoming.sequence >= current.sequence ? incoming : current;
}

function share(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, (part / total) * 100));
}

export interface BarSection {
  key: 'passed' | 'failed' | 'notGraded' | 'unscored';
  label: string;
  count: number;
  /** Percent of the whole bar. */
  value: number;
  color: string;
}

/**
 * The bar's sections, left to right: passed, failed, not graded, then
 * answered but not scored yet; what is left is waiting for an answer. The
 * sections never add past 100, even when the counts disagree for a moment.
 */
export function barSections(progress: ProgressNumbers): BarSection[] {
  const { total } = progress;
  const scoredParts = [
    { key: 'passed' as const, label: 'Passed', count: progress.passed, color: 'teal' },
    { key: 'failed' as const, label: 'Failed', count: progress.failed, color: 'red' },
    { key: 'notGraded' as const, label: 'Not graded', count: progress.notGraded, color: 'gray' },
    { key: 'unscored' as const, label: 'Answered, being scored', count: Math.max(0, progress.answered - progress.scored), color: 'blue' },
  ];
  let left = 100;
  return scoredParts
    .filter((part) => part.count > 0)
    .map((part) => {
      const value = Math.min(left, share(part.count, total));
      left -= value;
      return { ...part, value };
    });
}

/** Whole percent answered, for the bar's label: never 100 before everything is. */
export function percentAnswered(progress: ProgressNumbers): number {
  if (progress.total <= 0) return isOver(progress.status) ? 100 : 0;
  const exact = share(progress.answered, progress.total);
  return progress.answered < progress.total ? Math.min(99, Math.floor(exact)) : 100;
}

/** Dollars as the console says them: "$1.20", "$0.004" → "under a cent", nothing spent → "$0.00". */
export function formatUsd(usd: number | null | undefined): string {
  if (usd === null || usd === undefined || !Number.isFinite(usd)) return 'unknown';
  if (usd > 0 && usd < 0.005) return 'under a cent';
  return `$${usd.toFixed(2)}`;
}

/** Time left in words: "about 40 s left", "about 3 min left", "about 1 h 5 min left". */
export function formatEta(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds < 1) return 'almost done';
  if (seconds < 60) return `about ${Math.ceil(seconds)} s left`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h left` : `about ${hours} h ${rest} min left`;
}

/** "12 of 40 answered · 10 scored: 7 passed, 2 failed, 1 not graded". */
export function progressSentence(progress: ProgressNumbers): string {
  const counted = `${progress.answered} of ${progress.total} answered · ${progress.scored} scored`;
  if (progress.scored === 0) return counted;
  return `${counted}: ${progress.passed} passed, ${progress.failed} failed, ${progress.notGraded} not graded`;
}

/** A pass rate (0..1) as a percent, or a dash when nothing was graded. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '–';
  return `${Math.round(rate * 1000) / 10}%`;
}

/**
 * A pass rate with the count it stands for, "0% · 0 of 1": a rate over one
 * graded answer says as little as the count shows. The rate is over the
 * answers that reached a verdict (passed and failed), as the API counts it.
 */
export function formatRateCount(tally: { passed: number; failed: number; passRate?: number | null }): string {
  const graded = tally.passed + tally.failed;
  if (graded === 0) return '– · none graded';
  const rate = typeof tally.passRate === 'number' && Number.isFinite(tally.passRate) ? tally.passRate : tally.passed / graded;
  return `${formatRate(rate)} · ${tally.passed} of ${graded}`;
}

/** Milliseconds as "840 ms" or "1.2 s". */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}
