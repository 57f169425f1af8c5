import { describe, expect, it } from 'vitest';
import type { RunDetailFieldsFragment } from '../gql/graphql';
import { chatTurns } from './chatTurns';

const run = (id: string) => ({ id }) as unknown as RunDetailFieldsFragment;

describe('chatTurns', () => {
  it('pairs each question with its reply and counts the turns before it', () => {
    const turns = chatTurns([
      { id: 'q1', role: 'USER', content: 'Where is order 1?' },
      { id: 'a1', role: 'AGENT', content: 'Shipped.', run: run('r1') },
      { id: 'q2', role: 'USER', content: 'And order 2?' },
    ]);
    expect(turns.map((turn) => [turn.question, turn.run?.id ?? null, turn.earlierTurns])).toEqual([
      ['Where is order 1?', 'r1', 0],
      ['And order 2?', null, 1],
    ]);
  });

  it('keeps a reply with no question before it as its own turn', () => {
    const turns = chatTurns([
      { id: 'a0', role: 'AGENT', content: 'Hello!', run: run('r0') },
      { id: 'a1', role: 'AGENT', content: 'Still there?', run: run('r1') },
    ]);
    expect(turns.map((turn) => [turn.question, turn.run?.id])).toEqual([
      [null, 'r0'],
      [null, 'r1'],
    ]);
  });
});
