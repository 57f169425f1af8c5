/**
 * A case three ways: the form's values, the API's `CaseInput`, and the
 * import shape (the nine snake_case columns of a JSONL row) that **Edit as
 * JSON** shows. Problems are named by dotted paths into the import shape
 * (`expected_tool_calls.0.args`, `checks.2.schema`), which the form places
 * as it places the API's refusals (`expectedToolCalls.0.args`).
 */

import type { FieldProblem } from '../api/errors';
import type { CaseInput, CheckFieldsFragment } from '../gql/graphql';
import { type CheckFormValue, checkFromForm, checkInputFromJson, checkJsonFromApi, checkToForm, type JsonObject, newRowKey } from './checks';

export type TurnRole = 'user' | 'assistant';

export type OrderMode = 'any' | 'in_order' | 'exact';
export const ORDER_MODES: readonly OrderMode[] = ['any', 'in_order', 'exact'];

export interface TurnFormValue {
  key: string;
  role: TurnRole;
  content: string;
}

export interface ArgumentFormValue {
  key: string;
  name: string;
  /** JSON when it parses as JSON, else the text itself. */
  value: string;
}

export interface ToolCallFormValue {
  key: string;
  tool: string;
  args: ArgumentFormValue[];
}

export interface CaseFormValues {
  input: string;
  history: TurnFormValue[];
  referenceAnswer: string;
  counterExample: string;
  expectedToolCalls: ToolCallFormValue[];
  orderMode: OrderMode;
  checks: CheckFormValue[];
  tags: string[];
  note: string;
  referenceVerified: boolean;
}

/** The case fields the console reads from the API. */
export interface CaseContentLike {
  input: string;
  history: ReadonlyArray<{ role: string; content: string }>;
  referenceAnswer?: string | null;
  counterExample?: string | null;
  expectedToolCalls: ReadonlyArray<{ tool: string; args: unknown }>;
  orderMode: string;
  checks: readonly CheckFieldsFragment[];
  tags: readonly string[];
  note?: string | null;
  referenceVerified: boolean;
}

/** A case as one import row: the nine columns, in the order files hold them. */
export interface ImportRow {
  input: string;
  history: { role: string; content: string }[];
  reference_answer: string | null;
  counter_example: string | null;
  expected_tool_calls: { tool: string; args: JsonObject }[];
  order_mode: OrderMode;
  checks: JsonObject[];
  tags: string[];
  note: string | null;
}

export const IMPORT_COLUMNS = [
  'input',
  'history',
  'reference_answer',
  'counter_example',
  'expected_tool_calls',
  'order_mode',
  'checks',
  'tags',
  'note',
] as const;

export function emptyCaseForm(): CaseFormValues {
  return {
    input: '',
    history: [],
    referenceAnswer: '',
    counterExample: '',
    expectedToolCalls: [],
    orderMode: 'any',
    checks: [],
    tags: [],
    note: '',
    referenceVerified: false,
  };
}

export function emptyTurn(role: TurnRole = 'user'): TurnFormValue {
  return { key: newRowKey('turn'), role, content: '' };
}

export function emptyArgument(): ArgumentFormValue {
  return { key: newRowKey('arg'), name: '', value: '' };
}

