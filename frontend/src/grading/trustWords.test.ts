import { describe, expect, it } from 'vitest';
import { agreementWords, disagreementWords, flipWords, kappaWords, quoteWords, type TrustLike } from './trustWords';

const none: TrustLike = { decided: 0, bothPass: 0, bothFail: 0, judgePassPersonFail: 0, judgeFailPersonPass: 0, repeatedAnswers: 0, flipped: 0, quotes: 0, unverifiedQuotes: 0 };

describe('judge trust in words', () => {
  it('says when there is nothing to measure', () => {
    expect(agreementWords(none)).toBe('No decision by a person to compare with yet');
    expect(disagreementWords(none)).toBeNull();
    expect(flipWords(none)).toBe('no answer graded twice');
    expect(quoteWords(none)).toBe('no quote given');
  });

  it('gives agreement with its counts and kappa', () => {
    // 6 both pass, 2 both fail, 1 each way: agreement 0.8, kappa (0.8 - 0.58) / 0.42 = 0.52.
    const trust = { ...none, decided: 10, bothPass: 6, bothFail: 2, judgePassPersonFail: 1, judgeFailPersonPass: 1, agreement: 0.8, kappa: 0.5238 };
    expect(agreementWords(trust)).toBe('Agrees with people on 8 of 10 decisions (80%; kappa 0.52, moderate)');
    expect(disagreementWords(trust)).toBe('passed 1 a person failed, failed 1 a person passed');
  });

  it('says kappa is not defined when every verdict and decision were the same', () => {
    expect(agreementWords({ ...none, decided: 1, bothPass: 1, agreement: 1, kappa: null })).toBe('Agrees with people on 1 of 1 decision (100%; kappa not defined (every verdict and decision the same))');
  });

  it('gives flips and unverified quotes as counts and rates', () => {
    expect(flipWords({ ...none, repeatedAnswers: 4, flipped: 1, flipRate: 0.25 })).toBe('flipped on 1 of 4 repeated answers (25%)');
    expect(quoteWords({ ...none, quotes: 12, unverifiedQuotes: 2, unverifiedQuoteRate: 2 / 12 })).toBe('2 of 12 quotes unverified (17%)');
  });

  it('names kappa’s strength', () => {
    expect([-0.1, 0.1, 0.3, 0.5, 0.7, 0.9].map(kappaWords)).toEqual(['worse than chance', 'slight', 'fair', 'moderate', 'substantial', 'almost perfect']);
  });
});
