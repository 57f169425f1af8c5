import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { passRateChart, qualitySpread } from '../chartData';
import { PassRateChart } from './PassRateChart';
import { QualitySpreadChart } from './QualitySpreadChart';

/** The chart's own markup, without the styles Mantine writes before it. */
function html(node: React.ReactNode): string {
  return renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
}

const runs = [
  { id: 'r2', datasetVersion: 5, createdAt: '2026-12-01T03:00:00Z', summary: { agents: [{ agentId: 'a', agentName: 'Helpdesk', passRate: 0.5 }] } },
  { id: 'r1', datasetVersion: 4, createdAt: '2026-12-01T02:00:00Z', summary: { agents: [{ agentId: 'a', agentName: 'Helpdesk', passRate: 1 }] } },
];

describe('the pass rate chart', () => {
  it('draws a line per agent through each run, and says the numbers for a screen reader', () => {
    const markup = html(<PassRateChart chart={passRateChart(runs)} currentRunId="r2" />);
    expect(markup).toContain('aria-label="Pass rate per run. Helpdesk: v4 100%, v5 50%"');
    expect(markup.match(/<circle /g)).toHaveLength(2);
    expect(markup).toContain('<polyline');
  });

  it('draws nothing for a single run, where there is no trend to see', () => {
    expect(html(<PassRateChart chart={passRateChart(runs.slice(0, 1))} />)).toBe('');
  });
});

describe('the quality spread chart', () => {
  it('draws each case from its lowest to its highest quality, with the mean', () => {
    const rows = qualitySpread([{ caseId: 'c1', label: 'Where is my refund?', agentName: 'A', qualityMean: 0.5, qualityMin: 0.2, qualityMax: 0.9 }]);
    const markup = html(<QualitySpreadChart rows={rows} showAgent={false} />);
    expect(markup).toContain('Where is my refund?: 0.20 to 0.90, mean 0.50');
    expect(markup.match(/<circle /g)).toHaveLength(1);
    expect(html(<QualitySpreadChart rows={[]} showAgent={false} />)).toBe('');
  });
});
