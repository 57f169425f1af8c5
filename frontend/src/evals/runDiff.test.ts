import { describe, expect, it } from 'vitest';
import { argsText, compareAnswers, compareToolCalls, compareVerdicts } from './runDiff';

const answer = (text: string | null, results: { scorer: string; status: 'PASS' | 'FAIL' | 'ERROR'; skipped?: boolean; reason?: string }[], toolCalls = [] as { name: string; args: unknown; blocked: boolean }[]) => ({
  answer: text,
  toolCalls,
  outcome: 'PASS' as const,
  results: results.map((result) => ({ skipped: false, reason: null, ...result })),
});

describe('one case in two runs', () => {
  it('reads arguments the same whatever the order of their keys', () => {
    expect(argsText({ b: 1, a: { d: 2, c: 3 } })).toBe(argsText({ a: { c: 3, d: 2 }, b: 1 }));
    expect(argsText(undefined)).toBe('null');
  });

  it('compares tool calls call by call, the changed arguments word by word', () => {
    const rows = compareToolCalls(
      [
        { name: 'lookup', args: { id: 1 }, blocked: false },
        { name: 'refund', args: { amount: 10 }, blocked: false },
      ],
      [
        { name: 'lookup', args: { id: 1 }, blocked: false },
        { name: 'refund', args: { amount: 12 }, blocked: false },
      ],
    );
    expect(rows.map((row) => row.kind)).toEqual(['same', 'changed']);
    expect(rows[1]?.args?.filter((part) => part.kind !== 'same').map((part) => [part.kind, part.text])).toEqual([
      ['removed', '10'],
      ['added', '12'],
    ]);
  });

  it('puts the scorers whose verdict changed first, and names one that graded only one side', () => {
    const rows = compareVerdicts(answer('a', [{ scorer: 'checks', status: 'PASS' }, { scorer: 'judge', status: 'PASS' }]), answer('b', [{ scorer: 'checks', status: 'PASS' }, { scorer: 'judge', status: 'FAIL', reason: 'Wrong period.' }, { scorer: 'reference', status: 'PASS', skipped: true }]));
    expect(rows.map((row) => [row.scorer, row.before, row.after, row.changed])).toEqual([
      ['judge', 'PASS', 'FAIL', true],
      ['reference', 'ABSENT', 'SKIPPED', true],
      ['checks', 'PASS', 'PASS', false],
    ]);
    expect(rows[0]?.afterReason).toBe('Wrong period.');
  });

  it('diffs the answers only when both are there to read', () => {
    expect(compareAnswers(answer('Refunds in 30 days', []), answer('Refunds in 14 days', []))?.map((part) => part.kind)).toEqual(['same', 'removed', 'added', 'same']);
    expect(compareAnswers(answer(null, []), answer('x', []))).toBeNull();
    expect(compareAnswers(null, answer('x', []))).toBeNull();
  });
});
