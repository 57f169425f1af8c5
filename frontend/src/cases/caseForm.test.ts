import { describe, expect, it } from 'vitest';
import {
  argumentText,
  argumentValue,
  type CaseContentLike,
  caseFormFingerprint,
  caseFormFromCase,
  caseFormProblems,
  caseInputFromForm,
  emptyCaseForm,
  emptyToolCall,
  importRowFromForm,
} from './caseForm';
import { emptyCheck } from './checks';
import { apiCheck } from './testChecks';

const refundCase: CaseContentLike = {
  input: 'Where is my refund?',
  history: [
    { role: 'user', content: 'I returned a kettle.' },
    { role: 'assistant', content: 'Thanks, what is the order number?' },
  ],
  referenceAnswer: 'Refunds reach your card within **5 working days** of the return arriving.',
  counterExample: null,
  expectedToolCalls: [{ tool: 'lookup_order', args: { include_returns: true, order_id: '12345', limit: 3 } }],
  orderMode: 'in_order',
  checks: [apiCheck({ type: 'contains', value: '5 working days' }), apiCheck({ type: 'length', max: 120, unit: 'words' })],
  tags: ['billing', 'returns'],
  note: 'The agent used to promise refunds “today”.',
  referenceVerified: true,
};

describe('argument values', () => {
  it.each([
    ['12345', '"12345"'],
    ['hello', 'hello'],
    [42, '42'],
    [true, 'true'],
    [null, 'null'],
    [{ a: [1, 2] }, '{"a":[1,2]}'],
    ['', ''],
  ])('%j shows as %j and reads back the same', (value, text) => {
    expect(argumentText(value)).toBe(text);
    expect(argumentValue(text)).toEqual(value);
  });

  it('reads text that is not JSON as a string', () => {
    expect(argumentValue('order 12')).toBe('order 12');
    expect(argumentValue('{broken')).toBe('{broken');
  });
});

describe('the form and the case', () => {
  it('reads a case into the form and back into the same case', () => {
    const form = caseFormFromCase(refundCase);
    expect(form.history.map((turn) => turn.role)).toEqual(['user', 'assistant']);
    expect(form.expectedToolCalls[0]?.args.map((arg) => [arg.name, arg.value])).toEqual([
      ['include_returns', 'true'],
      ['order_id', '"12345"'],
      ['limit', '3'],
    ]);
    const { input, problems } = caseInputFromForm(form);
    expect(problems).toEqual([]);
    expect(input).toEqual({
      input: 'Where is my refund?',
      history: refundCase.history,
      referenceAnswer: refundCase.referenceAnswer,
      counterExample: null,
      expectedToolCalls: [{ tool: 'lookup_order', args: { include_returns: true, limit: 3, order_id: '12345' } }],
      orderMode: 'in_order',
      checks: [{ contains: { value: '5 working days' } }, { length: { max: 120, unit: 'WORDS' } }],
      tags: ['billing', 'returns'],
      note: refundCase.note,
      referenceVerified: true,
    });
  });

  it('writes the import shape: nine columns in file order, arguments sorted, blanks as null', () => {
    const form = { ...caseFormFromCase(refundCase), counterExample: '   ', note: '' };
    const { row } = importRowFromForm(form);
    expect(Object.keys(row)).toEqual([
      'input',
      'history',
      'reference_answer',
      'counter_example',
      'expected_tool_calls',
      'order_mode',
      'checks',
      'tags',
      'note',
    ]);
    expect(Object.keys(row.expected_tool_calls[0]?.args ?? {})).toEqual(['include_returns', 'limit', 'order_id']);
    expect(row.counter_example).toBeNull();
    expect(row.note).toBeNull();
  });

  it('skips blank argument rows and names rows it cannot send', () => {
    const call = { ...emptyToolCall(), tool: ' refund ' };
    call.args = [
      { key: 'a', name: 'amount', value: '20' },
      { key: 'b', name: '', value: '' },
      { key: 'c', name: '', value: 'orphan' },
      { key: 'd', name: 'amount', value: '30' },
    ];
    const { row, problems } = importRowFromForm({ ...emptyCaseForm(), input: 'x', expectedToolCalls: [call] });
    expect(row.expected_tool_calls).toEqual([{ tool: 'refund', args: { amount: 20 } }]);
    expect(problems).toEqual([
      { path: 'expected_tool_calls.0.args', message: 'the value orphan has no argument name' },
      { path: 'expected_tool_calls.0.args', message: 'names the argument `amount` twice' },
    ]);
  });

  it('names a check schema that is not JSON by its check path', () => {
    const form = { ...emptyCaseForm(), input: 'x', checks: [emptyCheck('contains'), { ...emptyCheck('json_schema'), schema: '{' }] };
    expect(importRowFromForm(form).problems.map((problem) => problem.path)).toEqual(['checks.1.schema']);
  });

  it('sends only what a reader may change of a masked case', () => {
    const { input } = caseInputFromForm(caseFormFromCase(refundCase), { masked: true });
    expect(Object.keys(input).sort()).toEqual(['checks', 'orderMode', 'referenceVerified', 'tags']);
  });

  it('drops blank tags', () => {
    expect(caseInputFromForm({ ...emptyCaseForm(), tags: ['billing', '  '] }).input.tags).toEqual(['billing']);
  });
});

describe('caseFormProblems', () => {
  it('asks for an input and something to test the answer against', () => {
    expect(caseFormProblems(emptyCaseForm()).map((problem) => problem.path)).toEqual(['input', 'referenceAnswer']);
    expect(caseFormProblems({ ...emptyCaseForm(), input: 'Hi', referenceAnswer: 'Hello' })).toEqual([]);
    expect(caseFormProblems({ ...emptyCaseForm(), input: 'Hi', checks: [emptyCheck('contains')] })).toEqual([]);
    expect(caseFormProblems({ ...emptyCaseForm(), input: 'Hi', expectedToolCalls: [emptyToolCall()] })).toEqual([]);
    expect(caseFormProblems({ ...emptyCaseForm(), input: 'Hi', counterExample: ' ' })).toHaveLength(1);
  });
});

describe('caseFormFingerprint', () => {
  it('is the same for the same case read twice, whatever the row keys', () => {
    expect(caseFormFingerprint(caseFormFromCase(refundCase))).toBe(caseFormFingerprint(caseFormFromCase(refundCase)));
  });

  it('changes with any edit, including ones not yet valid JSON', () => {
    const form = caseFormFromCase(refundCase);
    const before = caseFormFingerprint(form);
    expect(caseFormFingerprint({ ...form, referenceVerified: false })).not.toBe(before);
    expect(caseFormFingerprint({ ...form, tags: ['billing'] })).not.toBe(before);
    const schemaEdit = { ...form, checks: [{ ...emptyCheck('json_schema'), schema: '{' }] };
    expect(caseFormFingerprint(schemaEdit)).not.toBe(caseFormFingerprint({ ...schemaEdit, checks: [{ ...emptyCheck('json_schema'), schema: '{"' }] }));
  });
});
