import { LineChart } from '@mantine/charts';
import { Paper, Text, VisuallyHidden } from '@mantine/core';
import { type RateChart, rateRows } from '../chartData';
import { formatRate } from '../progress';

const LINE_COLORS = ['blue.6', 'grape.6', 'orange.6', 'teal.6', 'pink.6', 'cyan.6', 'lime.7', 'indigo.6'] as const;

/** What the chart shows, in words, for a screen reader: each agent's pass rate run by run. */
export function passRateWords(chart: RateChart): string {
  return chart.series.map((line) => `${line.agentName}: ${line.points.map((point) => `${chart.runs[point.index]?.label ?? ''} ${formatRate(point.rate)}`).join(', ')}`).join('. ');
}

/**
 * The pass rate of each agent of the dataset over its runs, oldest left, a
 * point per run labelled by its date and the version it answered: whether
 * the agents got better reads at a glance. Mantine's line chart gives the
 * axes, legend, tooltips and keyboard reading; the numbers are said in words
 * for a screen reader too.
 */
export function PassRateChart({ chart, currentRunId = null }: { chart: RateChart; currentRunId?: string | null }) {
  if (chart.runs.length < 2 || chart.series.length === 0) return null;
  const current = chart.runs.find((run) => run.runId === currentRunId);
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label="Pass rate per run" data-testid="pass-rate-chart">
      <Text fw={600} size="sm" component="figcaption" mb="xs">
        Pass rate per run, oldest first{current ? ` · this run: ${current.label}` : ''}
      </Text>
      <LineChart
        h={240}
        data={rateRows(chart)}
        dataKey="run"
        series={chart.series.map((line, index) => ({ name: line.agentId, label: line.agentName, color: LINE_COLORS[index % LINE_COLORS.length] ?? 'blue.6' }))}
        curveType="linear"
        connectNulls
        withLegend
        legendProps={{ verticalAlign: 'top', height: 32 }}
        yAxisProps={{ domain: [0, 100] }}
        unit="%"
        valueFormatter={(value) => `${value}%`}
        referenceLines={current ? [{ x: current.label, color: 'yellow.6', label: 'This run' }] : []}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
        lineChartProps={{ accessibilityLayer: true }}
      />
      <VisuallyHidden>{`Pass rate per run. ${passRateWords(chart)}`}</VisuallyHidden>
    </Paper>
  );
}
