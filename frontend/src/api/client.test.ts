import { createRequest, makeOperation, type OperationContext } from '@urql/core';
import { describe, expect, it, vi } from 'vitest';
import { ImportCasesMutation } from '../cases/operations';
import { LogoutMutation, ViewerQuery } from '../session/operations';
import { createApiClient, CSRF_HEADER, withCsrfToken } from './client';

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

describe('file uploads', () => {
  it('sends a File variable as a GraphQL multipart request, with the CSRF token', async () => {
    const sent: { body: unknown; headers: Record<string, string> }[] = [];
    // The socket is opened lazily, for subscriptions only; this request never opens it.
    vi.stubGlobal('WebSocket', class {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push({ body: init.body, headers: init.headers as Record<string, string> });
        return new Response(JSON.stringify({ data: { importCases: { version: 2, imported: 1, redacted: 0, __typename: 'ImportCasesPayload' } } }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const api = createApiClient({ apiUrl: 'http://api.test/graphql', wsUrl: 'ws://api.test/graphql', csrfToken: () => 'token-9', onSignedOut: () => undefined });
    const file = new File(['input,reference_answer\nHi,Hello\n'], 'cases.csv', { type: 'text/csv' });
    const result = await api.client.mutation(ImportCasesMutation, { datasetId: 'RGF0YXNldDox', file }).toPromise();
    api.dispose();

    expect(result.data?.importCases.imported).toBe(1);
    const [request] = sent;
    expect(request?.body).toBeInstanceOf(FormData);
    const form = request?.body as FormData;
    const operations = JSON.parse(String(form.get('operations'))) as { variables: Record<string, unknown> };
    expect(operations.variables).toEqual({ datasetId: 'RGF0YXNldDox', file: null });
    expect(JSON.parse(String(form.get('map')))).toEqual({ 0: ['variables.file'] });
    expect((form.get('0') as File).name).toBe('cases.csv');
    // The browser sets the multipart boundary itself; a JSON content type would break it.
    expect(request?.headers['content-type']).toBeUndefined();
    expect(request?.headers[CSRF_HEADER.toLowerCase()]).toBe('token-9');
  });
});
