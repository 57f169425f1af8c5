/**
 * **Edit as JSON**: the whole case in the shape an import holds, and edits of
 * it read back into the form. Reading checks the shape only - which columns,
 * which kinds of values - and names each problem by its column path, as an
 * import refusal would; whether the case is a valid case is the API's call.
 */

import type { FieldProblem } from '../api/errors';
import {
  type ArgumentFormValue,
  argumentText,
  type CaseFormValues,
  IMPORT_COLUMNS,
  importRowFromForm,
  ORDER_MODES,
  type OrderMode,
  type ToolCallFormValue,
  type TurnFormValue,
} from './caseForm';
import { type CheckFormValue, checkToForm, type JsonObject, newRowKey, withoutCheckMember } from './checks';

const COLUMNS_SENTENCE = `the columns are ${IMPORT_COLUMNS.join(', ')}`;

/** A path the API or the form names (`checks.2.contains.caseSensitive`) as a path into the JSON shown (`checks.2.case_sensitive`). */
export function toImportPath(path: string): string {
  return withoutCheckMember(path)
    .split('.')
    .map((segment) => segment.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`))
    .join('.');
}

/** The form as the JSON text of one import row, two spaces deep. */
export function caseJsonFromForm(values: CaseFormValues): string {
  return JSON.stringify(importRowFromForm(values).row, null, 2);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class ShapeReader {
  readonly problems: FieldProblem[] = [];

  problem(path: string, message: string): void {
    this.problems.push({ path, message });
  }

  text(value: unknown, path: string): string {
    if (value === undefined || value === null) return '';
    if (typeof value === 'string') return value;
    this.problem(path, 'must be text or null');
    return '';
  }

  list(value: unknown, path: string, what: string): unknown[] {
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) return value;
    this.problem(path, `must be a list of ${what}`);
    return [];
  }

  turn(item: unknown, path: string): TurnFormValue | null {
    if (!isObject(item)) {
      this.problem(path, 'must be an object with `role` and `content`');
      return null;
    }
    for (const name of Object.keys(item)) {
      if (name !== 'role' && name !== 'content') this.problem(`${path}.${name}`, 'is not a field of a turn, which has `role` and `content`');
    }
    const role = item.role;
    if (role !== 'user' && role !== 'assistant') this.problem(`${path}.role`, 'must be `user` or `assistant`');
    return { key: newRowKey('turn'), role: role === 'assistant' ? 'assistant' : 'user', content: this.text(item.content, `${path}.content`) };
  }

  toolCall(item: unknown, path: string): ToolCallFormValue | null {
    if (!isObject(item)) {
      this.problem(path, 'must be an object with `tool` and `args`');
      return null;
    }
    for (const name of Object.keys(item)) {
      if (name !== 'tool' && name !== 'args') this.problem(`${path}.${name}`, 'is not a field of a tool call, which has `tool` and `args`');
    }
    let args: ArgumentFormValue[] = [];
    if (item.args !== undefined && item.args !== null) {
      if (isObject(item.args)) {
        args = Object.entries(item.args).map(([name, value]) => ({ key: newRowKey('arg'), name, value: argumentText(value) }));
      } else {
        this.problem(`${path}.args`, 'must be an object of argument names and values');
      }
    }
    return { key: newRowKey('tool'), tool: this.text(item.tool, `${path}.tool`), args };
  }

  check(item: unknown, path: string): CheckFormValue {
    const read = checkToForm(item);
    for (const problem of read.problems) this.problem(problem.path === '' ? path : `${path}.${problem.path}`, problem.message);
    return read.value;
  }

  orderMode(value: unknown): OrderMode {
    if (value === undefined || value === null || value === '') return 'any';
    if (typeof value === 'string' && (ORDER_MODES as readonly string[]).includes(value)) return value as OrderMode;
    this.problem('order_mode', 'must be `any`, `in_order` or `exact`');
    return 'any';
  }

  tags(value: unknown): string[] {
    return this.list(value, 'tags', 'tags').flatMap((tag, index) => {
      if (typeof tag === 'string') return [tag];
      this.problem(`tags.${index}`, 'must be text');
      return [];
    });
  }
}

export type CaseJsonReading = { values: CaseFormValues; problems: [] } | { values: null; problems: FieldProblem[] };

/**
 * The form values a JSON text describes. `referenceVerified` is not a column,
 * so it keeps the value the form had.
 */
export function caseFormFromJson(text: string, referenceVerified: boolean): CaseJsonReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { values: null, problems: [{ path: '', message: `The JSON does not parse: ${(error as Error).message}` }] };
  }
  if (!isObject(parsed)) {
    return { values: null, problems: [{ path: '', message: `The JSON must be one object whose keys are columns; ${COLUMNS_SENTENCE}.` }] };
  }
  const reader = new ShapeReader();
  for (const name of Object.keys(parsed)) {
    if (!(IMPORT_COLUMNS as readonly string[]).includes(name)) reader.problem(name, `is not a column; ${COLUMNS_SENTENCE}`);
  }
  const values: CaseFormValues = {
    input: reader.text(parsed.input, 'input'),
    history: reader
      .list(parsed.history, 'history', 'turns')
      .flatMap((item, index) => reader.turn(item, `history.${index}`) ?? []),
    referenceAnswer: reader.text(parsed.reference_answer, 'reference_answer'),
    counterExample: reader.text(parsed.counter_example, 'counter_example'),
    expectedToolCalls: reader
      .list(parsed.expected_tool_calls, 'expected_tool_calls', 'tool calls')
      .flatMap((item, index) => reader.toolCall(item, `expected_tool_calls.${index}`) ?? []),
    orderMode: reader.orderMode(parsed.order_mode),
    checks: reader.list(parsed.checks, 'checks', 'checks').map((item, index) => reader.check(item, `checks.${index}`)),
    tags: reader.tags(parsed.tags),
    note: reader.text(parsed.note, 'note'),
    referenceVerified,
  };
  if (reader.problems.length > 0) return { values: null, problems: reader.problems };
  return { values, problems: [] };
}
