/**
 * What the two charts draw, as numbers: the pass rate of each agent over the
 * dataset's runs (oldest left, each run labelled by its date and the version it
 * answered),
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
  /** One label per run, oldest first: its date and the version it answered, "Dec 1, 14:05 · v3". */
  runs: { runId: string; label: string; createdAt: string }[];
  series: RateSeries[];
}

const runDate = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** A run on the axis: when it ran (UTC, so every reader sees the same label) and the version it answered. */
export function runLabel(createdAt: string, version: number): string {
  const when = new Date(createdAt);
  return Number.isNaN(when.getTime()) ? `v${version}` : `${runDate.format(when)} · v${version}`;
}

/** The chart as rows for a line chart: one per run, oldest first, each agent's pass rate in percent under its ID (null: nothing graded). */
export function rateRows(chart: RateChart): Record<string, string | number | null>[] {
  return chart.runs.map((run, index) => {
    const row: Record<string, string | number | null> = { run: run.label, runId: run.runId };
    for (const line of chart.series) {
      const point = line.points.find((candidate) => candidate.index === index);
      row[line.agentId] = point ? Math.round(point.rate * 1000) / 10 : null;
    }
    return row;
  });
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
  return { runs: runs.map((run) => ({ runId: run.id, label: runLabel(run.createdAt, run.datasetVersion), createdAt: run.createdAt })), series: [...series.values()] };
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

export interface TrendPoint {
  runId: string;
  endedAt?: string | null;
  startedAt?: string | null;
  datasetVersion: number;
  agents: readonly { agentId: string; agentName: string; passRate?: number | null }[];
}

/** The API's trend (oldest first, dated by when each run ended) as the runs the chart reads (newest first). */
export function trendRuns(points: readonly TrendPoint[]): RunForChart[] {
  return [...points].reverse().map((point) => ({ id: point.runId, datasetVersion: point.datasetVersion, createdAt: point.endedAt ?? point.startedAt ?? '', summary: { agents: point.agents } }));
}
