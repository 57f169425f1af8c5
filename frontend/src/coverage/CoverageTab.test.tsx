// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { getOperationName } from '@urql/core';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { Client, type Exchange, makeResult, type Operation, Provider } from 'urql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filter, fromValue, mergeMap, pipe } from 'wonka';
import type { DatasetHeaderFieldsFragment } from '../gql/graphql';
import { UnsavedChangesProvider } from '../unsaved/UnsavedChangesProvider';
import { CoverageTab } from './CoverageTab';

const viewer = vi.hoisted(() => ({ permissions: ['datasets:edit'] as string[] }));
vi.mock('../session/SessionProvider', () => ({ useViewer: () => viewer }));

afterEach(cleanup);

const gap = (tag: string, reason: string, cases: number, failing: number, suggestedSource: string, suggestedCount: number) => ({ __typename: 'CoverageGap', tag, reason, cases, failing, suggestedSource, suggestedCount });

const coverage = {
  dataset: {
    __typename: 'Dataset',
    id: 'd1',
    latestVersion: 4,
    coverage: {
      __typename: 'DatasetCoverage',
      cases: 8,
      untagged: 2,
      fewBelow: 3,
      byTag: [
        { __typename: 'TagCoverage', tag: 'billing', cases: 5, failing: 2 },
        { __typename: 'TagCoverage', tag: 'red-team', cases: 1, failing: 0 },
      ],
      bySource: [
        { __typename: 'SourceCoverage', source: 'manual', cases: 6 },
        { __typename: 'SourceCoverage', source: 'synthetic', cases: 2 },
      ],
      gaps: [gap('billing', 'failing', 5, 2, 'agent', 2), gap('red-team', 'few_cases', 1, 0, 'red_team', 2)],
    },
  },
};

const agents = { agents: { __typename: 'AgentConnection', edges: [] } };

function mockClient() {
  const answer = (operation: Operation) => makeResult(operation, { data: getOperationName(operation.query) === 'DatasetCoverage' ? coverage : agents });
  const exchange: Exchange = () => (operations$) =>
    pipe(
      operations$,
      filter((operation) => operation.kind !== 'teardown'),
      mergeMap((operation) => fromValue(answer(operation))),
    );
  return new Client({ url: 'http://api.test/graphql', exchanges: [exchange] });
}

function renderTab(edit: boolean) {
  const dataset: DatasetHeaderFieldsFragment = {
    id: 'd1',
    name: 'Support',
    description: '',
    visibility: 'PRIVATE',
    latestVersion: 4,
    ownedByViewer: edit,
    createdAt: null,
    updatedAt: null,
    viewerCan: { view: true, edit, run: false, readRuns: false },
  };
  const router = createMemoryRouter(
    [
      {
        element: (
          <UnsavedChangesProvider>
            <Outlet />
          </UnsavedChangesProvider>
        ),
        children: [{ path: '/datasets/d1', element: <CoverageTab dataset={dataset} onGenerationStarted={() => undefined} /> }],
      },
    ],
    { initialEntries: ['/datasets/d1?tab=coverage'] },
  );
  render(
    <MantineProvider theme={{ components: { Modal: { defaultProps: { transitionProps: { duration: 0 } } } } }}>
      <Provider value={mockClient()}>
        <RouterProvider router={router} />
      </Provider>
    </MantineProvider>,
  );
}

describe('the Coverage tab', () => {
  it('explains each gap and counts the cases by tag, untagged and by source', async () => {
    renderTab(true);
    const gaps = await screen.findAllByTestId('coverage-gap');
    expect(gaps.map((row) => within(row).getByTestId('coverage-gap-reason').textContent)).toEqual(['2 of its 5 cases failed their latest score.', 'Only 1 case — fewer than 3.']);
    expect(within(gaps[1] as HTMLElement).getByText('2 cases, Red team')).toBeTruthy();
    expect(screen.getByTestId('coverage-summary').textContent).toBe('8 cases in the newest version; 2 carry no tag.');
    expect(within(screen.getByTestId('coverage-untagged')).getByText('2')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Cases by source' })).getByText('Generated')).toBeTruthy();
  });

  it('opens Generate cases with the gap’s source and count', async () => {
    renderTab(true);
    const gaps = await screen.findAllByTestId('coverage-gap');
    fireEvent.click(within(gaps[1] as HTMLElement).getByRole('button', { name: 'Generate for this gap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate cases' });
    expect((within(dialog).getByRole('checkbox', { name: 'Red team' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'From the agent' }) as HTMLInputElement).checked).toBe(false);
    expect((within(dialog).getByRole('textbox', { name: 'How many cases' }) as HTMLInputElement).value).toBe('2');
    expect(within(dialog).getByTestId('generation-gap-tag').textContent).toContain('“red-team”');
  });

  it('disables Generate for this gap for a reader who may not edit, saying why', async () => {
    renderTab(false);
    const gaps = await screen.findAllByTestId('coverage-gap');
    const button = within(gaps[0] as HTMLElement).getByRole('button', { name: 'Generate for this gap' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('generate-for-gap-reason').textContent).toBe('Generating cases needs permission to edit this dataset.');
    fireEvent.click(button);
    expect(screen.queryByRole('dialog', { name: 'Generate cases' })).toBeNull();
  });
});
