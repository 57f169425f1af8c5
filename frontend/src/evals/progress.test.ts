import { describe, expect, it } from 'vitest';
import { barSections, formatEta, formatMs, formatRate, formatRateCount, formatUsd, isOver, newerProgress, percentAnswered, type ProgressNumbers, progressSentence } from './progress';

function progress(patch: Partial<ProgressNumbers> = {}): ProgressNumbers {
  return { runId: 'r1', status: 'RUNNING', total: 40, answered: 12, scored: 10, passed: 7, failed: 2, notGraded: 1, costUsd: 0.12, etaSeconds: 95, sequence: 5, ...patch };
}

describe('progress events', () => {
  it('keep the newest by sequence, whichever arrives first', () => {
    const older = progress({ sequence: 4, answered: 10 });
    const newer = progress({ sequence: 6, answered: 14 });
    expect(newerProgress(older, newer)).toBe(newer);
    expect(newerProgress(newer, older)).toBe(newer);
    expect(newerProgress(null, older)).toBe(older);
    expect(newerProgress(older, null)).toBe(older);
  });

  it('never replace a finished state with a running one', () => {
    const finished = progress({ status: 'FINISHED', sequence: 9, answered: 40, scored: 40 });
    const late = progress({ status: 'RUNNING', sequence: 12 });
    expect(newerProgress(finished, late)).toBe(finished);
    expect(newerProgress(late, finished)).toBe(finished);
  });

  it('start over for another run', () => {
    const other = progress({ runId: 'r2', sequence: 1 });
    expect(newerProgress(progress({ sequence: 30 }), other)).toBe(other);
  });

  it('know which statuses are over', () => {
    expect(['QUEUED', 'RUNNING', 'CONFIRMING'].map((s) => isOver(s as ProgressNumbers['status']))).toEqual([false, false, false]);
    expect(['FINISHED', 'FAILED', 'CANCELLED'].map((s) => isOver(s as ProgressNumbers['status']))).toEqual([true, true, true]);
  });
});

describe('the bar', () => {
  it('shows passed, failed, not graded, then answered but not scored, in shares of the whole', () => {
    expect(barSections(progress()).map(({ key, count, value }) => [key, count, value])).toEqual([
      ['passed', 7, 17.5],
      ['failed', 2, 5],
      ['notGraded', 1, 2.5],
      ['unscored', 2, 5],
    ]);
  });

  it('never adds past the whole, even when the counts disagree for a moment', () => {
    const sections = barSections(progress({ total: 10, answered: 12, scored: 11, passed: 9, failed: 2, notGraded: 0 }));
    expect(sections.reduce((sum, section) => sum + section.value, 0)).toBeLessThanOrEqual(100);
    expect(barSections(progress({ total: 0, answered: 0, scored: 0, passed: 0, failed: 0, notGraded: 0 }))).toEqual([]);
  });

  it('says 100% only when everything is answered', () => {
    expect(percentAnswered(progress({ total: 1000, answered: 999 }))).toBe(99);
    expect(percentAnswered(progress({ total: 40, answered: 40 }))).toBe(100);
    expect(percentAnswered(progress({ total: 40, answered: 13 }))).toBe(32);
    expect(percentAnswered(progress({ total: 0, answered: 0, status: 'FINISHED' }))).toBe(100);
    expect(percentAnswered(progress({ total: 0, answered: 0 }))).toBe(0);
  });

  it('says the counts in a sentence', () => {
    expect(progressSentence(progress())).toBe('12 of 40 answered · 10 scored: 7 passed, 2 failed, 1 not graded');
    expect(progressSentence(progress({ answered: 0, scored: 0 }))).toBe('0 of 40 answered · 0 scored');
  });
});

describe('words', () => {
  it('say cost, under a cent as such', () => {
    expect(formatUsd(1.2)).toBe('$1.20');
    expect(formatUsd(0.004)).toBe('under a cent');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(null)).toBe('unknown');
  });

  it('say time left', () => {
    expect(formatEta(null)).toBeNull();
    expect(formatEta(-1)).toBeNull();
    expect(formatEta(0.2)).toBe('almost done');
    expect(formatEta(40.2)).toBe('about 41 s left');
    expect(formatEta(95)).toBe('about 2 min left');
    expect(formatEta(3600)).toBe('about 1 h left');
    expect(formatEta(3900)).toBe('about 1 h 5 min left');
  });

  it('say rates and latencies', () => {
    expect(formatRate(0.875)).toBe('87.5%');
    expect(formatRate(null)).toBe('–');
    // A rate carries the count it stands for.
    expect(formatRateCount({ passed: 0, failed: 1, passRate: 0 })).toBe('0% · 0 of 1');
    expect(formatRateCount({ passed: 7, failed: 1, passRate: 0.875 })).toBe('87.5% · 7 of 8');
    expect(formatRateCount({ passed: 0, failed: 0, passRate: null })).toBe('– · none graded');
    expect(formatMs(840.4)).toBe('840 ms');
    expect(formatMs(1234)).toBe('1.2 s');
    expect(formatMs(12_345)).toBe('12 s');
  });
});
