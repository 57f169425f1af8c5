import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { passRateChart, qualitySpread } from '../chartData';
import { PassRateChart, passRateWords } from './PassRateChart';
import { QualitySpreadChart, spreadWords } from './QualitySpreadChart';

/** The chart's own markup, without the styles Mantine writes before it. */
function html(node: React.ReactNode): string {
  return renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
}

const runs = [
  { id: 'r2', datasetVersion: 5, createdAt: '2026-12-01T03:00:00Z', summary: { agents: [{ agentId: 'a', agentName: 'Helpdesk', passRate: 0.5 }] } },
  { id: 'r1', datasetVersion: 4, createdAt: '2026-12-01T02:00:00Z', summary: { agents: [{ agentId: 'a', agentName: 'Helpdesk', passRate: 1 }] } },
];

describe('the pass rate chart', () => {
  it('says each agent run by run, by date and version, for a screen reader', () => {
    const chart = passRateChart(runs);
    expect(passRateWords(chart)).toBe('Helpdesk: Dec 1, 02:00 · v4 100%, Dec 1, 03:00 · v5 50%');
    const markup = html(<PassRateChart chart={chart} currentRunId="r2" />);
    expect(markup).toContain('Pass rate per run. Helpdesk: Dec 1, 02:00 · v4 100%');
    expect(markup).toContain('this run: Dec 1, 03:00 · v5');
  });

  it('draws nothing for a single run, where there is no trend to see', () => {
    expect(html(<PassRateChart chart={passRateChart(runs.slice(0, 1))} />)).toBe('');
  });
});

describe('the quality spread chart', () => {
  it('says each case from its lowest to its highest quality, with the mean', () => {
    const rows = qualitySpread([{ caseId: 'c1', label: 'Where is my refund?', agentName: 'A', qualityMean: 0.5, qualityMin: 0.2, qualityMax: 0.9 }]);
    expect(spreadWords(rows, true)).toBe('Where is my refund? (A): 0.20 to 0.90, mean 0.50');
    expect(html(<QualitySpreadChart rows={rows} showAgent={false} />)).toContain('Where is my refund?: 0.20 to 0.90, mean 0.50');
    expect(html(<QualitySpreadChart rows={[]} showAgent={false} />)).toBe('');
  });
});
