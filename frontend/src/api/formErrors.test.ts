import { describe, expect, it } from 'vitest';
import type { ApiProblem } from './errors';
import { formPathsOf, placeFieldErrors, showFieldErrors, toFormPath } from './formErrors';

const caseForm = {
  input: '',
  referenceAnswer: '',
  checks: [
    { type: 'contains', value: 'refund' },
    { type: 'max_length', value: '' },
    { type: 'regex', value: '' },
  ],
  tags: ['billing'],
};

describe('toFormPath', () => {
  it.each([
    ['reference_answer', 'referenceAnswer'],
    ['checks.2.value', 'checks.2.value'],
    ['checks.2.regex.value', 'checks.2.value'],
    ['checks.1.notContains.caseSensitive', 'checks.1.caseSensitive'],
    ['checks.defaultChecks.0.judge', 'checks.defaultChecks.0'],
    ['expectedToolCalls.0.tool', 'expectedToolCalls.0.tool'],
    ['expected_tool_calls.0.tool', 'expectedToolCalls.0.tool'],
    ['organizationId', 'organizationId'],
  ])('%s → %s', (api, form) => expect(toFormPath(api)).toBe(form));
});

describe('formPathsOf', () => {
  it('lists every nested key and index', () => {
    const paths = formPathsOf({ name: 'x', checks: [{ value: 1 }], empty: [] });
    expect([...paths].sort()).toEqual(['checks', 'checks.0', 'checks.0.value', 'empty', 'name']);
  });
});

describe('placeFieldErrors', () => {
  const paths = formPathsOf(caseForm);

  it('puts snake_case API paths on camelCase fields', () => {
    const placed = placeFieldErrors([{ path: 'reference_answer', message: 'A case needs something to test.' }], paths);
    expect(placed).toEqual({ byField: { referenceAnswer: 'A case needs something to test.' }, unplaced: [] });
  });

  it('puts an indexed path on that row’s field', () => {
    const placed = placeFieldErrors([{ path: 'checks.2.value', message: 'Not a valid pattern.' }], paths);
    expect(placed.byField).toEqual({ 'checks.2.value': 'Not a valid pattern.' });
  });

  it('falls back to the nearest part of the form that exists', () => {
    const placed = placeFieldErrors(
      [
        { path: 'checks.2.flags', message: 'Unknown flag.' },
        { path: 'checks.7.value', message: 'Too long.' },
      ],
      paths,
    );
    expect(placed.byField).toEqual({ 'checks.2': 'Unknown flag.', checks: 'Too long.' });
  });

  it('prefers the exact camelCase field to a parent the API spelling reaches', () => {
    const placed = placeFieldErrors(
      [{ path: 'checks.0.expected_value', message: 'Required.' }],
      formPathsOf({ checks: [{ expectedValue: '' }] }),
    );
    expect(placed.byField).toEqual({ 'checks.0.expectedValue': 'Required.' });
  });

  it('follows aliases for fields the form names differently', () => {
    const placed = placeFieldErrors([{ path: 'rows.4.input', message: 'Missing.' }], formPathsOf({ lines: [0, 1, 2, 3, { question: '' }] }), {
      rows: 'lines',
      'rows.4.input': 'lines.4.question',
    });
    expect(placed.byField).toEqual({ 'lines.4.question': 'Missing.' });
  });

  it('returns what fits nowhere, and problems with no path', () => {
    const placed = placeFieldErrors(
      [
        { path: 'rows.4.input', message: 'Missing.' },
        { path: '', message: 'The file is empty.' },
      ],
      paths,
    );
    expect(placed.byField).toEqual({});
    expect(placed.unplaced.map((problem) => problem.path)).toEqual(['rows.4.input', '']);
  });

  it('joins two messages about the same field', () => {
    const placed = placeFieldErrors(
      [
        { path: 'input', message: 'Required.' },
        { path: 'input', message: 'Too short.' },
      ],
      paths,
    );
    expect(placed.byField).toEqual({ input: 'Required. Too short.' });
  });
});

describe('showFieldErrors', () => {
  it('sets the form’s errors and hands back the rest', () => {
    let shown: Record<string, string> = {};
    const form = { getValues: () => ({ email: '', password: '' }), setErrors: (errors: Record<string, string>) => (shown = errors) };
    const problem: ApiProblem = {
      code: 'BAD_USER_INPUT',
      title: 'Some fields need a change',
      message: 'Check the highlighted field.',
      fields: [
        { path: 'email', message: 'Not an e-mail address.' },
        { path: 'organizationId', message: 'You are not a member of that organization.' },
      ],
    };
    const unplaced = showFieldErrors(form, problem);
    expect(shown).toEqual({ email: 'Not an e-mail address.' });
    expect(unplaced).toEqual([{ path: 'organizationId', message: 'You are not a member of that organization.' }]);
  });
});
