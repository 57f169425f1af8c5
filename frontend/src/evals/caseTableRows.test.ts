import { describe, expect, it } from 'vitest';
import { selectedScoreIds, withCount } from './caseTableRows';

const result = (caseId: string, agentId: string, scoreId: string | null) => ({ case: { id: caseId }, agentId, medianScore: scoreId ? { id: scoreId } : null });

describe("the run's case table", () => {
  const page = [result('c1', 'a', 's1'), result('c1', 'b', 's2'), result('c2', 'a', 's3'), result('c2', 'b', null)];

  it('sends the answer shown of each selected row, every agent of a selected case, once each', () => {
    expect(selectedScoreIds(page, { c1: true }, (row) => row.case.id)).toEqual(['s1', 's2']);
    expect(selectedScoreIds(page, { 'c2:a': true, 'c2:b': true, 'c1:a': false }, (row) => `${row.case.id}:${row.agentId}`)).toEqual(['s3']);
    expect(selectedScoreIds(page, {}, (row) => row.case.id)).toEqual([]);
  });

  it('says how many rows a filter value holds', () => {
    expect(withCount('Failed', 3)).toBe('Failed · 3');
    expect(withCount('Failed', 0)).toBe('Failed · 0');
    expect(withCount('Failed', undefined)).toBe('Failed');
  });
});
