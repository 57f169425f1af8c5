import { useCallback, useState } from 'react';
import { keepInPlace, type RowLike, withUpdate } from './stableRows';

interface Memory<R> {
  listKey: string;
  source: unknown;
  shown: R[];
  kept: Map<string, Partial<R>>;
}

/**
 * The rows of a list that keeps the rows decided here in place (`stableRows`):
 * each new page read is laid out against the rows shown before it. `keep`
 * marks a row decided, with what the decision returned. A new `listKey`
 * (other filters, another page) starts afresh.
 */
export function useStableRows<R extends RowLike>(source: unknown, fresh: R[] | null, listKey: string): { rows: R[]; keep: (id: string, update: Partial<R>) => void } {
  const [memory, setMemory] = useState<Memory<R>>(() => ({ listKey, source: null, shown: [], kept: new Map() }));
  let current = memory;
  if (memory.listKey !== listKey || memory.source !== source) {
    const sameList = memory.listKey === listKey;
    const kept = sameList ? memory.kept : new Map<string, Partial<R>>();
    const before = sameList ? memory.shown : [];
    const shown = fresh === null ? before : keepInPlace(before, fresh, new Set(kept.keys())).map((row) => (fresh.some((other) => other.id === row.id) ? row : withUpdate(row, kept.get(row.id))));
    current = { listKey, source, shown, kept };
    // Laid out once per page read: the sanctioned way to derive state from what changed since the last render.
    setMemory(current);
  }
  const keep = useCallback((id: string, update: Partial<R>) => {
    setMemory((previous) => {
      const kept = new Map(previous.kept);
      kept.set(id, { ...kept.get(id), ...update });
      return { ...previous, kept, shown: previous.shown.map((row) => (row.id === id ? withUpdate(row, update) : row)) };
    });
  }, []);
  return { rows: current.shown, keep };
}
