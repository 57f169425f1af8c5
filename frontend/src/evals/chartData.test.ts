import { describe, expect, it } from 'vitest';
import { passRateChart, qualitySpread, rateRows, runLabel, trendRuns } from './chartData';

describe('the pass rate over runs', () => {
  const runs = [
    { id: 'r3', datasetVersion: 5, createdAt: '2026-12-01T03:00:00Z', summary: { agents: [{ agentId: 'a', agentName: 'Helpdesk', passRate: 0.7 }, { agentId: 'b', agentName: 'Rival', passRate: 0.9 }] } },
    { id: 'r2', datasetVersion: 4, createdAt: '2026-12-01T02:00:00Z', summary: { agents: [{ agentId: 'a', agentName: 'Helpdesk', passRate: null }] } },
    { id: 'r1', datasetVersion: 4, createdAt: '2026-12-01T01:00:00Z', summary: { agents: [{ agentId: 'a', agentName: 'Helpdesk (old name)', passRate: 0.8 }] } },
  ];

  it('reads oldest first, a point per run labelled by its date and version, a line per agent, gaps where nothing was graded', () => {
    const chart = passRateChart(runs);
    expect(chart.runs.map((run) => run.label)).toEqual(['Dec 1, 01:00 · v4', 'Dec 1, 02:00 · v4', 'Dec 1, 03:00 · v5']);
    expect(chart.series.map((line) => [line.agentName, line.points.map((p) => [p.index, p.rate])])).toEqual([
      ['Helpdesk', [[0, 0.8], [2, 0.7]]],
      ['Rival', [[2, 0.9]]],
    ]);
  });

  it('gives the line chart a row per run with each agent in percent, null where it graded nothing', () => {
    expect(rateRows(passRateChart(runs))).toEqual([
      { run: 'Dec 1, 01:00 · v4', runId: 'r1', a: 80, b: null },
      { run: 'Dec 1, 02:00 · v4', runId: 'r2', a: null, b: null },
      { run: 'Dec 1, 03:00 · v5', runId: 'r3', a: 70, b: 90 },
    ]);
  });

  it('labels a run without a readable date by its version alone', () => {
    expect(runLabel('not a date', 3)).toBe('v3');
  });

  it("reads the API's trend, oldest first and dated by each run's end, as the chart's runs", () => {
    const chart = passRateChart(
      trendRuns([
        { runId: 'r1', endedAt: '2026-12-01T01:30:00Z', startedAt: '2026-12-01T01:00:00Z', datasetVersion: 4, agents: [{ agentId: 'a', agentName: 'Helpdesk', passRate: 0.5 }] },
        { runId: 'r2', endedAt: null, startedAt: '2026-12-01T02:00:00Z', datasetVersion: 5, agents: [{ agentId: 'a', agentName: 'Helpdesk', passRate: 1 }] },
      ]),
    );
    expect(chart.runs.map((run) => run.label)).toEqual(['Dec 1, 01:30 · v4', 'Dec 1, 02:00 · v5']);
    expect(chart.series[0]?.points.map((point) => point.rate)).toEqual([0.5, 1]);
  });

  it('shows at most the newest runs asked for', () => {
    expect(passRateChart(runs, 2).runs.map((run) => run.runId)).toEqual(['r2', 'r3']);
  });
});

describe('the quality spread per case', () => {
  it('puts the widest spread first and leaves out cases without a quality', () => {
    const rows = qualitySpread([
      { caseId: 'c1', label: 'one', agentName: 'A', qualityMean: 0.5, qualityMin: 0.4, qualityMax: 0.6 },
      { caseId: 'c2', label: 'two', agentName: 'A', qualityMean: 0.5, qualityMin: 0.1, qualityMax: 0.9 },
      { caseId: 'c3', label: 'three', agentName: 'A', qualityMean: null },
      { caseId: 'c4', label: 'four', agentName: 'A', qualityMean: 1.2, qualityMin: null, qualityMax: null },
    ]);
    expect(rows.map((row) => row.label)).toEqual(['two', 'one', 'four']);
    expect(rows[0]?.spread).toBeCloseTo(0.8);
    expect(rows[2]).toMatchObject({ min: 1, mean: 1, max: 1, spread: 0 });
  });
});
