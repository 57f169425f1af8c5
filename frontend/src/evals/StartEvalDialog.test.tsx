// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { getOperationName } from '@urql/core';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { Client, type Exchange, makeResult, type Operation, Provider } from 'urql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filter, fromValue, mergeMap, pipe } from 'wonka';
import { UnsavedChangesProvider } from '../unsaved/UnsavedChangesProvider';
import { StartEvalDialog } from './StartEvalDialog';

afterEach(cleanup);

const options = {
  dataset: {
    __typename: 'Dataset',
    id: 'd1',
    latestVersion: 3,
    tags: ['billing', 'refunds'],
    versions: [3, 2, 1].map((number) => ({ __typename: 'DatasetVersion', number, caseCount: 5, createdAt: '2026-12-01T00:00:00Z' })),
    evalAccess: { __typename: 'EvalAccess', canStart: true, reason: null },
  },
  agents: {
    __typename: 'AgentConnection',
    edges: [
      { __typename: 'AgentEdge', node: { __typename: 'Agent', id: 'a1', name: 'Helpdesk', kind: 'MODEL', latestVersion: 2 } },
      { __typename: 'AgentEdge', node: { __typename: 'Agent', id: 'l1', name: 'Refunds from CI', kind: 'LOCAL', latestVersion: 3 } },
    ],
  },
};

function estimateFor(input: { repetitions: number; agentIds: string[]; versionLabel?: string }) {
  const local = input.agentIds.includes('l1');
  return {
    __typename: 'EvalEstimate',
    datasetVersion: 3,
    cases: 5,
    anonymisedLeftOut: 1,
    answers: 5 * input.repetitions,
    agents: local
      ? [
          {
            __typename: 'EvalAgentEstimate',
            agent: { __typename: 'Agent', id: 'l1', name: 'Refunds from CI', kind: 'LOCAL' },
            agentVersion: input.versionLabel ? 4 : 3,
            versionLabel: input.versionLabel ?? null,
            newVersion: Boolean(input.versionLabel),
            costUsd: null,
            costText: 'unknown until the agent reports its cost',
          },
        ]
      : [{ __typename: 'EvalAgentEstimate', agent: { __typename: 'Agent', id: 'a1', name: 'Helpdesk', kind: 'MODEL' }, agentVersion: 2, versionLabel: null, newVersion: false, costUsd: 0.001, costText: 'under a cent' }],
    judgeCostUsd: null,
    judgeCostText: 'free (no judge)',
    totalCostText: 'under a cent',
    confirmation: `token-for-${input.repetitions}`,
  };
}

function mockClient(onMutation: (name: string, variables: Record<string, unknown>) => Record<string, unknown>) {
  const answer = (operation: Operation) => {
    const name = getOperationName(operation.query) ?? '';
    const variables = operation.variables as Record<string, unknown>;
    if (operation.kind === 'mutation') return makeResult(operation, { data: onMutation(name, variables) });
    return makeResult(operation, { data: name === 'EvalStartOptions' ? options : null });
  };
  const exchange: Exchange = () => (operations$) =>
    pipe(
      operations$,
      filter((operation) => operation.kind !== 'teardown'),
      mergeMap((operation) => fromValue(answer(operation))),
    );
  return new Client({ url: 'http://api.test/graphql', exchanges: [exchange] });
}

