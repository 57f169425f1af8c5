/**
 * Checks as the case form edits them (spec: Grading → Checks).
 *
 * A check is a JSON object whose `type` names the rule, with the rule's
 * parameters beside it: the shape files hold and **Edit as JSON** shows. The
 * API types it instead: `Check` and `CheckInput` set one member named after
 * the type (`notContains: {value, caseSensitive}`); `checkJsonFromApi` and
 * `checkInputFromJson` turn one shape into the other, and the check types are
 * those of the generated `CheckInput`. The form holds every parameter any type takes in one
 * flat row, so changing the type keeps what was typed; turning a row back
 * into a check keeps only the parameters its type takes, `type` first and the
 * rest in alphabetical order, as the API stores and exports them. Optional
 * parameters left empty are left out, so a check read from the API and saved
 * unchanged is the same check.
 */

import type { CheckFieldsFragment, CheckInput } from '../gql/graphql';
import type { LengthUnit as SchemaLengthUnit } from '../gql/schemaEnums';

/** The API's name of a check type (`notContains`): the member of `Check` and `CheckInput` that carries it. */
export type CheckMember = keyof CheckInput;

// Every member of the generated CheckInput, and no other: a type the API adds is a type error here.
const TYPE_OF_MEMBER = {
  contains: 'contains',
  notContains: 'not_contains',
  equals: 'equals',
  regex: 'regex',
  jsonSchema: 'json_schema',
  maxCostUsd: 'max_cost_usd',
  maxLatencyMs: 'max_latency_ms',
  length: 'length',
  judge: 'judge',
} as const satisfies Record<CheckMember, string>;

export const CHECK_MEMBERS = Object.keys(TYPE_OF_MEMBER) as CheckMember[];

/** A check type as files and the spec name it. */
export type CheckType = (typeof TYPE_OF_MEMBER)[CheckMember];

export const CHECK_TYPES: readonly CheckType[] = CHECK_MEMBERS.map((member) => TYPE_OF_MEMBER[member]);

const MEMBER_OF_TYPE = Object.fromEntries(CHECK_MEMBERS.map((member) => [TYPE_OF_MEMBER[member], member])) as Record<CheckType, CheckMember>;

/** A length check's unit as files spell it: the schema's `LengthUnit`, in lower case. */
export type LengthUnit = Lowercase<SchemaLengthUnit>;

export type CheckParameter = 'value' | 'path' | 'case_sensitive' | 'schema' | 'unit' | 'min' | 'max' | 'criterion';

export interface CheckDefinition {
  type: CheckType;
  /** The type in words, for the picker. */
  label: string;
  /** When a check of this type passes. */
  passesWhen: string;
  parameters: readonly CheckParameter[];
}

const TEXT_RULE: readonly CheckParameter[] = ['value', 'path', 'case_sensitive'];

export const CHECK_DEFINITIONS: Record<CheckType, CheckDefinition> = {
  contains: { type: 'contains', label: 'Contains', passesWhen: 'The answer contains the value', parameters: TEXT_RULE },
  not_contains: { type: 'not_contains', label: 'Does not contain', passesWhen: 'The answer does not contain the value', parameters: TEXT_RULE },
  equals: { type: 'equals', label: 'Equals', passesWhen: 'The answer, trimmed, is the value', parameters: TEXT_RULE },
  regex: { type: 'regex', label: 'Matches a pattern', passesWhen: 'The pattern matches somewhere in the answer', parameters: TEXT_RULE },
  json_schema: { type: 'json_schema', label: 'JSON matching a schema', passesWhen: 'The answer is JSON matching the JSON Schema', parameters: ['schema', 'path'] },
  max_cost_usd: { type: 'max_cost_usd', label: 'Costs at most (USD)', passesWhen: 'The run cost no more than this', parameters: ['value'] },
  max_latency_ms: { type: 'max_latency_ms', label: 'Takes at most (ms)', passesWhen: 'The run took no longer than this', parameters: ['value'] },
  length: { type: 'length', label: 'Length', passesWhen: 'The answer is at least min and at most max long', parameters: ['unit', 'min', 'max', 'path'] },
  judge: { type: 'judge', label: 'Judge criterion', passesWhen: 'The eval judge grades the criterion at or above the pass mark', parameters: ['criterion'] },
};

export function isCheckType(value: unknown): value is CheckType {
  return typeof value === 'string' && (CHECK_TYPES as readonly string[]).includes(value);
}

