import { describe, expect, it } from 'vitest';
import { isFollowUp } from './followUp';

describe('isFollowUp', () => {
  it('points out a question opening on "and" or "what about" after another', () => {
    expect(isFollowUp('And for order 1043?', 1)).toBe(true);
    expect(isFollowUp('and, when does it arrive?', 2)).toBe(true);
    expect(isFollowUp('What about the express one?', 1)).toBe(true);
    expect(isFollowUp('  “what about Sweden?”', 1)).toBe(true);
    expect(isFollowUp('…and the refund?', 1)).toBe(true);
  });

  it('never asks about the first question of a conversation', () => {
    expect(isFollowUp('And for order 1043?', 0)).toBe(false);
    expect(isFollowUp('What about the express one?', 0)).toBe(false);
  });

  it('reads whole words: "Andorra" and "whatever" start a new question', () => {
    expect(isFollowUp('Andorra: do you ship there?', 1)).toBe(false);
    expect(isFollowUp('What aboutness means', 1)).toBe(false);
    expect(isFollowUp('Whatever happened to my order?', 1)).toBe(false);
    expect(isFollowUp('Where is my order?', 3)).toBe(false);
    expect(isFollowUp('', 1)).toBe(false);
  });
});