function renderDialog(preselectedAgentIds = ['a1']) {
  const mutations = vi.fn((name: string, variables: Record<string, unknown>) => {
    if (name === 'EstimateEvalRun') return { estimateEvalRun: estimateFor(variables.input as { repetitions: number; agentIds: string[] }) };
    return { startEvalRun: { __typename: 'EvalRun', id: 'run-1' } };
  });
  const onStarted = vi.fn();
  const router = createMemoryRouter(
    [
      {
        element: (
          <UnsavedChangesProvider>
            <Outlet />
          </UnsavedChangesProvider>
        ),
        children: [
          {
            path: '/datasets/d1',
            element: (
              <>
                <Link to="/elsewhere">Elsewhere</Link>
                <StartEvalDialog datasetId="d1" latestVersion={3} earlierRuns={[]} preselectedAgentIds={preselectedAgentIds} onClose={() => undefined} onStarted={onStarted} />
              </>
            ),
          },
          { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
        ],
      },
    ],
    { initialEntries: ['/datasets/d1?tab=results&start=1'] },
  );
  render(
    <MantineProvider theme={{ components: { Modal: { defaultProps: { transitionProps: { duration: 0 } } } } }}>
      <Provider value={mockClient(mutations)}>
        <RouterProvider router={router} />
      </Provider>
    </MantineProvider>,
  );
  return { mutations, onStarted, router };
}

const startButton = () => screen.getByRole('button', { name: 'Start' }) as HTMLButtonElement;
const setRepetitions = (value: string) => fireEvent.change(screen.getByRole('textbox', { name: 'Repetitions' }), { target: { value } });

describe('the start dialog', () => {
  it('starts only after an estimate, and only for the estimate shown', async () => {
    const { mutations, onStarted } = renderDialog();
    await screen.findByRole('dialog', { name: 'Test an agent' });
    expect(startButton().disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Estimate' }));
    const estimate = await screen.findByRole('region', { name: 'Estimate' });
    expect(within(estimate).getByTestId('estimate-answers').textContent).toBe('5 answers to produce: 5 cases of version 3 × 1 agent × 1 repetition.');
    expect(estimate.textContent).toContain('1 case is left out: anonymised after erasure');
    expect(within(estimate).getByTestId('estimate-total').textContent).toBe('under a cent');
    expect(estimate.textContent).toContain('free (no judge)');
    await waitFor(() => expect(startButton().disabled).toBe(false));

    // A changed choice puts the estimate away: Start waits for a new one.
    setRepetitions('2');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Estimate' })).toBeNull());
    expect(startButton().disabled).toBe(true);
    expect(screen.getByText('The choices changed since the estimate: estimate again before starting.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Estimate' }));
    await waitFor(() => expect(screen.getByTestId('estimate-answers').textContent).toMatch(/^10 answers/));
    fireEvent.click(startButton());
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith('run-1'));
    const start = mutations.mock.calls.find(([name]) => name === 'StartEvalRun');
    expect(start?.[1]).toEqual({
      confirmation: 'token-for-2',
      input: { datasetId: 'd1', version: 3, agentIds: ['a1'], repetitions: 2, tags: null, concurrency: 8, baselineRunId: null, confirmFlips: 20, budgetUsd: null },
    });
  });

  it('offers no version label without a local agent, and says nothing of waiting for code', async () => {
    renderDialog();
    await screen.findByRole('dialog', { name: 'Test an agent' });
    expect(screen.queryByRole('textbox', { name: 'Version label' })).toBeNull();
    expect(screen.queryByTestId('waits-for-client')).toBeNull();
  });

  it('runs a local agent at the version label given: the estimate says it is new, and the run waits for your code', async () => {
    const { mutations, onStarted } = renderDialog(['l1']);
    await screen.findByRole('dialog', { name: 'Test an agent' });
    expect((await screen.findByTestId('waits-for-client')).textContent).toContain('the run waits until a client claims its questions');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Version label' }), { target: { value: ' a1b2c3d ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Estimate' }));
    const estimate = await screen.findByRole('region', { name: 'Estimate' });
    expect(within(estimate).getByTestId('agent-version').textContent).toBe('v4 · a1b2c3d');
    expect(within(estimate).getByText('New version')).toBeTruthy();
    expect(within(estimate).getByTestId('estimate-new-version').textContent).toBe('“a1b2c3d” is new to Refunds from CI: starting records it as version 4.');
    expect(estimate.textContent).toContain('unknown until the agent reports its cost');
    await waitFor(() => expect(startButton().disabled).toBe(false));
    expect(screen.getByText('Starting hands every answer estimated above to your code.')).toBeTruthy();
    fireEvent.click(startButton());
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith('run-1'));
    const start = mutations.mock.calls.find(([name]) => name === 'StartEvalRun');
    expect((start?.[1] as { input: Record<string, unknown> }).input).toMatchObject({ agentIds: ['l1'], versionLabel: 'a1b2c3d' });
  });

  it('names a choice out of bounds and estimates nothing', async () => {
    const { mutations } = renderDialog();
    await screen.findByRole('dialog', { name: 'Test an agent' });
    setRepetitions('11');
    await waitFor(() => expect(screen.getAllByText('Repetitions are a whole number from 1 to 10.').length).toBeGreaterThan(0));
    expect((screen.getByRole('button', { name: 'Estimate' }) as HTMLButtonElement).disabled).toBe(true);
    expect(mutations).not.toHaveBeenCalled();
  });

  it('asks before leaving with changed choices, with no Save to offer', async () => {
    const { router } = renderDialog();
    await screen.findByRole('dialog', { name: 'Test an agent' });
    fireEvent.click(screen.getByText('Elsewhere'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));

    await router.navigate('/datasets/d1?tab=results&start=1');
    await screen.findByRole('dialog', { name: 'Test an agent' });
    setRepetitions('3');
    fireEvent.click(screen.getByText('Elsewhere'));
    const question = await screen.findByRole('dialog', { name: 'Leave with unsaved changes?' });
    expect(question.textContent).toContain('The new eval run has changes that are not saved. Choices for a run are not kept: start the run, or discard them.');
    expect(within(question).queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave with unsaved changes?' })).toBeNull());
    expect(router.state.location.pathname).toBe('/datasets/d1');
  });
});
