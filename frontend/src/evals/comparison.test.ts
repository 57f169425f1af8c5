import { describe, expect, it } from 'vitest';
import { type ComparisonLike, comparisonView, type FlippedResult, formatDelta } from './comparison';

function flipped(caseId: string, flip: 'REGRESSION' | 'IMPROVEMENT', confirmed: boolean | null = null, agentId = 'a1'): FlippedResult {
  const regression = flip === 'REGRESSION';
  return {
    case: { id: caseId, input: `question ${caseId}`, masked: false, tags: [] },
    agentId,
    agentName: 'Helpdesk',
    outcome: regression ? 'FAIL' : 'PASS',
    baselineOutcome: regression ? 'PASS' : 'FAIL',
    flip,
    confirmed,
  };
}

function comparison(patch: Partial<ComparisonLike<FlippedResult>> = {}): ComparisonLike<FlippedResult> {
  return { sameVersion: true, note: null, comparedCases: 40, regressions: [], improvements: [], confirmedRegressions: 0, passRateBefore: 0.8, passRateAfter: 0.75, ...patch };
}

describe('the comparison view', () => {
  it('lists regressions first, confirmed ones first, then improvements', () => {
    const view = comparisonView(
      comparison({
        regressions: [flipped('c1', 'REGRESSION', false), flipped('c2', 'REGRESSION', null), flipped('c3', 'REGRESSION', true)],
        improvements: [flipped('c4', 'IMPROVEMENT')],
        confirmedRegressions: 1,
      }),
    );
    expect(view.rows.map((row) => [row.result.case.id, row.kind, row.confirmation])).toEqual([
      ['c3', 'REGRESSION', 'confirmed'],
      ['c2', 'REGRESSION', 'unconfirmed'],
      ['c1', 'REGRESSION', 'not-confirmed'],
      ['c4', 'IMPROVEMENT', 'unconfirmed'],
    ]);
    expect(view.rows[0]).toMatchObject({ before: 'PASS', after: 'FAIL' });
    expect(view.headline).toBe('3 regressions (1 confirmed) · 1 improvement · 40 cases compared');
  });

  it('keeps one row per case and agent', () => {
    const view = comparisonView(comparison({ regressions: [flipped('c1', 'REGRESSION', true, 'a1'), flipped('c1', 'REGRESSION', true, 'a2')] }));
    expect(new Set(view.rows.map((row) => row.key)).size).toBe(2);
  });

  it('says the pass rate before and after, and which way it went', () => {
    const worse = comparisonView(comparison());
    expect([worse.before, worse.after, worse.deltaPoints, worse.direction]).toEqual(['80%', '75%', -5, 'worse']);
    expect(comparisonView(comparison({ passRateAfter: 0.845 })).direction).toBe('better');
    expect(comparisonView(comparison({ passRateAfter: 0.8 })).direction).toBe('same');
    expect(comparisonView(comparison({ passRateBefore: null })).direction).toBe('unknown');
    expect(comparisonView(comparison({ regressions: [], comparedCases: 1 })).headline).toBe('No regression · 0 improvements · 1 case compared');
  });

  it('says when the questions differ, in the API words when it gives them', () => {
    expect(comparisonView(comparison()).versionNote).toBeNull();
    expect(comparisonView(comparison({ sameVersion: false, note: 'the runs answered different versions (3 and 5): only the 40 cases both hold are compared' })).versionNote).toMatch(/versions \(3 and 5\)/);
    expect(comparisonView(comparison({ sameVersion: false, note: null })).versionNote).toBe('The runs answered different versions: only the cases both hold are compared.');
  });

  it('words a difference in points', () => {
    expect(formatDelta(4.5)).toBe('+4.5 points');
    expect(formatDelta(-2)).toBe('−2 points');
    expect(formatDelta(0)).toBe('no change');
    expect(formatDelta(null)).toBe('not comparable');
  });
});
