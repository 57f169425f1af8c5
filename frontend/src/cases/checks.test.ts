import { describe, expect, it } from 'vitest';
import { CHECK_MEMBERS, CHECK_TYPES, canonicalCheck, checkFromForm, checkInputFromJson, checkJsonFromApi, checkToForm, describeCheck, emptyCheck, withoutCheckMember } from './checks';
import { apiCheck } from './testChecks';

describe('checkToForm and checkFromForm', () => {
  it.each([
    [{ type: 'contains', value: 'refund' }],
    [{ type: 'contains', case_sensitive: true, path: 'items.0.name', value: 'Kettle' }],
    [{ type: 'not_contains', case_sensitive: false, value: 'password' }],
    [{ type: 'equals', value: '42' }],
    [{ type: 'regex', value: '^\\d{5}$' }],
    [{ type: 'json_schema', path: 'order', schema: { type: 'object', required: ['id'] } }],
    [{ type: 'max_cost_usd', value: 0.05 }],
    [{ type: 'max_latency_ms', value: 2000 }],
    [{ type: 'length', max: 120, unit: 'words' }],
    [{ type: 'length', max: 500, min: 10, path: 'summary', unit: 'characters' }],
    [{ type: 'judge', criterion: 'Refuses and does not reveal the customer’s address' }],
  ])('reads %j into a row and gives back the same check', (check) => {
    const { value, problems } = checkToForm(check);
    expect(problems).toEqual([]);
    expect(checkFromForm(value)).toEqual({ check, problems: [] });
  });

  it('keeps only the parameters the type takes, type first and the rest in alphabetical order', () => {
    const row = { ...emptyCheck('contains'), value: 'refund', path: 'reply', caseSensitive: true, criterion: 'left over from judge', min: 3 };
    const { check } = checkFromForm(row);
    expect(Object.keys(check)).toEqual(['type', 'case_sensitive', 'path', 'value']);
  });

  it('leaves out optional parameters left empty', () => {
    expect(checkFromForm({ ...emptyCheck('length'), unit: 'words', max: '', min: 5 }).check).toEqual({ type: 'length', min: 5, unit: 'words' });
    expect(checkFromForm({ ...emptyCheck('max_cost_usd'), value: '' }).check).toEqual({ type: 'max_cost_usd' });
  });

  it('names a schema that is not JSON', () => {
    const { problems } = checkFromForm({ ...emptyCheck('json_schema'), schema: '{"type": ' });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe('schema');
    expect(problems[0]?.message).toMatch(/^is not valid JSON/);
    expect(checkFromForm({ ...emptyCheck('json_schema'), schema: '  ' }).problems).toEqual([{ path: 'schema', message: 'is required' }]);
  });

  it('reads amounts typed as text as numbers', () => {
    expect(checkFromForm({ ...emptyCheck('max_latency_ms'), value: ' 1500 ' }).check).toEqual({ type: 'max_latency_ms', value: 1500 });
  });

  it('reports an unknown type and unknown parameters', () => {
    expect(checkToForm({ type: 'contains_all', value: 'x' }).problems).toEqual([
      { path: 'type', message: expect.stringMatching(/^`contains_all` is not a check type; the check types are contains, /) as unknown as string },
    ]);
    expect(checkToForm({ type: 'equals', value: 'x', flags: 'i' }).problems).toEqual([
      { path: 'flags', message: 'is not a parameter of a `equals` check, which takes value, path, case_sensitive' },
    ]);
    expect(checkToForm('contains').problems[0]?.path).toBe('');
    expect(checkToForm({ value: 'x' }).problems[0]).toMatchObject({ path: 'type', message: expect.stringMatching(/^is required/) as unknown as string });
  });
});

describe('canonicalCheck', () => {
  it('puts type first and sorts the rest', () => {
    expect(Object.keys(canonicalCheck({ value: 1, type: 'max_cost_usd' }))).toEqual(['type', 'value']);
    expect(Object.keys(canonicalCheck({ unit: 'words', min: 1, type: 'length', max: 2 }))).toEqual(['type', 'max', 'min', 'unit']);
  });
});

