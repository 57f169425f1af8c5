import { describe, expect, it } from 'vitest';
import { existingCaseId } from './conflict';

describe('existingCaseId', () => {
  it('reads the case an answer already is from a CONFLICT', () => {
    expect(existingCaseId({ graphQLErrors: [{ message: 'already a case', extensions: { code: 'CONFLICT', caseId: 'Q2FzZTo3' } }] })).toBe('Q2FzZTo3');
  });

  it('finds none in any other refusal', () => {
    expect(existingCaseId({ graphQLErrors: [{ message: 'no', extensions: { code: 'FORBIDDEN', caseId: 'Q2FzZTo3' } }] })).toBeNull();
    expect(existingCaseId({ graphQLErrors: [{ message: 'changed', extensions: { code: 'CONFLICT' } }] })).toBeNull();
    expect(existingCaseId({ networkError: new Error('offline') })).toBeNull();
    expect(existingCaseId(null)).toBeNull();
  });
});