/** One check in the form. `value` is text for the text rules and a number for cost and latency. */
export interface CheckFormValue {
  key: string;
  type: CheckType;
  value: string | number;
  path: string;
  /** Null when the check does not say, which reads as not case sensitive. */
  caseSensitive: boolean | null;
  /** The JSON Schema as text. */
  schema: string;
  unit: LengthUnit;
  min: number | string;
  max: number | string;
  criterion: string;
}

export type JsonObject = { [key: string]: unknown };

/** A problem with one part of a check, its path relative to the check (`schema`, `value`). */
export interface CheckProblem {
  path: string;
  message: string;
}

let keyCounter = 0;

/** A key for a list row the form renders; never sent anywhere. */
export function newRowKey(prefix = 'row'): string {
  keyCounter += 1;
  return `${prefix}-${keyCounter}`;
}

export function emptyCheck(type: CheckType = 'contains'): CheckFormValue {
  return { key: newRowKey('check'), type, value: '', path: '', caseSensitive: null, schema: '', unit: 'words', min: '', max: '', criterion: '' };
}

function isAmountType(type: CheckType): boolean {
  return type === 'max_cost_usd' || type === 'max_latency_ms';
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);
}

function count(value: unknown): number | string {
  return typeof value === 'number' ? value : typeof value === 'string' ? value : '';
}

/**
 * A check object read into a form row. Unknown types and parameters are
 * reported with paths relative to the check; the row still holds what could
 * be read.
 */
export function checkToForm(check: unknown): { value: CheckFormValue; problems: CheckProblem[] } {
  if (typeof check !== 'object' || check === null || Array.isArray(check)) {
    return { value: emptyCheck(), problems: [{ path: '', message: 'must be an object whose `type` names the rule' }] };
  }
  const raw = check as JsonObject;
  if (!isCheckType(raw.type)) {
    const shown = typeof raw.type === 'string' ? `\`${raw.type}\` is not a check type` : 'is required';
    return { value: emptyCheck(), problems: [{ path: 'type', message: `${shown}; the check types are ${CHECK_TYPES.join(', ')}` }] };
  }
  const type = raw.type;
  const takes = CHECK_DEFINITIONS[type].parameters;
  const problems: CheckProblem[] = Object.keys(raw)
    .filter((name) => name !== 'type' && !(takes as readonly string[]).includes(name))
    .map((name) => ({ path: name, message: `is not a parameter of a \`${type}\` check, which takes ${takes.join(', ')}` }));
  const value: CheckFormValue = {
    ...emptyCheck(type),
    value: isAmountType(type) ? count(raw.value) : text(raw.value),
    path: text(raw.path),
    caseSensitive: typeof raw.case_sensitive === 'boolean' ? raw.case_sensitive : null,
    schema: raw.schema === undefined ? '' : JSON.stringify(raw.schema, null, 2),
    unit: raw.unit === 'characters' ? 'characters' : 'words',
    min: count(raw.min),
    max: count(raw.max),
    criterion: text(raw.criterion),
  };
  return { value, problems };
}

