import { createRequest, makeOperation, type OperationContext } from '@urql/core';
import { describe, expect, it } from 'vitest';
import { LogoutMutation, ViewerQuery } from '../session/operations';
import { CSRF_HEADER, withCsrfToken } from './client';

const context: OperationContext = { url: 'http://api.test/graphql', requestPolicy: 'cache-first', fetchOptions: { credentials: 'include' } };

function headersOf(operation: ReturnType<typeof withCsrfToken>): Record<string, string> | undefined {
  const options = operation.context.fetchOptions;
  const resolved = typeof options === 'function' ? options() : options;
  return resolved?.headers as Record<string, string> | undefined;
}

describe('withCsrfToken', () => {
  it('adds the session’s token to a mutation and keeps its other fetch options', () => {
    const mutation = makeOperation('mutation', createRequest(LogoutMutation, {}), context);
    const sent = withCsrfToken(mutation, 'token-123');
    expect(headersOf(sent)).toEqual({ [CSRF_HEADER]: 'token-123' });
    const options = sent.context.fetchOptions;
    expect(typeof options === 'function' ? options() : options).toMatchObject({ credentials: 'include' });
  });

  it('leaves queries alone, and mutations when signed out', () => {
    const query = makeOperation('query', createRequest(ViewerQuery, {}), context);
    expect(withCsrfToken(query, 'token-123')).toBe(query);
    const mutation = makeOperation('mutation', createRequest(LogoutMutation, {}), context);
    expect(withCsrfToken(mutation, null)).toBe(mutation);
  });

  it('reads fetch options given as a function', () => {
    const mutation = makeOperation('mutation', createRequest(LogoutMutation, {}), {
      ...context,
      fetchOptions: () => ({ headers: { 'x-request-id': 'r1' } }),
    });
    expect(headersOf(withCsrfToken(mutation, 't'))).toEqual({ 'x-request-id': 'r1', [CSRF_HEADER]: 't' });
  });
});
