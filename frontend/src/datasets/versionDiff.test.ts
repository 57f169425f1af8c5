import { describe, expect, it } from 'vitest';
import type { DiffCaseFieldsFragment } from '../gql/graphql';
import { fieldText, versionDiffWords } from './versionDiff';

const item: DiffCaseFieldsFragment = {
  id: 'c1',
  revision: 2,
  masked: false,
  input: 'How long is the return window?',
  history: [{ role: 'user', content: 'Hi' }],
  referenceAnswer: '14 days.',
  counterExample: null,
  expectedToolCalls: [{ tool: 'lookup', args: { id: 1 } }],
  orderMode: 'any',
  checks: [],
  tags: ['returns', 'policy'],
  note: null,
  referenceVerified: true,
};

describe("a version diff's fields", () => {
  it('reads each field as the text a reader compares', () => {
    expect(fieldText(item, 'INPUT')).toBe('How long is the return window?');
    expect(fieldText(item, 'HISTORY')).toBe('user: Hi');
    expect(fieldText(item, 'EXPECTED_TOOL_CALLS')).toBe('lookup({"id":1})');
    expect(fieldText(item, 'TAGS')).toBe('returns, policy');
    expect(fieldText(item, 'COUNTER_EXAMPLE')).toBe('');
    expect(fieldText(item, 'REFERENCE_VERIFIED')).toBe('yes');
    expect(fieldText(null, 'INPUT')).toBe('');
  });

  it('says how many cases differ', () => {
    expect(versionDiffWords({ added: 2, removed: 1, changed: 3 })).toBe('2 added · 1 removed · 3 changed');
    expect(versionDiffWords({ added: 0, removed: 0, changed: 0 })).toBe('No case differs');
  });
});
