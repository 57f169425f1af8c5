import { describe, expect, it } from 'vitest';
import { pivotByAgent, scorerLabel, tallyWords } from './summaryTables';

const columns = [
  { agentId: 'a1', agentName: 'Old' },
  { agentId: 'a2', agentName: 'New' },
];

describe('the summary per scorer and per tag', () => {
  it('reads agents side by side, weakest row first, ungraded rows last', () => {
    const rows = [
      { agentId: 'a1', tag: 'billing', passed: 9, failed: 1, notGraded: 0, passRate: 0.9 },
      { agentId: 'a2', tag: 'billing', passed: 5, failed: 5, notGraded: 0, passRate: 0.5 },
      { agentId: 'a2', tag: 'refunds', passed: 7, failed: 3, notGraded: 0, passRate: 0.7 },
      { agentId: 'a1', tag: 'greetings', passed: 0, failed: 0, notGraded: 2, passRate: null },
    ];
    const pivot = pivotByAgent(rows, (row) => row.tag, columns);
    expect(pivot.map((row) => row.name)).toEqual(['billing', 'refunds', 'greetings']);
    expect(pivot[0]?.cells.map((cell) => cell?.passRate)).toEqual([0.9, 0.5]);
    expect(pivot[1]?.cells[0]).toBeNull();
    expect(pivot[2]?.worstRate).toBeNull();
  });

  it('words tallies and scorer names', () => {
    expect(tallyWords({ passed: 7, failed: 2, notGraded: 1 })).toBe('7 passed, 2 failed, 1 not graded');
    expect(tallyWords({ passed: 7, failed: 2, notGraded: 1, decided: 2, overruled: 1 })).toBe('7 passed, 2 failed, 1 not graded; 2 decided by a person, 1 overruling the scorers');
    expect(scorerLabel('judge')).toBe('Judge');
    expect(scorerLabel('check:contains')).toBe('Check: contains');
    expect(scorerLabel('mystery')).toBe('mystery');
  });
});
