/**
 * A dataset's coverage in words: how many cases, and why a tag is a gap -
 * what the API's `CoverageGap.reason` means for that tag's own counts.
 */
import { sourceName } from '../generation/generationChoices';
import { countOf } from '../common/count';

export interface GapCounts {
  reason: string;
  cases: number;
  failing: number;
}

export function casesWord(count: number): string {
  return `${countOf(count, 'case', 'cases')}`;
}

function failingWords(cases: number, failing: number): string {
  if (cases === 1) return 'its only case failed its latest score';
  if (failing === cases) return cases === 2 ? 'both its cases failed their latest score' : `all ${cases} of its cases failed their latest score`;
  return `${failing} of its ${cases} cases failed ${failing === 1 ? 'its' : 'their'} latest score`;
}

/** Why a tag is a gap: "2 of its 5 cases failed their latest score", "only 1 case — fewer than 3". */
export function gapReasonWords(gap: GapCounts, fewBelow: number): string {
  if (gap.reason === 'failing') return failingWords(gap.cases, gap.failing);
  if (gap.reason === 'few_cases') return gap.cases === 0 ? `no cases — fewer than ${fewBelow}` : `only ${casesWord(gap.cases)} — fewer than ${fewBelow}`;
  // A reason this console does not know yet still shows the counts it is about.
  return `${casesWord(gap.cases)}, ${gap.failing} failing`;
}

/** The reason as a sentence of its own, for the gap's row: "Only 1 case — fewer than 3." */
export function gapReasonSentence(gap: GapCounts, fewBelow: number): string {
  const words = gapReasonWords(gap, fewBelow);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

/** The short label beside a gap's tag. */
export function gapReasonLabel(reason: string): string {
  if (reason === 'failing') return 'Failing';
  if (reason === 'few_cases') return 'Few cases';
  return reason;
}

/** What Generate for this gap opens the dialog with: "2 cases, Red team". */
export function prefillWords(count: number, source: string): string {
  return `${casesWord(count)}, ${sourceName(source)}`;
}

/** The line above the tables: "12 cases in the newest version; 3 carry no tag." */
export function coverageSummaryWords(coverage: { cases: number; untagged: number }): string {
  const total = `${casesWord(coverage.cases)} in the newest version`;
  if (coverage.cases === 0) return `${total}.`;
  if (coverage.untagged === 0) return `${total}; every case carries a tag.`;
  if (coverage.untagged === coverage.cases) return `${total}; none carries a tag.`;
  return `${total}; ${countOf(coverage.untagged, 'carries', 'carry')} no tag.`;
}

/** When a tag counts as a gap, said once above the list. */
export function gapRuleWords(fewBelow: number): string {
  return `A tag is a gap when one of its cases failed its latest score, or when it has fewer than ${casesWord(fewBelow)}.`;
}
