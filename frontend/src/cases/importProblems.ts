/**
 * An import refusal, row by row. The API names each invalid field of a file
 * by a path under its row (`rows.4.checks.0.value`; CSV rows count from 1
 * after the header, JSONL rows are line numbers) and problems with the file
 * itself by `file` or `columns.…`. The import dialog lists every refused row
 * once, with all of its reasons.
 */

import type { FieldProblem } from '../api/errors';

export interface RowProblem {
  /** The field within the row (`checks.0.value`), or '' for the row as a whole. */
  field: string;
  message: string;
}

export interface RefusedRow {
  row: number;
  problems: RowProblem[];
}

export interface ImportRefusal {
  /** About the file itself: its columns, its format, its size. */
  file: FieldProblem[];
  /** Every refused row, in file order. */
  rows: RefusedRow[];
}

const ROW_PATH = /^rows\.(\d+)(?:\.(.*))?$/;

export function groupImportProblems(fields: readonly FieldProblem[]): ImportRefusal {
  const file: FieldProblem[] = [];
  const rows = new Map<number, RowProblem[]>();
  for (const problem of fields) {
    const match = ROW_PATH.exec(problem.path);
    if (!match) {
      file.push(problem);
      continue;
    }
    const row = Number(match[1]);
    const problems = rows.get(row) ?? [];
    problems.push({ field: match[2] ?? '', message: problem.message });
    rows.set(row, problems);
  }
  return {
    file,
    rows: [...rows.entries()].sort(([a], [b]) => a - b).map(([row, problems]) => ({ row, problems })),
  };
}

/** "Row 4 was refused" / "3 rows were refused", for the refusal's heading. */
export function refusalHeading(refusal: ImportRefusal): string {
  const count = refusal.rows.length;
  if (count === 0) return 'The file was refused';
  return count === 1 ? `Row ${refusal.rows[0]?.row} was refused` : `${count} rows were refused`;
}
