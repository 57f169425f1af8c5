import { describe, expect, it } from 'vitest';
import { erasureProgress, erasureSummary, personInput, retentionDays } from './erasure';

describe('personInput', () => {
  it('sends a chosen member by id and a named end user by their name, trimmed', () => {
    expect(personInput({ kind: 'member', memberId: 'VXNlcjox' })).toEqual({ input: { memberId: 'VXNlcjox' } });
    expect(personInput({ kind: 'endUser', name: '  ana@example.com ' })).toEqual({ input: { endUser: 'ana@example.com' } });
  });

  it('says what is missing instead of sending nothing', () => {
    expect(personInput({ kind: 'member', memberId: null })).toEqual({ missing: 'Choose a member.' });
    expect(personInput({ kind: 'endUser', name: '   ' })).toHaveProperty('missing');
    expect(personInput({ kind: 'endUser', name: 'x'.repeat(201) })).toEqual({ missing: 'A name has at most 200 characters.' });
  });
});

describe('erasureProgress', () => {
  it('reads the job result the worker reports after each chunk', () => {
    const progress = erasureProgress({ phase: 'cases', total: 40, done: 10, cases_anonymised: 10, cases_with_turns_erased: 0, conversations_removed: 0 });
    expect(progress).toMatchObject({ phase: 'cases', done: 10, total: 40, percent: 25, casesAnonymised: 10 });
  });

  it('is whole when finished, even with nothing to erase', () => {
    expect(erasureProgress({ phase: 'finished', total: 0, done: 0 })?.percent).toBe(100);
    expect(erasureProgress({ phase: 'cases', total: 0, done: 0 })?.percent).toBe(0);
  });

  it('holds nothing before the worker reported, or for a result it cannot read', () => {
    expect(erasureProgress(null)).toBeNull();
    expect(erasureProgress({ phase: 'elsewhere' })).toBeNull();
    expect(erasureProgress({ phase: 'runs', total: 'many', done: -3 })).toMatchObject({ total: 0, done: 0, percent: 0 });
  });

  it('never shows more done than there is', () => {
    expect(erasureProgress({ phase: 'history', total: 5, done: 9 })).toMatchObject({ done: 5, percent: 100 });
  });

  it('sums up what a finished erasure did', () => {
    const finished = erasureProgress({ phase: 'finished', total: 4, done: 4, cases_anonymised: 2, cases_with_turns_erased: 1, conversations_removed: 1 });
    expect(finished && erasureSummary(finished)).toBe('2 cases anonymised, 1 case of others cleaned of their turns, 1 conversation deleted');
  });
});

describe('retentionDays', () => {
  it('takes whole days from 1 to 36,500, and empty as none', () => {
    expect(retentionDays('30')).toEqual({ days: 30 });
    expect(retentionDays(36_500)).toEqual({ days: 36_500 });
    expect(retentionDays('')).toEqual({ days: null });
  });

  it('refuses what the API would', () => {
    for (const given of ['0', '-1', '1.5', '36501', 'abc', 2 ** 40]) expect(retentionDays(given)).toHaveProperty('problem');
  });
});
