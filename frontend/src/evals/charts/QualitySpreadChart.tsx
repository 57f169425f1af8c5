import { BarChart } from '@mantine/charts';
import { Paper, Text, VisuallyHidden } from '@mantine/core';
import type { SpreadRow } from '../chartData';

function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** What the chart shows, in words: each case's lowest, mean and highest quality. */
export function spreadWords(rows: readonly SpreadRow[], showAgent: boolean): string {
  return rows.map((row) => `${row.label}${showAgent ? ` (${row.agentName})` : ''}: ${row.min.toFixed(2)} to ${row.max.toFixed(2)}, mean ${row.mean.toFixed(2)}`).join('. ');
}

/**
 * The structured quality of each case over its repetitions: a bar from the
 * lowest to the highest (stacked on an invisible bar up to the lowest), the
 * mean in the tooltip and the words. Widest first, where repetitions
 * disagree most and a single answer says least.
 */
export function QualitySpreadChart({ rows, showAgent }: { rows: readonly SpreadRow[]; showAgent: boolean }) {
  if (rows.length === 0) return null;
  const data = rows.map((row) => ({
    case: showAgent ? `${cut(row.label, 28)} · ${cut(row.agentName, 10)}` : cut(row.label, 40),
    lowest: Number(row.min.toFixed(2)),
    spread: Number((row.max - row.min).toFixed(2)),
    mean: Number(row.mean.toFixed(2)),
  }));
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label="Quality spread per case" data-testid="quality-spread-chart">
      <Text fw={600} size="sm" component="figcaption" mb={4}>
        Quality spread per case over repetitions, widest first
      </Text>
      <BarChart
        h={40 + rows.length * 26}
        data={data}
        dataKey="case"
        orientation="vertical"
        type="stacked"
        series={[
          { name: 'lowest', label: 'Lowest', color: 'transparent' },
          { name: 'spread', label: 'Lowest to highest', color: 'blue.4' },
        ]}
        xAxisProps={{ domain: [0, 1] }}
        yAxisProps={{ width: 220 }}
        withTooltip
        tooltipProps={{
          content: ({ label, payload }) => {
            const row = payload?.[0]?.payload as (typeof data)[number] | undefined;
            if (!row) return null;
            return (
              <Paper withBorder p="xs" shadow="sm">
                <Text size="xs" fw={600}>
                  {label}
                </Text>
                <Text size="xs">{`lowest ${row.lowest.toFixed(2)}, mean ${row.mean.toFixed(2)}, highest ${(row.lowest + row.spread).toFixed(2)}`}</Text>
              </Paper>
            );
          },
        }}
      />
      <VisuallyHidden>{`Quality spread per case. ${spreadWords(rows, showAgent)}`}</VisuallyHidden>
    </Paper>
  );
}
