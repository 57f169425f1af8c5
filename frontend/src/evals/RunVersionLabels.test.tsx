// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EvalAnswerFieldsFragment } from '../gql/graphql';
import { AnswerCard } from './AnswerCard';
import { RunAgentVersion, RunVersionLabels } from './RunVersionLabels';

afterEach(cleanup);

function score(agentVersion: string): EvalAnswerFieldsFragment {
  return {
    id: `s-${agentVersion}`,
    outcome: 'PASS',
    outcomeReason: null,
    notGradedBy: [],
    quality: null,
    repetition: 1,
    answer: 'You have 14 days.',
    answerCut: false,
    toolCalls: [],
    costUsd: null,
    latencyMs: null,
    agentName: 'Local bot',
    agentVersion,
    results: [],
    finalOutcome: 'PASS',
    sourceRunId: null,
    datasetVersion: 1,
    caseRevision: 1,
    review: { state: 'NOT_QUEUED', decision: null },
  };
}

describe('the version labels of the runs on screen', () => {
  it('name the version an answer was given by, looked up from its run', () => {
    render(
      <MantineProvider>
        <RunVersionLabels agents={[{ agentName: 'Local bot', agentVersion: 4, versionLabel: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678' }]}>
          <AnswerCard title="Now" score={score('4')} />
          <RunAgentVersion agentName="Local bot" version={4} />
        </RunVersionLabels>
      </MantineProvider>,
    );
    expect(screen.getByRole('region', { name: 'Now' }).textContent).toContain('Local bot v4 · a1b2c3d · repetition 1');
    expect(screen.getByTestId('agent-version').textContent).toBe('v4 · a1b2c3d');
  });

  it('add, inside, the run compared with: the answer before names its own version', () => {
    render(
      <MantineProvider>
        <RunVersionLabels agents={[{ agentName: 'Local bot', agentVersion: 4, versionLabel: 'feature/refunds' }]}>
          <RunVersionLabels agents={[{ agentName: 'Local bot', agentVersion: 3, versionLabel: 'main' }]}>
            <AnswerCard title="Before" score={score('3')} />
            <AnswerCard title="Now" score={score('4')} />
          </RunVersionLabels>
        </RunVersionLabels>
      </MantineProvider>,
    );
    expect(screen.getByRole('region', { name: 'Before' }).textContent).toContain('Local bot v3 · main');
    expect(screen.getByRole('region', { name: 'Now' }).textContent).toContain('Local bot v4 · feature/refunds');
  });

  it('leave a version without a label as its number alone', () => {
    render(
      <MantineProvider>
        <AnswerCard title="Now" score={score('2')} />
      </MantineProvider>,
    );
    expect(screen.getByRole('region', { name: 'Now' }).textContent).toContain('Local bot v2 · repetition 1');
  });
});
