import { describe, expect, it } from 'vitest';
import { groupImportProblems, refusalHeading } from './importProblems';

describe('groupImportProblems', () => {
  it('lists every refused row once, in file order, with all of its reasons', () => {
    const refusal = groupImportProblems([
      { path: 'rows.12.reference_answer', message: 'a case needs at least one of a reference answer, …' },
      { path: 'rows.4.checks.0.value', message: 'must not be empty' },
      { path: 'rows.4.history', message: 'is not valid JSON: Expecting value' },
      { path: 'rows.7', message: 'has 11 cells; the header has 9' },
    ]);
    expect(refusal.file).toEqual([]);
    expect(refusal.rows).toEqual([
      {
        row: 4,
        problems: [
          { field: 'checks.0.value', message: 'must not be empty' },
          { field: 'history', message: 'is not valid JSON: Expecting value' },
        ],
      },
      { row: 7, problems: [{ field: '', message: 'has 11 cells; the header has 9' }] },
      { row: 12, problems: [{ field: 'reference_answer', message: 'a case needs at least one of a reference answer, …' }] },
    ]);
    expect(refusalHeading(refusal)).toBe('3 rows were refused');
  });

  it('keeps problems with the file itself apart', () => {
    const refusal = groupImportProblems([
      { path: 'columns.refrence_answer', message: 'is not a column' },
      { path: 'file', message: 'must be a .csv or a .jsonl file' },
      { path: '', message: 'the file is empty' },
      { path: 'rowsy.3', message: 'odd' },
    ]);
    expect(refusal.rows).toEqual([]);
    expect(refusal.file.map((problem) => problem.path)).toEqual(['columns.refrence_answer', 'file', '', 'rowsy.3']);
    expect(refusalHeading(refusal)).toBe('The file was refused');
  });

  it('names a single refused row', () => {
    expect(refusalHeading(groupImportProblems([{ path: 'rows.2.input', message: 'is required' }]))).toBe('Row 2 was refused');
  });
});
