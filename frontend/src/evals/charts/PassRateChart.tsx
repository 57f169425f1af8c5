import { Group, Paper, Text, useMantineTheme } from '@mantine/core';
import { formatWhen } from '../../common/time';
import { type RateChart, scale } from '../chartData';
import { formatRate } from '../progress';

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 16, bottom: 28, left: 40 };
const LINE_COLORS = ['blue', 'grape', 'orange', 'teal', 'pink'] as const;

/**
 * The pass rate of each agent over the dataset's runs, oldest left, each run
 * labelled by the version it answered: whether the agent got better reads at
 * a glance. A plain SVG; every point has its numbers as a tooltip, and the
 * chart's description says them for a screen reader.
 */
export function PassRateChart({ chart, currentRunId = null }: { chart: RateChart; currentRunId?: string | null }) {
  const theme = useMantineTheme();
  if (chart.runs.length < 2 || chart.series.length === 0) return null;
  const x = scale(0, chart.runs.length - 1, PAD.left, WIDTH - PAD.right);
  const y = scale(0, 1, HEIGHT - PAD.bottom, PAD.top);
  const color = (index: number) => theme.colors[LINE_COLORS[index % LINE_COLORS.length] ?? 'blue']?.[6] ?? 'currentColor';
  const description = chart.series
    .map((line) => `${line.agentName}: ${line.points.map((point) => `${chart.runs[point.index]?.label ?? ''} ${formatRate(point.rate)}`).join(', ')}`)
    .join('. ');
  const labelEvery = Math.max(1, Math.ceil(chart.runs.length / 10));
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label="Pass rate per run">
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm" component="figcaption">
          Pass rate per run, oldest first
        </Text>
        <Group gap="md">
          {chart.series.map((line, index) => (
            <Group key={line.agentId} gap={4}>
              <svg width={14} height={4} aria-hidden>
                <rect width={14} height={4} rx={2} fill={color(index)} />
              </svg>
              <Text size="xs">{line.agentName}</Text>
            </Group>
          ))}
        </Group>
      </Group>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={`Pass rate per run. ${description}`} style={{ maxHeight: 240 }}>
        {[0, 0.25, 0.5, 0.75, 1].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke={theme.colors.gray[3]} strokeDasharray={tick === 0 ? undefined : '3 3'} />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={10} fill={theme.colors.gray[7]}>
              {Math.round(tick * 100)}%
            </text>
          </g>
        ))}
        {chart.runs.map((run, index) => (
          <g key={run.runId}>
            {run.runId === currentRunId && <rect x={x(index) - 10} y={PAD.top} width={20} height={HEIGHT - PAD.top - PAD.bottom} fill={theme.colors.yellow[1]} />}
            {index % labelEvery === 0 && (
              <text x={x(index)} y={HEIGHT - 10} textAnchor="middle" fontSize={10} fill={theme.colors.gray[7]}>
                {run.label}
              </text>
            )}
          </g>
        ))}
        {chart.series.map((line, index) => (
          <g key={line.agentId} data-agent={line.agentName}>
            <polyline fill="none" stroke={color(index)} strokeWidth={2} points={line.points.map((point) => `${x(point.index)},${y(point.rate)}`).join(' ')} />
            {line.points.map((point) => (
              <circle key={point.runId} cx={x(point.index)} cy={y(point.rate)} r={4} fill={color(index)}>
                <title>{`${line.agentName}, ${chart.runs[point.index]?.label ?? ''} (${formatWhen(chart.runs[point.index]?.createdAt)}): ${formatRate(point.rate)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
    </Paper>
  );
}
