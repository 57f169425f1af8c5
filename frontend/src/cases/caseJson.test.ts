import { describe, expect, it } from 'vitest';
import { caseFormFromCase, caseInputFromForm, importRowFromForm } from './caseForm';
import { caseFormFromJson, caseJsonFromForm, toImportPath } from './caseJson';
import { apiCheck } from './testChecks';

const withEverything = caseFormFromCase({
  input: 'Cancel order 12345',
  history: [{ role: 'user', content: 'Hi' }],
  referenceAnswer: 'Done: order 12345 is cancelled.',
  counterExample: 'I cannot do that.',
  expectedToolCalls: [{ tool: 'cancel_order', args: { order_id: '12345', notify: true } }],
  orderMode: 'exact',
  checks: [apiCheck({ type: 'regex', value: 'cancel+ed', case_sensitive: false })],
  tags: ['orders'],
  note: 'Guards the cancel flow.',
  referenceVerified: true,
});

describe('Edit as JSON', () => {
  it('shows the case as an import row and reads it back unchanged', () => {
    const text = caseJsonFromForm(withEverything);
    expect(JSON.parse(text)).toEqual(importRowFromForm(withEverything).row);
    const read = caseFormFromJson(text, true);
    expect(read.problems).toEqual([]);
    expect(read.values && caseInputFromForm(read.values).input).toEqual(caseInputFromForm(withEverything).input);
  });

  it('keeps reference verified, which is not a column, from the form', () => {
    expect(caseFormFromJson('{"input": "x"}', true).values?.referenceVerified).toBe(true);
    expect(caseFormFromJson('{"input": "x"}', false).values?.referenceVerified).toBe(false);
  });

  it('reads columns left out as empty, as an import does', () => {
    const read = caseFormFromJson('{"input": "How long is the return window?", "reference_answer": "30 days"}', false);
    expect(read.values).toMatchObject({ history: [], orderMode: 'any', checks: [], tags: [], note: '', counterExample: '' });
  });

  it('says when the text is not JSON or not one object', () => {
    expect(caseFormFromJson('{"input": ', false).problems[0]?.message).toMatch(/^The JSON does not parse/);
    expect(caseFormFromJson('[1]', false).problems[0]?.message).toMatch(/^The JSON must be one object/);
  });

  it('names every problem by its column path', () => {
    const read = caseFormFromJson(
      JSON.stringify({
        input: 7,
        refrence_answer: 'typo',
        history: [{ role: 'system', content: 'x' }, 'hi'],
        expected_tool_calls: [{ tool: 'a', args: [1] }],
        order_mode: 'sorted',
        checks: [{ type: 'contains', value: 'x', flags: 'i' }, { type: 'nope' }],
        tags: 'a,b',
      }),
      false,
    );
    expect(read.values).toBeNull();
    expect(read.problems.map((problem) => problem.path)).toEqual([
      'refrence_answer',
      'input',
      'history.0.role',
      'history.1',
      'expected_tool_calls.0.args',
      'order_mode',
      'checks.0.flags',
      'checks.1.type',
      'tags',
    ]);
  });
});

describe('toImportPath', () => {
  it.each([
    ['checks.2.contains.caseSensitive', 'checks.2.case_sensitive'],
    ['referenceAnswer', 'reference_answer'],
    ['expectedToolCalls.0.args', 'expected_tool_calls.0.args'],
  ])('shows the API’s %s beside the JSON as %s', (apiPath, jsonPath) => expect(toImportPath(apiPath)).toBe(jsonPath));
});
