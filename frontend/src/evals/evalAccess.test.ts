import { describe, expect, it } from 'vitest';
import { runEvalsOffer } from './evalAccess';

describe('Run evals', () => {
  it('is offered to a reader who may start a run', () => {
    expect(runEvalsOffer({ canStart: true, reason: null })).toEqual({ kind: 'enabled' });
  });

  it('is disabled with its reason for a reader who may run the dataset but not read runs', () => {
    expect(runEvalsOffer({ canStart: false, reason: 'reading runs (runs:view) is needed to start an eval' })).toEqual({
      kind: 'disabled',
      reason: 'reading runs (runs:view) is needed to start an eval',
    });
  });

  it('is not offered to a reader who may not run the dataset, nor before access is known', () => {
    expect(runEvalsOffer({ canStart: false, reason: null })).toEqual({ kind: 'hidden' });
    expect(runEvalsOffer({ canStart: false, reason: '  ' })).toEqual({ kind: 'hidden' });
    expect(runEvalsOffer(null)).toEqual({ kind: 'hidden' });
  });
});
