/**
 * Puts the fields an API error names onto the form that sent them.
 *
 * The API names a field by its dotted path in the API's own spelling
 * (`referenceAnswer`, `checks.2.contains.value`, `organizationId`; an import
 * row's problems by the file's columns, `rows.4.reference_answer`); forms use
 * camelCase paths into their values (`referenceAnswer`, `checks.2.value`: a
 * check's row holds its type, so the API's member of it is dropped). A path the form has no input for lands on the nearest
 * part of the form that it does have (`checks.2`, then `checks`), so the
 * section at fault is still highlighted; what fits nowhere is returned to be
 * shown beside the form.
 */

import { withoutCheckMember } from '../cases/checks';
import type { ApiProblem, FieldProblem } from './errors';

/** `reference_answer` → `referenceAnswer`, `checks.2.contains.value` → `checks.2.value`; indexes and camelCase segments stay as they are. */
export function toFormPath(apiPath: string): string {
  return withoutCheckMember(apiPath)
    .split('.')
    .map((segment) => segment.replace(/_+([a-z0-9])/g, (_, letter: string) => letter.toUpperCase()))
    .join('.');
}

/** Every path into a form's values: `checks`, `checks.0`, `checks.0.value`, … */
export function formPathsOf(values: unknown, prefix = ''): Set<string> {
  const paths = new Set<string>();
  const visit = (value: unknown, path: string) => {
    if (path !== '') paths.add(path);
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, path === '' ? String(index) : `${path}.${index}`));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) visit(item, path === '' ? key : `${path}.${key}`);
    }
  };
  visit(values, prefix);
  return paths;
}

export interface PlacedFieldErrors {
  /** Form path → message, ready for the form's error state. */
  byField: Record<string, string>;
  /** Problems with no field to show them on. */
  unplaced: FieldProblem[];
}

function ancestorsOf(path: string): string[] {
  const segments = path.split('.');
  const found: string[] = [];
  for (let length = segments.length; length > 0; length -= 1) found.push(segments.slice(0, length).join('.'));
  return found;
}

/**
 * Where each problem goes. `aliases` renames API paths (or their leading part)
 * whose form field is named differently: `{ input: 'question' }` sends
 * `input` and `input.0` to `question` and `question.0`.
 */
export function placeFieldErrors(
  fields: readonly FieldProblem[],
  formPaths: Iterable<string>,
  aliases: Readonly<Record<string, string>> = {},
): PlacedFieldErrors {
  const known = new Set(formPaths);
  const byField: Record<string, string> = {};
  const unplaced: FieldProblem[] = [];
  for (const problem of fields) {
    const target = problem.path === '' ? undefined : targetFor(problem.path, known, aliases);
    if (target === undefined) {
      unplaced.push(problem);
    } else {
      const already = byField[target];
      byField[target] = already === undefined ? problem.message : `${already} ${problem.message}`;
    }
  }
  return { byField, unplaced };
}

function renamed(path: string, aliases: Readonly<Record<string, string>>): string {
  for (const candidate of ancestorsOf(path)) {
    const alias = aliases[candidate];
    if (alias !== undefined) return alias + path.slice(candidate.length);
  }
  return path;
}

function targetFor(apiPath: string, known: Set<string>, aliases: Readonly<Record<string, string>>): string | undefined {
  // Both spellings have the same segments, so compare them depth by depth: an exact
  // camelCase match wins over a parent that only the API's spelling reaches.
  const spellings = [renamed(apiPath, aliases), renamed(toFormPath(apiPath), aliases)].map(ancestorsOf);
  const depth = Math.max(...spellings.map((ancestors) => ancestors.length));
  for (let level = 0; level < depth; level += 1) {
    for (const ancestors of spellings) {
      const candidate = ancestors[level];
      if (candidate !== undefined && known.has(candidate)) return candidate;
    }
  }
  return undefined;
}

/** What a Mantine `useForm` (or any form with the same two methods) needs to show API errors. */
export interface ErrorShowingForm {
  getValues(): unknown;
  setErrors(errors: Record<string, string>): void;
}

/** Shows a problem's fields on the form; returns the ones it could not place. */
export function showFieldErrors(
  form: ErrorShowingForm,
  problem: ApiProblem,
  aliases: Readonly<Record<string, string>> = {},
): FieldProblem[] {
  const placed = placeFieldErrors(problem.fields, formPathsOf(form.getValues()), aliases);
  form.setErrors(placed.byField);
  return placed.unplaced;
}
