import {
  cacheExchange,
  Client,
  fetchExchange,
  makeOperation,
  mapExchange,
  type Operation,
  subscriptionExchange,
} from '@urql/core';
import { createClient as createWebSocketClient } from 'graphql-ws';
import type { ApiConfig } from '../config/apiConfig';
import { isSignedOut } from './errors';

export const CSRF_HEADER = 'X-CSRF-Token';

export interface ApiClientOptions extends ApiConfig {
  /** The signed-in session's CSRF token (viewer.csrfToken), or null when signed out. */
  csrfToken: () => string | null;
  /** Called when the API answers that the caller is not signed in (an expired session). */
  onSignedOut: () => void;
}

export interface ApiClient {
  client: Client;
  /** Closes the subscription socket; the client is not used afterwards. */
  dispose: () => void;
}

/** A mutation made under a console session carries the session's CSRF token. */
export function withCsrfToken(operation: Operation, token: string | null): Operation {
  if (operation.kind !== 'mutation' || !token) return operation;
  const previous = operation.context.fetchOptions;
  const base = typeof previous === 'function' ? previous() : (previous ?? {});
  return makeOperation(operation.kind, operation, {
    ...operation.context,
    fetchOptions: { ...base, headers: { ...(base.headers as Record<string, string> | undefined), [CSRF_HEADER]: token } },
  });
}

/**
 * One urql client per signed-in session: a new session gets a new client, so
 * no cached answer from another person or organization survives a switch.
 * HTTP requests send the session cookie (`credentials: 'include'`); the
 * websocket sends it too, being opened to the API's own address.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const sockets = createWebSocketClient({
    url: options.wsUrl,
    lazy: true,
    retryAttempts: 5,
  });

  const client = new Client({
    url: options.apiUrl,
    fetchOptions: { credentials: 'include' },
    preferGetMethod: false,
    exchanges: [
      mapExchange({
        onOperation: (operation) => withCsrfToken(operation, options.csrfToken()),
        onError: (error) => {
          if (isSignedOut(error)) options.onSignedOut();
        },
      }),
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription(request) {
          const input = { ...request, query: request.query ?? '' };
          return {
            subscribe(sink) {
              const unsubscribe = sockets.subscribe(input, sink);
              return { unsubscribe };
            },
          };
        },
      }),
    ],
  });

  return { client, dispose: () => void sockets.dispose() };
}
