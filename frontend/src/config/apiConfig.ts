/**
 * Where the API is. The console server answers /config.json with the address it
 * was started for; a bare dev server has no such file, so the build-time
 * VITE_API_URL and then the API's default local address stand in.
 */

export const DEFAULT_API_URL = 'http://localhost:8000/graphql';

export interface ApiConfig {
  /** The GraphQL endpoint over HTTP. */
  apiUrl: string;
  /** The same endpoint for graphql-transport-ws subscriptions. */
  wsUrl: string;
}

export type ConfigFetcher = (path: string) => Promise<unknown>;

async function fetchConfigJson(path: string): Promise<unknown> {
  const response = await fetch(path, { cache: 'no-store', headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  return response.json();
}

function apiUrlIn(config: unknown): string | null {
  if (typeof config !== 'object' || config === null) return null;
  const value = (config as Record<string, unknown>).apiUrl;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The websocket address of an HTTP(S) GraphQL endpoint; relative URLs resolve against `base`. */
export function toWebSocketUrl(httpUrl: string, base: string): string {
  const url = new URL(httpUrl, base);
  if (url.protocol === 'https:') url.protocol = 'wss:';
  else if (url.protocol === 'http:') url.protocol = 'ws:';
  return url.toString();
}

export async function loadApiConfig(options: {
  fetchConfig?: ConfigFetcher;
  envApiUrl?: string | undefined;
  base: string;
}): Promise<ApiConfig> {
  const fetchConfig = options.fetchConfig ?? fetchConfigJson;
  let served: string | null = null;
  try {
    served = apiUrlIn(await fetchConfig('/config.json'));
  } catch {
    // No console server (or a dev server answering HTML): fall through to the build's setting.
  }
  const envUrl = options.envApiUrl?.trim() ? options.envApiUrl.trim() : null;
  const apiUrl = new URL(served ?? envUrl ?? DEFAULT_API_URL, options.base).toString();
  return { apiUrl, wsUrl: toWebSocketUrl(apiUrl, options.base) };
}
