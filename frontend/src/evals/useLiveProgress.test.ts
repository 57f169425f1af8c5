import { describe, expect, it } from 'vitest';
import type { EvalRunProgressSubscription } from '../gql/graphql';
import { keepNewer } from './useLiveProgress';

function event(sequence: number, answered: number, status: 'RUNNING' | 'FINISHED' = 'RUNNING'): EvalRunProgressSubscription {
  return {
    evalRunProgress: { runId: 'r1', status, statusReason: null, total: 10, answered, scored: answered, passed: answered, failed: 0, notGraded: 0, costUsd: 0, etaSeconds: null, sequence },
  };
}

describe('events of the run subscription', () => {
  it('keep the newest: a late or repeated event never moves the bar back', () => {
    const first = event(3, 3);
    const later = event(5, 5);
    expect(keepNewer(undefined, first)).toBe(first);
    expect(keepNewer(first, later)).toBe(later);
    expect(keepNewer(later, first)).toBe(later);
    expect(keepNewer(later, event(5, 5))).toStrictEqual(later);
    const finished = event(9, 10, 'FINISHED');
    expect(keepNewer(finished, event(12, 10))).toBe(finished);
  });
});
