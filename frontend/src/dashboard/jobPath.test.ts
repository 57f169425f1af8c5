import { describe, expect, it } from 'vitest';
import { agentsName, casesSentence, comparisonSentence, firstSteps, type PathRun, reviewSentence, runSentence } from './jobPath';

const run: PathRun = {
  id: 'RXZhbFJ1bjoy',
  status: 'FINISHED',
  dataset: { id: 'RGF0YXNldDox', name: 'Shop assistant (sample)', caseCount: 8 },
  agents: [{ agentId: 'QWdlbnQ6MQ==', agent: { id: 'QWdlbnQ6MQ==', name: 'Shop assistant' }, agentName: 'Shop assistant', agentVersion: 3, versionLabel: 'v2' }],
  baseline: { id: 'RXZhbFJ1bjox' },
  progress: { total: 8, passed: 7, failed: 1, notGraded: 0 },
  comparison: { comparedCases: 8, confirmedRegressions: 1, regressions: [{ confirmed: true }], improvements: [{ confirmed: true }, { confirmed: true }, { confirmed: false }] },
};

describe('the dashboard path in words', () => {
  it('names the cases, the agent and how the run went', () => {
    expect(casesSentence(run)).toBe('8 cases in Shop assistant (sample)');
    expect(casesSentence({ ...run, dataset: { ...run.dataset, caseCount: 1 } })).toBe('1 case in Shop assistant (sample)');
    expect(agentsName(run)).toBe('Shop assistant v3 · v2');
    expect(runSentence(run)).toBe('7 of 8 answers passed');
    expect(runSentence({ ...run, status: 'RUNNING', progress: { total: 8, passed: 2, failed: 1, notGraded: 0 } })).toBe('running: 3 of 8 graded');
  });

  it('counts only confirmed flips, and says when there was nothing to compare', () => {
    expect(comparisonSentence(run)).toBe('1 regression and 2 improvements against the run before, confirmed by a rerun');
    expect(comparisonSentence({ ...run, baseline: null })).toBeNull();
    const unconfirmed = { ...run, comparison: { comparedCases: 8, confirmedRegressions: 0, regressions: [{ confirmed: false }], improvements: [] } };
    expect(comparisonSentence(unconfirmed)).toBe('1 case changed against the run before, none confirmed by the rerun');
    expect(comparisonSentence({ ...run, comparison: { comparedCases: 8, confirmedRegressions: 0, regressions: [], improvements: [] } })).toBe('the same results as the run before');
  });

  it('says what waits for review', () => {
    expect(reviewSentence(0)).toBe('Nothing waits for a decision');
    expect(reviewSentence(1)).toBe('1 answer waits for your decision');
    expect(reviewSentence(3)).toBe('3 answers wait for your decision');
  });

  it('ticks a new organization’s first steps as they are done', () => {
    expect(firstSteps({ datasets: 0, agents: 0, modelConnections: 0, runs: 0 }).map((s) => s.done)).toEqual([false, false, false]);
    expect(firstSteps({ datasets: 1, agents: 0, modelConnections: 1, runs: 0 }).map((s) => s.done)).toEqual([true, true, false]);
  });
});