export function emptyToolCall(): ToolCallFormValue {
  return { key: newRowKey('tool'), tool: '', args: [emptyArgument()] };
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** An argument's value as its row shows it; a string that would read back as JSON keeps its quotes. */
export function argumentText(value: unknown): string {
  if (typeof value === 'string') return parsesAsJson(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/** An argument row's value as sent: JSON when it parses as JSON, else the text as a string. */
export function argumentValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function asOrderMode(value: string): OrderMode {
  return (ORDER_MODES as readonly string[]).includes(value) ? (value as OrderMode) : 'any';
}

function argumentRows(args: unknown): ArgumentFormValue[] {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return [];
  return Object.entries(args as JsonObject).map(([name, value]) => ({ key: newRowKey('arg'), name, value: argumentText(value) }));
}

export function caseFormFromCase(content: CaseContentLike): CaseFormValues {
  return {
    input: content.input,
    history: content.history.map((turn) => ({ key: newRowKey('turn'), role: turn.role === 'assistant' ? 'assistant' : 'user', content: turn.content })),
    referenceAnswer: content.referenceAnswer ?? '',
    counterExample: content.counterExample ?? '',
    expectedToolCalls: content.expectedToolCalls.map((call) => ({ key: newRowKey('tool'), tool: call.tool, args: argumentRows(call.args) })),
    orderMode: asOrderMode(content.orderMode),
    checks: content.checks.map((check) => checkToForm(checkJsonFromApi(check)).value),
    tags: [...content.tags],
    note: content.note ?? '',
    referenceVerified: content.referenceVerified,
  };
}

function blankToNull(text: string): string | null {
  return text.trim() === '' ? null : text;
}

function argumentsFromRows(rows: readonly ArgumentFormValue[], path: string, problems: FieldProblem[]): JsonObject {
  const args: JsonObject = {};
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '' && row.value.trim() === '') continue;
    if (name === '') {
      problems.push({ path, message: `the value ${row.value.trim()} has no argument name` });
    } else if (name in args) {
      problems.push({ path, message: `names the argument \`${name}\` twice` });
    } else {
      args[name] = argumentValue(row.value);
    }
  }
  const sorted: JsonObject = {};
  for (const name of Object.keys(args).sort()) sorted[name] = args[name];
  return sorted;
}

/**
 * The form as an import row. `problems` names what the form cannot turn into
 * JSON (an argument without a name, a schema that is not JSON); everything
 * else is left for the API to judge.
 */
export function importRowFromForm(values: CaseFormValues): { row: ImportRow; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const expectedToolCalls = values.expectedToolCalls.map((call, index) => ({
    tool: call.tool.trim(),
    args: argumentsFromRows(call.args, `expected_tool_calls.${index}.args`, problems),
  }));
  const checks = values.checks.map((row, index) => {
    const built = checkFromForm(row);
    for (const problem of built.problems) problems.push({ path: `checks.${index}.${problem.path}`, message: problem.message });
    return built.check;
  });
  const row: ImportRow = {
    input: values.input,
    history: values.history.map((turn) => ({ role: turn.role, content: turn.content })),
    reference_answer: blankToNull(values.referenceAnswer),
    counter_example: blankToNull(values.counterExample),
    expected_tool_calls: expectedToolCalls,
    order_mode: values.orderMode,
    checks,
    tags: values.tags.map((tag) => tag.trim()).filter((tag) => tag !== ''),
    note: blankToNull(values.note),
  };
  return { row, problems };
}

/** The fields a reader of a masked case may still change: copied text stays as it is. */
const MASKED_EDITABLE: readonly (keyof CaseInput)[] = ['orderMode', 'checks', 'tags', 'referenceVerified'];

/** The form as `CaseInput`; a masked case sends only what its reader may change. */
export function caseInputFromForm(values: CaseFormValues, options: { masked?: boolean } = {}): { input: CaseInput; problems: FieldProblem[] } {
  const { row, problems } = importRowFromForm(values);
  const input: CaseInput = {
    input: row.input,
    history: row.history,
    referenceAnswer: row.reference_answer,
    counterExample: row.counter_example,
    expectedToolCalls: row.expected_tool_calls,
    orderMode: row.order_mode,
    checks: row.checks.map(checkInputFromJson),
    tags: row.tags,
    note: row.note,
    referenceVerified: values.referenceVerified,
  };
  if (!options.masked) return { input, problems };
  const limited: CaseInput = {};
  for (const name of MASKED_EDITABLE) (limited as Record<string, unknown>)[name] = input[name];
  return { input: limited, problems: problems.filter((problem) => problem.path.startsWith('checks')) };
}

/** A stable text of what the form says, for telling whether anything changed. */
export function caseFormFingerprint(values: CaseFormValues): string {
  const { row } = importRowFromForm(values);
  const rawArguments = values.expectedToolCalls.map((call) => call.args.map((arg) => [arg.name, arg.value]));
  const rawChecks = values.checks.map((check) => [check.schema, check.value]);
  return JSON.stringify([row, values.referenceVerified, rawArguments, rawChecks]);
}

/** Whether the form has an input and something to test the answer against, as the API requires. */
export function caseFormProblems(values: CaseFormValues): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (values.input.trim() === '') problems.push({ path: 'input', message: 'Write the message the agent answers.' });
  const { row } = importRowFromForm(values);
  const hasExpectation = row.reference_answer !== null || row.counter_example !== null || row.expected_tool_calls.length > 0 || row.checks.length > 0;
  if (!hasExpectation) {
    problems.push({
      path: 'referenceAnswer',
      message: 'Add a reference answer, a counter-example, an expected tool call or a check: with only an input, a case could never fail.',
    });
  }
  return problems;
}