function numberOrText(value: number | string): number | string {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** Keys in the order the API exports them: `type` first, then alphabetical. */
export function canonicalCheck(check: JsonObject): JsonObject {
  const ordered: JsonObject = 'type' in check ? { type: check.type } : {};
  for (const name of Object.keys(check).filter((key) => key !== 'type').sort()) ordered[name] = check[name];
  return ordered;
}

/**
 * The check a form row describes. What cannot be sent at all stops it here
 * - a schema that is not JSON, an amount or a bound that is not a number;
 * every other rule (a value left empty, a length without bounds) is the
 * API's to refuse, naming the same parameter.
 */
export function checkFromForm(row: CheckFormValue): { check: JsonObject; problems: CheckProblem[] } {
  const check: JsonObject = { type: row.type };
  const problems: CheckProblem[] = [];
  for (const parameter of CHECK_DEFINITIONS[row.type].parameters) {
    switch (parameter) {
      case 'value':
        if (isAmountType(row.type)) {
          if (row.value !== '') check.value = numberOrText(row.value);
          // The API types the amount: what is not a number cannot be sent, so it is named here.
          if (typeof check.value !== 'number') problems.push({ path: 'value', message: row.value === '' ? 'is required' : 'must be a number, 0 or more' });
        } else {
          check.value = String(row.value);
        }
        break;
      case 'path':
        if (row.path.trim() !== '') check.path = row.path.trim();
        break;
      case 'case_sensitive':
        if (row.caseSensitive !== null) check.case_sensitive = row.caseSensitive;
        break;
      case 'schema':
        try {
          check.schema = JSON.parse(row.schema) as unknown;
        } catch (error) {
          problems.push({ path: 'schema', message: row.schema.trim() === '' ? 'is required' : `is not valid JSON: ${(error as Error).message}` });
        }
        break;
      case 'unit':
        check.unit = row.unit;
        break;
      case 'min':
      case 'max': {
        const bound = row[parameter] === '' ? undefined : numberOrText(row[parameter]);
        if (bound !== undefined) check[parameter] = bound;
        if (bound !== undefined && !Number.isInteger(bound)) problems.push({ path: parameter, message: 'must be a whole number, 0 or more' });
        break;
      }
      case 'criterion':
        check.criterion = row.criterion;
        break;
    }
  }
  return { check: canonicalCheck(check), problems };
}

function quoted(value: unknown): string {
  return `“${String(value)}”`;
}

/** A check in one line of words, for reading a case. */
export function describeCheck(check: unknown): string {
  if (typeof check !== 'object' || check === null || !isCheckType((check as JsonObject).type)) return JSON.stringify(check);
  const c = check as JsonObject;
  const where = typeof c.path === 'string' ? ` at ${c.path}` : '';
  const caseNote = c.case_sensitive === true ? ' (case sensitive)' : '';
  switch (c.type as CheckType) {
    case 'contains':
      return `Contains ${quoted(c.value)}${where}${caseNote}`;
    case 'not_contains':
      return `Does not contain ${quoted(c.value)}${where}${caseNote}`;
    case 'equals':
      return `Equals ${quoted(c.value)}${where}${caseNote}`;
    case 'regex':
      return `Matches /${String(c.value)}/${where}${caseNote}`;
    case 'json_schema':
      return `Is JSON matching a schema${where}`;
    case 'max_cost_usd':
      return `Costs at most $${String(c.value)}`;
    case 'max_latency_ms':
      return `Takes at most ${String(c.value)} ms`;
    case 'length': {
      const unit = c.unit === 'characters' ? 'characters' : 'words';
      const bounds =
        c.min !== undefined && c.max !== undefined
          ? `${String(c.min)} to ${String(c.max)}`
          : c.min !== undefined
            ? `at least ${String(c.min)}`
            : `at most ${String(c.max)}`;
      return `Length ${bounds} ${unit}${where}`;
    }
    case 'judge':
      return `Judge: ${String(c.criterion)}`;
  }
}

const PARAMETER_OF_FIELD: Readonly<Record<string, CheckParameter>> = { caseSensitive: 'case_sensitive' };
const FIELD_OF_PARAMETER: Readonly<Record<string, string>> = { case_sensitive: 'caseSensitive' };

/** A check as the API shows it, in the file's shape: the member that is set, its parameters snake_case, nulls left out. */
export function checkJsonFromApi(check: CheckFieldsFragment): JsonObject {
  for (const member of CHECK_MEMBERS) {
    const parameters = check[member] as Record<string, unknown> | null;
    if (parameters === null || parameters === undefined) continue;
    const json: JsonObject = { type: TYPE_OF_MEMBER[member] };
    for (const [field, value] of Object.entries(parameters)) {
      if (field === '__typename' || value === null || value === undefined) continue;
      json[PARAMETER_OF_FIELD[field] ?? field] = field === 'unit' && typeof value === 'string' ? value.toLowerCase() : value;
    }
    return canonicalCheck(json);
  }
  return {};
}

/** A check in the file's shape (one the form built) as `CheckInput`: its type names the member. */
export function checkInputFromJson(check: JsonObject): CheckInput {
  const type = check.type as CheckType;
  const parameters: JsonObject = {};
  for (const [name, value] of Object.entries(check)) {
    if (name === 'type') continue;
    parameters[FIELD_OF_PARAMETER[name] ?? name] = name === 'unit' && typeof value === 'string' ? value.toUpperCase() : value;
  }
  return { [MEMBER_OF_TYPE[type]]: parameters } as unknown as CheckInput;
}

/**
 * An API path into a check given as `CheckInput` (`checks.2.contains.value`)
 * as a path into the form's row (`checks.2.value`): the row holds the type.
 */
export function withoutCheckMember(path: string): string {
  const segments = path.split('.');
  const isMember = (index: number) =>
    index >= 2 && /^\d+$/.test(segments[index - 1] ?? '') && /^(checks|defaultChecks)$/.test(segments[index - 2] ?? '') && (CHECK_MEMBERS as string[]).includes(segments[index] ?? '');
  return segments.filter((_, index) => !isMember(index)).join('.');
}
