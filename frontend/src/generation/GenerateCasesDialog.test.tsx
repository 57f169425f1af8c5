// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getOperationName } from '@urql/core';
import type { ComponentProps } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { Client, type Exchange, makeResult, type Operation, Provider } from 'urql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filter, fromValue, mergeMap, pipe } from 'wonka';
import { UnsavedChangesProvider } from '../unsaved/UnsavedChangesProvider';
import { GenerateCasesDialog } from './GenerateCasesDialog';

const viewer = vi.hoisted(() => ({ permissions: [] as string[] }));
vi.mock('../session/SessionProvider', () => ({ useViewer: () => viewer }));

afterEach(cleanup);

const agents = { agents: { __typename: 'AgentConnection', edges: [{ __typename: 'AgentEdge', node: { __typename: 'Agent', id: 'a1', name: 'Helpdesk', kind: 'MODEL' } }] } };

const FORBIDDEN = {
  message: 'You may not generate these cases.',
  extensions: {
    code: 'FORBIDDEN',
    fields: [
      { path: 'agentId', message: 'needs agents:run on the case generator' },
      { path: 'sources', message: 'chats need runs:view' },
    ],
  },
};

function mockClient(estimate: (variables: Record<string, unknown>) => Record<string, unknown>) {
  const answer = (operation: Operation) => {
    const name = getOperationName(operation.query) ?? '';
    if (name === 'GenerationAgents') return makeResult(operation, { data: agents });
    return makeResult(operation, estimate(operation.variables as Record<string, unknown>));
  };
  const exchange: Exchange = () => (operations$) =>
    pipe(
      operations$,
      filter((operation) => operation.kind !== 'teardown'),
      mergeMap((operation) => fromValue(answer(operation))),
    );
  return new Client({ url: 'http://api.test/graphql', exchanges: [exchange] });
}

function renderDialog(estimate: (variables: Record<string, unknown>) => Record<string, unknown>, extra: Partial<ComponentProps<typeof GenerateCasesDialog>> = {}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <UnsavedChangesProvider>
            <Outlet />
          </UnsavedChangesProvider>
        ),
        children: [{ path: '/datasets/d1', element: <GenerateCasesDialog datasetId="d1" onClose={() => undefined} onStarted={() => undefined} {...extra} /> }],
      },
    ],
    { initialEntries: ['/datasets/d1?tab=cases'] },
  );
  render(
    <MantineProvider theme={{ components: { Modal: { defaultProps: { transitionProps: { duration: 0 } } }, Popover: { defaultProps: { transitionProps: { duration: 0 } } } } }}>
      <Provider value={mockClient(estimate)}>
        <RouterProvider router={router} />
      </Provider>
    </MantineProvider>,
  );
}

async function chooseAgent() {
  await screen.findByRole('dialog', { name: 'Generate cases' });
  fireEvent.click(screen.getByRole('combobox', { name: 'Agent the cases test' }));
  // The dropdown opens in a portal happy-dom reports as hidden (it computes no layout).
  fireEvent.click(await screen.findByRole('option', { name: 'Helpdesk', hidden: true }));
}

describe('the Generate cases dialog', () => {
  it('offers chats only with runs:view, saying why not', async () => {
    viewer.permissions = ['datasets:edit'];
    renderDialog(() => ({ data: null }));
    await screen.findByRole('dialog', { name: 'Generate cases' });
    expect((screen.getByRole('checkbox', { name: 'From chats' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Drafting from chats needs permission to view runs (runs:view).')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Red team' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('shows each refused permission on the control of the input it names', async () => {
    viewer.permissions = ['datasets:edit', 'runs:view'];
    renderDialog(() => ({ errors: [FORBIDDEN] }));
    await chooseAgent();
    fireEvent.click(screen.getByRole('checkbox', { name: 'From chats' }));
    fireEvent.click(screen.getByRole('button', { name: 'Estimate' }));
    await screen.findByText('needs agents:run on the case generator');
    expect(screen.getByRole('combobox', { name: 'Agent the cases test' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('chats need runs:view')).toBeTruthy();
    expect(screen.getByText('You may not generate these cases.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the cost as the API words it, and throws the estimate away when the count changes', async () => {
    viewer.permissions = ['datasets:edit'];
    const estimate = vi.fn((variables: Record<string, unknown>) => ({
      data: {
        generationEstimate: {
          __typename: 'GenerationEstimate',
          sources: [{ __typename: 'GenerationSourceEstimate', source: 'agent', cases: variables.count, draftsFrom: 3, draftsFromText: 'its instructions and 2 tools' }],
          costText: 'under a cent',
          fingerprint: 'fp-1',
        },
      },
    }));
    renderDialog(estimate);
    await chooseAgent();
    fireEvent.click(screen.getByRole('button', { name: 'Estimate' }));
    const shown = await screen.findByRole('region', { name: 'Estimate' });
    expect(shown.textContent).toContain('its instructions and 2 tools');
    expect(screen.getByTestId('generation-cost').textContent).toContain('under a cent');
    expect(estimate).toHaveBeenCalledWith({ datasetId: 'd1', agentId: 'a1', sources: ['agent'], count: 10 });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(false));

    fireEvent.change(screen.getByRole('textbox', { name: 'How many cases' }), { target: { value: '12' } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Estimate' })).toBeNull());
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks the estimate and the generation for the gap\'s tag', async () => {
    viewer.permissions = ['datasets:edit'];
    const estimate = vi.fn((variables: Record<string, unknown>) => ({
      data: {
        generationEstimate: {
          __typename: 'GenerationEstimate',
          sources: [{ __typename: 'GenerationSourceEstimate', source: 'agent', cases: variables.count, draftsFrom: 3, draftsFromText: 'its instructions' }],
          costText: 'under a cent',
          fingerprint: 'fp-refunds',
        },
      },
    }));
    renderDialog(estimate, { initialChoices: { agentId: null, sources: ['agent'], count: 2 }, forTag: 'refunds' });
    await chooseAgent();
    fireEvent.click(screen.getByRole('button', { name: 'Estimate' }));
    await screen.findByRole('region', { name: 'Estimate' });
    expect(estimate).toHaveBeenCalledWith({ datasetId: 'd1', agentId: 'a1', sources: ['agent'], count: 2, focusTag: 'refunds' });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(estimate).toHaveBeenCalledWith({ datasetId: 'd1', agentId: 'a1', sources: ['agent'], count: 2, focusTag: 'refunds', fingerprint: 'fp-refunds' }));
  });

  it('opens with the choices a gap gives it, says what becomes of the tag, and closes without asking', async () => {
    viewer.permissions = ['datasets:edit'];
    const onClose = vi.fn();
    renderDialog(() => ({ data: null }), { initialChoices: { agentId: null, sources: ['red_team'], count: 2 }, forTag: 'red-team:injection', onClose });
    await screen.findByRole('dialog', { name: 'Generate cases' });
    expect((screen.getByRole('checkbox', { name: 'Red team' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'From the agent' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('textbox', { name: 'How many cases' }) as HTMLInputElement).value).toBe('2');
    expect(screen.getByTestId('generation-gap-tag').textContent).toContain('The drafts will be written for “red-team:injection” and tagged with it');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
