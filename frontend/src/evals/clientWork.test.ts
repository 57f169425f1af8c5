import { describe, expect, it } from 'vitest';
import type { EvalRunStatus } from '../gql/graphql';
import { clientWorkWords } from './clientWork';

const now = new Date('2026-05-01T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe('what a run with a local agent says of the work for your code', () => {
  it('says nothing for a run without a local agent', () => {
    expect(clientWorkWords(null, 'RUNNING', now)).toBeNull();
    expect(clientWorkWords(undefined, 'QUEUED', now)).toBeNull();
  });

  it('says nothing once the run has ended, whatever the work said last', () => {
    for (const status of ['FINISHED', 'FAILED', 'CANCELLED'] satisfies EvalRunStatus[]) {
      expect(clientWorkWords({ waiting: 3, held: 1, lastSeenAt: minutesAgo(1) }, status, now)).toBeNull();
    }
  });

  it('waits for a first client, saying nothing answers until your code does', () => {
    const words = clientWorkWords({ waiting: 6, held: 0, lastSeenAt: null }, 'RUNNING', now);
    expect(words).toMatchObject({ stage: 'never-seen', title: 'Waiting for your code', counts: '6 answers waiting · 0 held by clients · no client seen yet' });
    expect(words?.next).toContain('Nothing answers this run until your code does');
    expect(words?.next).toContain('fails as abandoned');
  });

  it('follows clients answering, with when one was last seen', () => {
    const words = clientWorkWords({ waiting: 4, held: 2, lastSeenAt: minutesAgo(3) }, 'RUNNING', now);
    expect(words).toMatchObject({ stage: 'answering', title: 'Your code is answering', counts: '4 answers waiting · 2 held by clients · a client was last seen 3 minutes ago' });
    expect(clientWorkWords({ waiting: 1, held: 1, lastSeenAt: minutesAgo(0) }, 'RUNNING', now)?.counts).toBe('1 answer waiting · 1 held by a client · a client was last seen just now');
  });

  it('waits again when the clients went away with answers still to give', () => {
    const words = clientWorkWords({ waiting: 5, held: 0, lastSeenAt: minutesAgo(20) }, 'RUNNING', now);
    expect(words).toMatchObject({ stage: 'waiting-again', title: 'Waiting for your code' });
    expect(words?.next).toContain('No client holds any answer now');
  });

  it('says nothing waits once every answer claimed is given, while confirmation reruns may still come', () => {
    const words = clientWorkWords({ waiting: 0, held: 0, lastSeenAt: minutesAgo(1) }, 'CONFIRMING', now);
    expect(words).toMatchObject({ stage: 'nothing-waiting', title: 'Nothing waits for your code now' });
    expect(words?.next).toContain('rerun to confirm a regression');
  });
});
