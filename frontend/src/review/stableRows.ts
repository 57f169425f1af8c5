/**
 * Saving a decision keeps the decided row in place. The list is read again
 * after a decision (and whenever the queue changes), and the fresh page may
 * leave a decided row out - filtered by outcome, its outcome is now another -
 * or the newest answers may arrive at the top. A row decided here stays where
 * it was among the rows around it, with what the decision returned, until the
 * filters change or the page is left.
 */

export interface RowLike {
  id: string;
}

/**
 * The rows to show: the fresh page in its order, with each kept row the fresh
 * page left out put back right after the row it followed before (or first,
 * when it led the list or nothing before it is still there).
 */
export function keepInPlace<R extends RowLike>(previous: readonly R[], fresh: readonly R[], kept: ReadonlySet<string>): R[] {
  const freshIds = new Set(fresh.map((row) => row.id));
  const missing = previous.filter((row) => kept.has(row.id) && !freshIds.has(row.id));
  if (missing.length === 0) return [...fresh];
  const result = [...fresh];
  const placed = new Set(freshIds);
  for (const row of previous) {
    if (placed.has(row.id) || !kept.has(row.id)) continue;
    // The nearest row before it in the old order that is shown now.
    const before = previous.slice(0, previous.indexOf(row)).reverse().find((other) => placed.has(other.id));
    const at = before ? result.findIndex((other) => other.id === before.id) + 1 : 0;
    result.splice(at, 0, row);
    placed.add(row.id);
  }
  return result;
}

/** A row with what a mutation returned about it laid over, for a kept row the list no longer reads. */
export function withUpdate<R extends RowLike>(row: R, update: Partial<R> | undefined): R {
  return update ? { ...row, ...update, id: row.id } : row;
}
