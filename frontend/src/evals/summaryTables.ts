/**
 * The summary's per-scorer and per-tag lists, which the API gives one row per
 * (name, agent), as tables with a row per name and a column per agent, so
 * agents read side by side.
 */

export interface Tally {
  passed: number;
  failed: number;
  notGraded: number;
  passRate?: number | null;
  decided?: number;
  overruled?: number;
}

export interface AgentColumn {
  agentId: string;
  agentName: string;
}

export interface PivotRow<T extends Tally> {
  name: string;
  /** One cell per column, in the columns' order; null where the agent has no row of that name. */
  cells: (T | null)[];
  /** The lowest pass rate of the row, for "weakest first". */
  worstRate: number | null;
}

/** Rows ordered weakest first (lowest pass rate of any agent), then by name; rows with nothing graded last. */
export function pivotByAgent<T extends Tally & { agentId: string }>(rows: readonly T[], nameOf: (row: T) => string, columns: readonly AgentColumn[]): PivotRow<T>[] {
  const byName = new Map<string, Map<string, T>>();
  for (const row of rows) {
    const name = nameOf(row);
    const cells = byName.get(name) ?? new Map<string, T>();
    cells.set(row.agentId, row);
    byName.set(name, cells);
  }
  const pivot = [...byName.entries()].map(([name, cells]) => {
    const ordered = columns.map((column) => cells.get(column.agentId) ?? null);
    const rates = ordered.flatMap((cell) => (typeof cell?.passRate === 'number' ? [cell.passRate] : []));
    return { name, cells: ordered, worstRate: rates.length > 0 ? Math.min(...rates) : null };
  });
  return pivot.sort((a, b) => {
    if (a.worstRate === null || b.worstRate === null) return a.worstRate === b.worstRate ? a.name.localeCompare(b.name) : a.worstRate === null ? 1 : -1;
    return a.worstRate - b.worstRate || a.name.localeCompare(b.name);
  });
}

/** "7 passed, 2 failed, 1 not graded", and how many a person decided: a decided result counts as the decision. */
export function tallyWords(tally: Tally): string {
  const decided = tally.decided ? `; ${tally.decided} decided by a person${tally.overruled ? `, ${tally.overruled} overruling the scorers` : ''}` : '';
  return `${tally.passed} passed, ${tally.failed} failed, ${tally.notGraded} not graded${decided}`;
}

/** A scorer's name in words: the API's `checks`, `judge`, `check:contains`… */
export function scorerLabel(scorer: string): string {
  const [kind, ...rest] = scorer.split(':');
  const name = rest.join(':');
  const base: Record<string, string> = {
    checks: 'Checks',
    check: 'Check',
    tool_calls: 'Expected tool calls',
    trajectory: 'Expected tool calls',
    judge: 'Judge',
    reference: 'Reference answer',
    structured: 'JSON answer',
  };
  const known = base[kind ?? ''] ?? kind ?? scorer;
  return name ? `${known}: ${name}` : known;
}