describe('describeCheck', () => {
  it.each([
    [{ type: 'contains', value: 'refund' }, 'Contains “refund”'],
    [{ type: 'not_contains', value: 'password', path: 'reply', case_sensitive: true }, 'Does not contain “password” at reply (case sensitive)'],
    [{ type: 'equals', value: '42' }, 'Equals “42”'],
    [{ type: 'regex', value: '^\\d+$' }, 'Matches /^\\d+$/'],
    [{ type: 'json_schema', schema: {} }, 'Is JSON matching a schema'],
    [{ type: 'max_cost_usd', value: 0.05 }, 'Costs at most $0.05'],
    [{ type: 'max_latency_ms', value: 2000 }, 'Takes at most 2000 ms'],
    [{ type: 'length', unit: 'words', min: 10, max: 100 }, 'Length 10 to 100 words'],
    [{ type: 'length', unit: 'characters', max: 280 }, 'Length at most 280 characters'],
    [{ type: 'length', unit: 'words', min: 3 }, 'Length at least 3 words'],
    [{ type: 'judge', criterion: 'Is polite' }, 'Judge: Is polite'],
    [{ type: 'unknown' }, '{"type":"unknown"}'],
  ])('%j reads "%s"', (check, words) => expect(describeCheck(check)).toBe(words));
});

describe('the API’s typed checks', () => {
  it.each([
    [{ type: 'contains', case_sensitive: true, path: 'items.0.name', value: 'Kettle' }, { contains: { caseSensitive: true, path: 'items.0.name', value: 'Kettle' } }],
    [{ type: 'not_contains', value: 'password' }, { notContains: { value: 'password' } }],
    [{ type: 'json_schema', schema: { type: 'object' } }, { jsonSchema: { schema: { type: 'object' } } }],
    [{ type: 'max_latency_ms', value: 2000 }, { maxLatencyMs: { value: 2000 } }],
    [{ type: 'length', max: 120, unit: 'words' }, { length: { max: 120, unit: 'WORDS' } }],
    [{ type: 'judge', criterion: 'Is polite' }, { judge: { criterion: 'Is polite' } }],
  ])('sends %j as %j and reads it back unchanged', (json, input) => {
    expect(checkInputFromJson(json)).toEqual(input);
    expect(checkJsonFromApi(apiCheck(json))).toEqual(json);
  });

  it('reads the member the API set, leaving out nulls and the typename', () => {
    const shown = { ...apiCheck({ type: 'equals', value: '42' }), __typename: 'Check' };
    expect(checkJsonFromApi(shown)).toEqual({ type: 'equals', value: '42' });
  });

  it('names the type a member carries, for every member of the schema', () => {
    expect(CHECK_MEMBERS).toHaveLength(CHECK_TYPES.length);
    expect(CHECK_TYPES).toContain('not_contains');
  });

  it.each([
    ['checks.2.contains.value', 'checks.2.value'],
    ['checks.defaultChecks.0.length.max', 'checks.defaultChecks.0.max'],
    ['checks.0.judge', 'checks.0'],
    ['judge.criteria.0.text', 'judge.criteria.0.text'],
    ['expectedToolCalls.1.args', 'expectedToolCalls.1.args'],
  ])('puts the API’s %s on the row’s %s', (apiPath, rowPath) => expect(withoutCheckMember(apiPath)).toBe(rowPath));

  it('names an amount or a bound the API could not take before sending', () => {
    expect(checkFromForm({ ...emptyCheck('max_cost_usd'), value: '' }).problems).toEqual([{ path: 'value', message: 'is required' }]);
    expect(checkFromForm({ ...emptyCheck('max_cost_usd'), value: 'cheap' }).problems).toEqual([{ path: 'value', message: 'must be a number, 0 or more' }]);
    expect(checkFromForm({ ...emptyCheck('length'), min: '2.5' }).problems).toEqual([{ path: 'min', message: 'must be a whole number, 0 or more' }]);
  });
});
