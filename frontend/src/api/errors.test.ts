import { describe, expect, it } from 'vitest';
import { asSentence, isSignedOut, problemFrom, problemsFrom } from './errors';

const graphQLError = (message: string, extensions: Record<string, unknown>) => ({ message, extensions });

describe('problemsFrom', () => {
  it('reads the code and words of each GraphQL error', () => {
    const [problem] = problemsFrom({ graphQLErrors: [graphQLError('dataset not found', { code: 'NOT_FOUND' })] });
    expect(problem).toEqual({ code: 'NOT_FOUND', title: 'Not found', message: 'Dataset not found.', fields: [] });
  });

  it.each([
    ['FORBIDDEN', 'Not allowed'],
    ['CONFLICT', 'Changed in the meantime'],
    ['UNAUTHENTICATED', 'Not signed in'],
    ['LIMIT_EXCEEDED', 'Limit reached'],
    ['UNAVAILABLE', 'Briefly unavailable'],
    ['INTERNAL', 'Something went wrong on the server'],
  ])('titles %s as "%s"', (code, title) => {
    const [problem] = problemsFrom({ graphQLErrors: [graphQLError('whatever happened', { code })] });
    expect(problem?.title).toBe(title);
    expect(problem?.message).toBe('Whatever happened.');
  });

  it('keeps the fields bad input names and points at them instead of repeating the summary', () => {
    const [problem] = problemsFrom({
      graphQLErrors: [
        graphQLError('reference_answer: a case needs something to test; checks.2.value: must be a number', {
          code: 'BAD_USER_INPUT',
          fields: [
            { path: 'reference_answer', message: 'a case needs something to test' },
            { path: 'checks.2.value', message: 'must be a number' },
          ],
        }),
      ],
    });
    expect(problem?.code).toBe('BAD_USER_INPUT');
    expect(problem?.message).toBe('Check the 2 highlighted fields.');
    expect(problem?.fields).toEqual([
      { path: 'reference_answer', message: 'a case needs something to test' },
      { path: 'checks.2.value', message: 'must be a number' },
    ]);
  });

  it('says a field-less input problem in words', () => {
    const [problem] = problemsFrom({
      graphQLErrors: [graphQLError('x', { code: 'BAD_USER_INPUT', fields: [{ path: '', message: 'the file is empty' }] })],
    });
    expect(problem?.message).toBe('The file is empty.');
  });

  it('names a request that got no answer a network problem', () => {
    const [problem] = problemsFrom({ networkError: new TypeError('Failed to fetch'), graphQLErrors: [] });
    expect(problem?.code).toBe('NETWORK');
    expect(problem?.message).toMatch(/could not reach its API/);
  });

  it('keeps an unknown code readable', () => {
    const [problem] = problemsFrom({ graphQLErrors: [graphQLError('teapot', { code: 'I_AM_A_TEAPOT' })] });
    expect(problem).toMatchObject({ code: 'UNKNOWN', title: 'The request failed', message: 'Teapot.' });
  });

  it('ignores malformed field entries', () => {
    const [problem] = problemsFrom({
      graphQLErrors: [graphQLError('bad', { code: 'BAD_USER_INPUT', fields: [null, { path: 3, message: 'odd' }, 'x'] })],
    });
    expect(problem?.fields).toEqual([{ path: '', message: 'odd' }]);
  });

  it('answers nothing for no error', () => {
    expect(problemsFrom(null)).toEqual([]);
    expect(problemFrom(undefined)).toBeNull();
  });
});

describe('problemFrom', () => {
  it('merges several input errors into one with all their fields', () => {
    const problem = problemFrom({
      graphQLErrors: [
        graphQLError('a', { code: 'BAD_USER_INPUT', fields: [{ path: 'name', message: 'is empty' }] }),
        graphQLError('b', { code: 'BAD_USER_INPUT', fields: [{ path: 'rows.4.input', message: 'is missing' }] }),
      ],
    });
    expect(problem?.fields.map((field) => field.path)).toEqual(['name', 'rows.4.input']);
    expect(problem?.message).toBe('Check the 2 highlighted fields.');
  });

  it('joins the words of different kinds of errors', () => {
    const problem = problemFrom({
      graphQLErrors: [graphQLError('dataset not found', { code: 'NOT_FOUND' }), graphQLError('no access', { code: 'FORBIDDEN' })],
    });
    expect(problem).toMatchObject({ code: 'NOT_FOUND', message: 'Dataset not found. No access.' });
  });
});

describe('isSignedOut', () => {
  it('is true only for UNAUTHENTICATED', () => {
    expect(isSignedOut({ graphQLErrors: [graphQLError('sign in or send an API key', { code: 'UNAUTHENTICATED' })] })).toBe(true);
    expect(isSignedOut({ graphQLErrors: [graphQLError('no', { code: 'FORBIDDEN' })] })).toBe(false);
    expect(isSignedOut({ networkError: new Error('offline') })).toBe(false);
  });
});

describe('asSentence', () => {
  it.each([
    ['the e-mail or the password is wrong', 'The e-mail or the password is wrong.'],
    ['Already a sentence.', 'Already a sentence.'],
    ['  ', ''],
  ])('%j → %j', (input, output) => expect(asSentence(input)).toBe(output));
});
