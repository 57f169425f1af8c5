/**
 * How far to trust the judge, per criterion, in words: how often its verdict
 * agreed with people's decisions (raw agreement and Cohen's kappa, with the
 * counts they rest on), how often it flipped across repetitions of the same
 * answer, and how many of its quotes the answer does not hold.
 */
import { countOf } from '../common/count';

export interface TrustLike {
  decided: number;
  bothPass: number;
  bothFail: number;
  judgePassPersonFail: number;
  judgeFailPersonPass: number;
  agreement?: number | null;
  kappa?: number | null;
  repeatedAnswers: number;
  flipped: number;
  flipRate?: number | null;
  quotes: number;
  unverifiedQuotes: number;
  unverifiedQuoteRate?: number | null;
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** Landis and Koch's words for a kappa, so a number reads as a judgement. */
export function kappaWords(kappa: number): string {
  if (kappa < 0) return 'worse than chance';
  if (kappa < 0.2) return 'slight';
  if (kappa < 0.4) return 'fair';
  if (kappa < 0.6) return 'moderate';
  if (kappa < 0.8) return 'substantial';
  return 'almost perfect';
}

export function agreementWords(trust: TrustLike): string {
  if (trust.decided === 0) return 'No decision by a person to compare with yet';
  const agreed = trust.bothPass + trust.bothFail;
  const rate = trust.agreement ?? agreed / trust.decided;
  const kappa = trust.kappa === null || trust.kappa === undefined ? 'kappa not defined (every verdict and decision the same)' : `kappa ${trust.kappa.toFixed(2)}, ${kappaWords(trust.kappa)}`;
  return `Agrees with people on ${agreed} of ${countOf(trust.decided, 'decision', 'decisions')} (${percent(rate)}; ${kappa})`;
}

export function disagreementWords(trust: TrustLike): string | null {
  if (trust.decided === 0 || trust.judgePassPersonFail + trust.judgeFailPersonPass === 0) return null;
  return `passed ${trust.judgePassPersonFail} a person failed, failed ${trust.judgeFailPersonPass} a person passed`;
}

export function flipWords(trust: TrustLike): string {
  if (trust.repeatedAnswers === 0) return 'no answer graded twice';
  const rate = trust.flipRate ?? trust.flipped / trust.repeatedAnswers;
  return `flipped on ${trust.flipped} of ${trust.repeatedAnswers} repeated ${trust.repeatedAnswers === 1 ? 'answer' : 'answers'} (${percent(rate)})`;
}

export function quoteWords(trust: TrustLike): string {
  if (trust.quotes === 0) return 'no quote given';
  const rate = trust.unverifiedQuoteRate ?? trust.unverifiedQuotes / trust.quotes;
  return `${trust.unverifiedQuotes} of ${countOf(trust.quotes, 'quote', 'quotes')} unverified (${percent(rate)})`;
}
