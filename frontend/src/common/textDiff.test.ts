import { describe, expect, it } from 'vitest';
import { alignLists, diffWords, markQuotes, sideOf, wordDiff } from './textDiff';

/** A small seeded generator, so the property runs below are the same every time. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const WORDS = ['refund', 'the', 'order', 'within', '30', 'days', 'ship', '.', ',', 'Yes', 'no', '\n', '  '];

function sentence(next: () => number): string {
  const length = Math.floor(next() * 12);
  return Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)]).join(next() < 0.5 ? ' ' : '');
}

describe('word differences', () => {
  it('marks the words added and removed', () => {
    expect(wordDiff('Refunds take 30 days.', 'Refunds take 14 days.')).toEqual([
      { kind: 'same', text: 'Refunds take ' },
      { kind: 'removed', text: '30' },
      { kind: 'added', text: '14' },
      { kind: 'same', text: ' days.' },
    ]);
    expect(diffWords(wordDiff('Refunds take 30 days.', 'Refunds take 14 days.'))).toBe('1 word added, 1 removed');
    expect(diffWords(wordDiff('a', 'a b c'))).toBe('2 words added');
  });

  it('finds nothing between a text and itself', () => {
    expect(wordDiff('same text', 'same text')).toEqual([{ kind: 'same', text: 'same text' }]);
    expect(wordDiff('', '')).toEqual([]);
    expect(diffWords(wordDiff('x y', 'x y'))).toBe('no difference');
  });

  it('gives back each side exactly: the diff applied to the first text gives the second', () => {
    const next = random(7);
    for (let run = 0; run < 300; run += 1) {
      const before = sentence(next);
      const after = sentence(next);
      const parts = wordDiff(before, after);
      expect(sideOf(parts, 'before').map((part) => part.text).join('')).toBe(before);
      expect(sideOf(parts, 'after').map((part) => part.text).join('')).toBe(after);
    }
  });
});

describe('lists side by side', () => {
  const key = (call: { name: string; args: string }) => `${call.name}:${call.args}`;

  it('pairs the calls both made, and reads a call replaced in place as changed', () => {
    const before = [
      { name: 'lookup', args: '{"id":1}' },
      { name: 'refund', args: '{"amount":10}' },
    ];
    const after = [
      { name: 'lookup', args: '{"id":1}' },
      { name: 'refund', args: '{"amount":12}' },
      { name: 'email', args: '{}' },
    ];
    expect(alignLists(before, after, key).map((row) => [row.kind, row.before?.name ?? null, row.after?.name ?? null])).toEqual([
      ['same', 'lookup', 'lookup'],
      ['changed', 'refund', 'refund'],
      ['added', null, 'email'],
    ]);
    expect(alignLists(before, [], key).map((row) => row.kind)).toEqual(['removed', 'removed']);
  });

  it('keeps every item of both lists, in order', () => {
    const next = random(11);
    for (let run = 0; run < 200; run += 1) {
      const before = Array.from({ length: Math.floor(next() * 6) }, () => ({ name: WORDS[Math.floor(next() * 4)] ?? 'x', args: '' }));
      const after = Array.from({ length: Math.floor(next() * 6) }, () => ({ name: WORDS[Math.floor(next() * 4)] ?? 'x', args: '' }));
      const rows = alignLists(before, after, key);
      expect(rows.flatMap((row) => (row.before ? [row.before] : []))).toEqual(before);
      expect(rows.flatMap((row) => (row.after ? [row.after] : []))).toEqual(after);
    }
  });
});

describe("the judge's quotes in the answer", () => {
  it('marks each quote where the answer holds it, and nothing for a quote it does not hold', () => {
    const parts = markQuotes('You can return it within 30 days. Refunds go to the card.', ['within 30 days', 'not in the answer', 'to the card']);
    expect(parts).toEqual([
      { text: 'You can return it ', quote: null },
      { text: 'within 30 days', quote: 0 },
      { text: '. Refunds go ', quote: null },
      { text: 'to the card', quote: 2 },
      { text: '.', quote: null },
    ]);
  });

  it('never marks one passage twice, and keeps the text whole', () => {
    const text = 'yes yes yes';
    const parts = markQuotes(text, ['yes', 'yes', 'yes yes', '']);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts.filter((part) => part.quote !== null).map((part) => part.quote)).toEqual([0, 1]);
  });
});
