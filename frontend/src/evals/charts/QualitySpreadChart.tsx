import { Paper, Text, useMantineTheme } from '@mantine/core';
import { scale, type SpreadRow } from '../chartData';

const WIDTH = 640;
const ROW = 22;
const LABEL = 240;
const PAD = { top: 20, right: 16, bottom: 8 };

function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/**
 * The structured quality of each case over its repetitions: a line from the
 * lowest to the highest, a dot at the mean. Widest first, where repetitions
 * disagree most and a single answer says least.
 */
export function QualitySpreadChart({ rows, showAgent }: { rows: readonly SpreadRow[]; showAgent: boolean }) {
  const theme = useMantineTheme();
  if (rows.length === 0) return null;
  const height = PAD.top + rows.length * ROW + PAD.bottom;
  const x = scale(0, 1, LABEL, WIDTH - PAD.right);
  const description = rows.map((row) => `${row.label}${showAgent ? ` (${row.agentName})` : ''}: ${row.min.toFixed(2)} to ${row.max.toFixed(2)}, mean ${row.mean.toFixed(2)}`).join('. ');
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0} aria-label="Quality spread per case">
      <Text fw={600} size="sm" component="figcaption" mb={4}>
        Quality spread per case over repetitions, widest first
      </Text>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label={`Quality spread per case. ${description}`}>
        {[0, 0.5, 1].map((tick) => (
          <g key={tick}>
            <line x1={x(tick)} x2={x(tick)} y1={PAD.top - 6} y2={height - PAD.bottom} stroke={theme.colors.gray[3]} strokeDasharray="3 3" />
            <text x={x(tick)} y={PAD.top - 8} textAnchor="middle" fontSize={10} fill={theme.colors.gray[7]}>
              {tick.toFixed(1)}
            </text>
          </g>
        ))}
        {rows.map((row, index) => {
          const cy = PAD.top + index * ROW + ROW / 2;
          const label = showAgent ? `${cut(row.label, 28)} · ${cut(row.agentName, 10)}` : cut(row.label, 40);
          return (
            <g key={row.key}>
              <title>{`${row.label}${showAgent ? ` (${row.agentName})` : ''}: lowest ${row.min.toFixed(2)}, mean ${row.mean.toFixed(2)}, highest ${row.max.toFixed(2)}`}</title>
              <text x={LABEL - 8} y={cy + 4} textAnchor="end" fontSize={11} fill={theme.colors.gray[8]}>
                {label}
              </text>
              <line x1={x(row.min)} x2={x(row.max)} y1={cy} y2={cy} stroke={theme.colors.blue[3]} strokeWidth={6} strokeLinecap="round" />
              <circle cx={x(row.mean)} cy={cy} r={5} fill={theme.colors.blue[7]} />
            </g>
          );
        })}
      </svg>
    </Paper>
  );
}
