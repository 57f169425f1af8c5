/**
 * A run with a local agent waits for its clients: your code claims the
 * answers to give, answers where it runs and sends them back. While the run
 * is active its page says how far that has come; once it has ended, nothing.
 */
import { formatWhen } from '../common/time';
import type { EvalClientWorkFieldsFragment, EvalRunStatus } from '../gql/graphql';
import { isOver } from './progress';
import { countOf } from '../common/count';

export type ClientWorkStage =
  /** No client has claimed or answered yet. */
  | 'never-seen'
  /** Clients hold answers to give now. */
  | 'answering'
  /** A client came and went: answers wait and none is held. */
  | 'waiting-again'
  /** Nothing waits and nothing is held: what was claimed is answered. */
  | 'nothing-waiting';

export interface ClientWorkWords {
  stage: ClientWorkStage;
  title: string;
  /** The counts and when a client was last seen, in a line. */
  counts: string;
  /** What happens next, and what the person can do. */
  next: string;
}

/** How long a run waits for a client before it fails as abandoned, unless the server is configured otherwise. */
export const IDLE_WORDS = 'A run no client claims from or answers for an hour (unless the server is set otherwise) fails as abandoned; the answers it has are kept.';

/** What the run page says of the work waiting for clients: null when the run has no local agent or has ended. */
export function clientWorkWords(work: EvalClientWorkFieldsFragment | null | undefined, status: EvalRunStatus, now: Date = new Date()): ClientWorkWords | null {
  if (!work || isOver(status)) return null;
  const seen = work.lastSeenAt ? `a client was last seen ${formatWhen(work.lastSeenAt, now)}` : 'no client seen yet';
  const counts = `${countOf(work.waiting, 'answer', 'answers')} waiting · ${work.held} held by ${work.held === 1 ? 'a client' : 'clients'} · ${seen}`;
  if (!work.lastSeenAt && work.held === 0) {
    return { stage: 'never-seen', title: 'Waiting for your code', counts, next: `Nothing answers this run until your code does: run the command below where the agent’s code is. ${IDLE_WORDS}` };
  }
  if (work.held > 0) {
    return {
      stage: 'answering',
      title: 'Your code is answering',
      counts,
      next: 'Each answer is graded here as it arrives. A client that stops leaves what it held to the next one once its lease runs out; the command below takes over.',
    };
  }
  if (work.waiting > 0) {
    return { stage: 'waiting-again', title: 'Waiting for your code', counts, next: `No client holds any answer now: run the command below to go on. ${IDLE_WORDS}` };
  }
  return {
    stage: 'nothing-waiting',
    title: 'Nothing waits for your code now',
    counts,
    next: 'What was claimed is answered and being graded. Flipped cases rerun to confirm a regression wait for a client again: keep one asking until the run ends.',
  };
}
