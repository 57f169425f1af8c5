// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EvalClientWorkFieldsFragment, EvalRunStatus } from '../gql/graphql';
import { ClientWorkView } from './ClientWorkPanel';

afterEach(cleanup);

const now = new Date('2026-05-01T12:00:00Z');

function show(work: EvalClientWorkFieldsFragment | null, status: EvalRunStatus) {
  return render(
    <MantineProvider>
      <ClientWorkView runId="RXZhbFJ1bjo5" work={work} status={status} apiUrl="https://casebook.example.test/graphql" now={now} />
    </MantineProvider>,
  );
}

describe('the work for your code on a run’s page', () => {
  it('waits for your code with the command that answers the run, its id and the API filled in', () => {
    show({ waiting: 6, held: 0, lastSeenAt: null }, 'RUNNING');
    // The panel is a region named by its title.
    const panel = screen.getByRole('region', { name: 'Waiting for your code' });
    expect(panel.dataset.stage).toBe('never-seen');
    expect(screen.getByTestId('client-work-counts').textContent).toBe('6 answers waiting · 0 held by clients · no client seen yet');
    expect(screen.getByRole('group', { name: 'Answer this run from your code' }).textContent).toBe(
      'casebook eval --resume RXZhbFJ1bjo5 --task mypkg.agent:answer --url https://casebook.example.test',
    );
    expect(screen.getByRole('button', { name: 'Copy: Answer this run from your code' })).toBeTruthy();
  });

  it('shows clients answering, and when one was last seen', () => {
    show({ waiting: 2, held: 4, lastSeenAt: '2026-05-01T11:58:00Z' }, 'RUNNING');
    const panel = screen.getByRole('region', { name: 'Your code is answering' });
    expect(panel.dataset.stage).toBe('answering');
    expect(screen.getByTestId('client-work-counts').textContent).toBe('2 answers waiting · 4 held by clients · a client was last seen 2 minutes ago');
  });

  it('shows nothing once the run has ended, nor for a run without a local agent', () => {
    show({ waiting: 0, held: 0, lastSeenAt: '2026-05-01T11:59:00Z' }, 'FINISHED');
    expect(screen.queryByTestId('client-work')).toBeNull();
    cleanup();
    show(null, 'RUNNING');
    expect(screen.queryByTestId('client-work')).toBeNull();
  });
});
