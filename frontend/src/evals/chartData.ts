/**
 * What the two charts draw, as numbers: the pass rate of each agent over the
 * dataset's runs (oldest left, each run labelled by the version it answered),
 * and the spread of structured quality over each case's repetitions.
 */

export interface RunForChart {
  id: string;
  datasetVersion: number;
  createdAt: string;
  summary: { agents: readonly { agentId: string; agentName: string; passRate?: number | null }[] };
}

export interface RatePoint {
  /** The run's position on the x axis, 0 for the oldest shown. */
  index: number;
  runId: string;
  version: number;
  rate: number;
}

export interface RateSeries {
  agentId: string;
  agentName: string;
  points: RatePoint[];
}

export interface RateChart {
  /** One label per run, oldest first: "v3". */
  runs: { runId: string; label: string; createdAt: string }[];
  series: RateSeries[];
}

/** Runs arrive newest first; the chart reads left to right, oldest first, at most `limit` runs. Runs with nothing graded leave a gap. */
export function passRateChart(runsNewestFirst: readonly RunForChart[], limit = 20): RateChart {
  const runs = runsNewestFirst.slice(0, limit).reverse();
  const series = new Map<string, RateSeries>();
  runs.forEach((run, index) => {
    for (const agent of run.summary.agents) {
      if (typeof agent.passRate !== 'number' || !Number.isFinite(agent.passRate)) continue;
      const line = series.get(agent.agentId) ?? { agentId: agent.agentId, agentName: agent.agentName, points: [] };
      line.agentName = agent.agentName;
      line.points.push({ index, runId: run.id, version: run.datasetVersion, rate: Math.min(1, Math.max(0, agent.passRate)) });
      series.set(agent.agentId, line);
    }
  });
  return { runs: runs.map((run) => ({ runId: run.id, label: `v${run.datasetVersion}`, createdAt: run.createdAt })), series: [...series.values()] };
}

export interface SpreadInput {
  caseId: string;
  label: string;
  agentName: string;
  qualityMean?: number | null;
  qualityMin?: number | null;
  qualityMax?: number | null;
}

export interface SpreadRow {
  key: string;
  label: string;
  agentName: string;
  min: number;
  mean: number;
  max: number;
  spread: number;
}

/** Cases with a structured quality, widest spread first: where repetitions disagree most is what to read first. */
export function qualitySpread(rows: readonly SpreadInput[], limit = 30): SpreadRow[] {
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return rows
    .flatMap((row) => {
      const { qualityMean: mean, qualityMin: min, qualityMax: max } = row;
      if (typeof mean !== 'number' || !Number.isFinite(mean)) return [];
      const low = clamp(typeof min === 'number' && Number.isFinite(min) ? min : mean);
      const high = clamp(typeof max === 'number' && Number.isFinite(max) ? max : mean);
      return [{ key: `${row.caseId}:${row.agentName}`, label: row.label, agentName: row.agentName, min: Math.min(low, high), mean: clamp(mean), max: Math.max(low, high), spread: Math.abs(high - low) }];
    })
    .sort((a, b) => b.spread - a.spread || a.mean - b.mean)
    .slice(0, limit);
}

/** A linear scale from [d0, d1] onto [r0, r1]. */
export function scale(d0: number, d1: number, r0: number, r1: number): (value: number) => number {
  const span = d1 - d0;
  return (value) => (span === 0 ? (r0 + r1) / 2 : r0 + ((value - d0) / span) * (r1 - r0));
}
