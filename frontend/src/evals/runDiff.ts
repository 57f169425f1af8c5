/**
 * One case answered in two runs, set side by side: the answers word by
 * word, the tool calls call by call, and each scorer's verdict before and
 * now (the person's decision too, where one decided).
 */
import { type Aligned, alignLists, type DiffPart, wordDiff } from '../common/textDiff';
import type { ScoreOutcome, ScorerStatus } from '../gql/graphql';

export interface ToolCallLike {
  name: string;
  args: unknown;
  blocked: boolean;
}

export interface AnswerLike {
  answer?: string | null;
  toolCalls?: readonly ToolCallLike[] | null;
  results: readonly { scorer: string; status: ScorerStatus; skipped: boolean; reason?: string | null }[];
  outcome: ScoreOutcome;
  finalOutcome?: ScoreOutcome | null;
}

/** A call's arguments as text, keys sorted, so the same arguments read the same whatever their order. */
export function argsText(args: unknown): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, sorted(inner)]));
    return value;
  };
  return JSON.stringify(sorted(args ?? null), null, 2) ?? 'null';
}

export interface CallRow extends Aligned<ToolCallLike> {
  /** For a call both made with other arguments: the arguments word by word. */
  args: DiffPart[] | null;
}

/** The calls of before and now, call by call: the same call (name and arguments), a call changed in place, one only one side made. */
export function compareToolCalls(before: readonly ToolCallLike[], after: readonly ToolCallLike[]): CallRow[] {
  return alignLists(before, after, (call) => `${call.name}\u0000${argsText(call.args)}\u0000${call.blocked}`).map((row) => ({
    ...row,
    args: row.kind === 'changed' && row.before && row.after ? wordDiff(argsText(row.before.args), argsText(row.after.args)) : null,
  }));
}

export type VerdictWord = ScorerStatus | 'SKIPPED' | 'ABSENT';

export interface VerdictRow {
  scorer: string;
  before: VerdictWord;
  after: VerdictWord;
  beforeReason: string | null;
  afterReason: string | null;
  changed: boolean;
}

function verdictOf(result: AnswerLike['results'][number] | undefined): VerdictWord {
  if (!result) return 'ABSENT';
  return result.skipped ? 'SKIPPED' : result.status;
}

/** Each scorer either answer was graded by, in the order they were listed, changed verdicts first. */
export function compareVerdicts(before: AnswerLike | null, after: AnswerLike | null): VerdictRow[] {
  const scorers = [...new Set([...(after?.results ?? []), ...(before?.results ?? [])].map((result) => result.scorer))];
  const rows = scorers.map((scorer) => {
    const was = before?.results.find((result) => result.scorer === scorer);
    const now = after?.results.find((result) => result.scorer === scorer);
    const row = { scorer, before: verdictOf(was), after: verdictOf(now), beforeReason: was?.reason ?? null, afterReason: now?.reason ?? null };
    return { ...row, changed: row.before !== row.after };
  });
  return rows.map((row, index) => ({ row, index })).sort((a, b) => Number(b.row.changed) - Number(a.row.changed) || a.index - b.index).map(({ row }) => row);
}

/** The answers word by word; null when either side's answer is hidden from the reader or missing. */
export function compareAnswers(before: AnswerLike | null, after: AnswerLike | null): DiffPart[] | null {
  if (typeof before?.answer !== 'string' || typeof after?.answer !== 'string') return null;
  return wordDiff(before.answer, after.answer);
}
