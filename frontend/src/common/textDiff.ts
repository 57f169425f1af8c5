/**
 * Word-by-word differences between two texts, and the marking of quoted
 * passages in a text: what the console marks when it sets two answers, or
 * two revisions of a case's field, side by side. jsdiff does the diffing;
 * this shapes its result for display.
 */
import { diffArrays, diffWordsWithSpace } from 'diff';

export type DiffKind = 'same' | 'added' | 'removed';

export interface DiffPart {
  kind: DiffKind;
  text: string;
}

/** Both texts, word by word (whitespace kept): `same` parts belong to both, `removed` to the first only, `added` to the second only. */
export function wordDiff(before: string, after: string): DiffPart[] {
  if (before === after) return before === '' ? [] : [{ kind: 'same', text: before }];
  return diffWordsWithSpace(before, after).map((change) => ({ kind: change.added ? 'added' : change.removed ? 'removed' : 'same', text: change.value }));
}

/** The text one side reads: the before side keeps `same` and `removed`, the after side `same` and `added`. */
export function sideOf(parts: readonly DiffPart[], side: 'before' | 'after'): DiffPart[] {
  const hidden: DiffKind = side === 'before' ? 'added' : 'removed';
  return parts.filter((part) => part.kind !== hidden);
}

/** How much changed, in words, for a heading: "3 words added, 1 removed" or "no difference". */
export function diffWords(parts: readonly DiffPart[]): string {
  const count = (kind: DiffKind) => parts.filter((part) => part.kind === kind).reduce((sum, part) => sum + (part.text.match(/\S+/g)?.length ?? 0), 0);
  const added = count('added');
  const removed = count('removed');
  if (added === 0 && removed === 0) return 'no difference';
  const words = (n: number) => `${n} ${n === 1 ? 'word' : 'words'}`;
  if (removed === 0) return `${words(added)} added`;
  if (added === 0) return `${words(removed)} removed`;
  return `${words(added)} added, ${removed} removed`;
}

export interface Aligned<T> {
  kind: 'same' | 'changed' | 'added' | 'removed';
  before: T | null;
  after: T | null;
}

/**
 * Two lists item by item, by a key saying when two items are the same: the
 * items both hold in order, and between them what only one holds; a removed
 * item followed by an added one reads as that item changed.
 */
export function alignLists<T>(before: readonly T[], after: readonly T[], keyOf: (item: T) => string): Aligned<T>[] {
  const changes = diffArrays(before.map(keyOf), after.map(keyOf));
  const rows: Aligned<T>[] = [];
  let b = 0;
  let a = 0;
  for (let index = 0; index < changes.length; index += 1) {
    const change = changes[index];
    if (!change) continue;
    const next = changes[index + 1];
    if (change.removed && next?.added) {
      const paired = Math.min(change.count, next.count);
      for (let k = 0; k < paired; k += 1) rows.push({ kind: 'changed', before: before[b++] ?? null, after: after[a++] ?? null });
      for (let k = paired; k < change.count; k += 1) rows.push({ kind: 'removed', before: before[b++] ?? null, after: null });
      for (let k = paired; k < next.count; k += 1) rows.push({ kind: 'added', before: null, after: after[a++] ?? null });
      index += 1;
    } else if (change.removed) {
      for (let k = 0; k < change.count; k += 1) rows.push({ kind: 'removed', before: before[b++] ?? null, after: null });
    } else if (change.added) {
      for (let k = 0; k < change.count; k += 1) rows.push({ kind: 'added', before: null, after: after[a++] ?? null });
    } else {
      for (let k = 0; k < change.count; k += 1) rows.push({ kind: 'same', before: before[b++] ?? null, after: after[a++] ?? null });
    }
  }
  return rows;
}

export interface MarkedPart {
  text: string;
  /** The index of the quote this passage is, in the order given; null for text no quote holds. */
  quote: number | null;
}

/**
 * A text cut into the passages the quotes name and the text between, for
 * marking the judge's quotes in the answer. Each quote marks its first
 * occurrence that does not overlap an earlier quote's; a quote the text does
 * not hold word for word marks nothing (it is unverified).
 */
export function markQuotes(text: string, quotes: readonly string[]): MarkedPart[] {
  const spans: { start: number; end: number; quote: number }[] = [];
  quotes.forEach((quote, index) => {
    const needle = quote.trim();
    if (needle === '') return;
    let from = 0;
    while (from <= text.length) {
      const start = text.indexOf(needle, from);
      if (start < 0) return;
      const end = start + needle.length;
      if (!spans.some((span) => start < span.end && end > span.start)) {
        spans.push({ start, end, quote: index });
        return;
      }
      from = start + 1;
    }
  });
  spans.sort((x, y) => x.start - y.start);
  const parts: MarkedPart[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start > at) parts.push({ text: text.slice(at, span.start), quote: null });
    parts.push({ text: text.slice(span.start, span.end), quote: span.quote });
    at = span.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), quote: null });
  return parts;
}
