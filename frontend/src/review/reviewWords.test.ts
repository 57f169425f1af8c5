import { describe, expect, it } from 'vitest';
import { failingFirst, queueSentence } from './reviewWords';

describe('findings', () => {
  it('come failing first, then without a verdict, then passing, keeping their order otherwise', () => {
    const findings = [
      { name: 'checks', status: 'PASS' as const },
      { name: 'judge', status: 'ERROR' as const },
      { name: 'tools', status: 'FAIL' as const },
      { name: 'reference', status: 'FAIL' as const },
      { name: 'structured', status: 'PASS' as const, skipped: true },
    ];
    expect(failingFirst(findings).map((finding) => finding.name)).toEqual(['tools', 'reference', 'judge', 'structured', 'checks']);
  });
});

describe('the queue in words', () => {
  it('says nothing waits, or how many and of which kind', () => {
    expect(queueSentence(null)).toBe('Nothing waits for review');
    expect(queueSentence({ waiting: 0, notPassed: 0, notGraded: 0, passed: 0 })).toBe('Nothing waits for review');
    expect(queueSentence({ waiting: 1, notPassed: 1, notGraded: 0, passed: 0 })).toBe('1 waits for review: 1 did not pass, 0 not graded, 0 passed');
    expect(queueSentence({ waiting: 5, notPassed: 2, notGraded: 1, passed: 2 })).toBe('5 wait for review: 2 did not pass, 1 not graded, 2 passed');
  });
});
