/**
 * A comparison of two runs as the page shows it: the headline, the pass
 * rate before and after, and one row per flipped case and agent —
 * regressions first (confirmed ones before the rest), then improvements.
 */
import type { EvalFlipKind, ScoreOutcome } from '../gql/graphql';
import { formatRate } from './progress';
import { countOf } from '../common/count';

export interface FlippedResult {
  case: { id: string; input: string; masked: boolean; tags: readonly string[] };
  agentId: string;
  agentName: string;
  outcome?: ScoreOutcome | null;
  baselineOutcome?: ScoreOutcome | null;
  flip?: EvalFlipKind | null;
  confirmed?: boolean | null;
}

export interface ComparisonLike<R extends FlippedResult> {
  sameVersion: boolean;
  note?: string | null;
  comparedCases: number;
  regressions: readonly R[];
  improvements: readonly R[];
  confirmedRegressions: number;
  passRateBefore?: number | null;
  passRateAfter?: number | null;
}

export type Confirmation = 'confirmed' | 'not-confirmed' | 'unconfirmed';

export interface FlipRow<R extends FlippedResult> {
  key: string;
  kind: EvalFlipKind;
  result: R;
  before: ScoreOutcome | null;
  after: ScoreOutcome | null;
  /** For a regression: the rerun agreed, disagreed, or has not run yet. */
  confirmation: Confirmation;
}

export interface ComparisonView<R extends FlippedResult> {
  headline: string;
  /** Said when the runs answered different versions: only the cases both hold are compared. */
  versionNote: string | null;
  before: string;
  after: string;
  /** Percentage points, signed; null when either side graded nothing. */
  deltaPoints: number | null;
  direction: 'better' | 'worse' | 'same' | 'unknown';
  rows: FlipRow<R>[];
}

function confirmationOf(confirmed: boolean | null | undefined): Confirmation {
  if (confirmed === true) return 'confirmed';
  if (confirmed === false) return 'not-confirmed';
  return 'unconfirmed';
}

const CONFIRMATION_ORDER: Record<Confirmation, number> = { confirmed: 0, unconfirmed: 1, 'not-confirmed': 2 };

export function comparisonView<R extends FlippedResult>(comparison: ComparisonLike<R>): ComparisonView<R> {
  const row = (kind: EvalFlipKind) => (result: R): FlipRow<R> => ({
    key: `${kind}:${result.case.id}:${result.agentId}`,
    kind,
    result,
    before: result.baselineOutcome ?? null,
    after: result.outcome ?? null,
    confirmation: confirmationOf(result.confirmed),
  });
  const regressions = comparison.regressions.map(row('REGRESSION'));
  regressions.sort((a, b) => CONFIRMATION_ORDER[a.confirmation] - CONFIRMATION_ORDER[b.confirmation]);
  const improvements = comparison.improvements.map(row('IMPROVEMENT'));

  const regressionWords =
    comparison.regressions.length === 0
      ? 'No regression'
      : `${countOf(comparison.regressions.length, 'regression', 'regressions')} (${comparison.confirmedRegressions} confirmed)`;
  const headline = `${regressionWords} · ${countOf(comparison.improvements.length, 'improvement', 'improvements')} · ${countOf(comparison.comparedCases, 'case', 'cases')} compared`;

  const { passRateBefore: before, passRateAfter: after } = comparison;
  const known = typeof before === 'number' && typeof after === 'number';
  const deltaPoints = known ? Math.round((after - before) * 1000) / 10 : null;
  const direction = deltaPoints === null ? 'unknown' : deltaPoints > 0 ? 'better' : deltaPoints < 0 ? 'worse' : 'same';
  const versionNote = comparison.sameVersion ? null : comparison.note?.trim() || 'The runs answered different versions: only the cases both hold are compared.';
  return { headline, versionNote, before: formatRate(before), after: formatRate(after), deltaPoints, direction, rows: [...regressions, ...improvements] };
}

/** "+4.5 points", "−2 points", "no change". */
export function formatDelta(points: number | null): string {
  if (points === null) return 'not comparable';
  if (points === 0) return 'no change';
  return `${points > 0 ? '+' : '−'}${Math.abs(points)} points`;
}
