import { describe, expect, it } from 'vitest';
import { DEFAULT_API_URL, loadApiConfig, toWebSocketUrl } from './apiConfig';

const base = 'http://127.0.0.1:5173/datasets';

describe('loadApiConfig', () => {
  it('uses the apiUrl the console server serves', async () => {
    const config = await loadApiConfig({
      fetchConfig: async () => ({ apiUrl: 'http://127.0.0.1:8000/graphql' }),
      envApiUrl: 'http://elsewhere:9000/graphql',
      base,
    });
    expect(config).toEqual({ apiUrl: 'http://127.0.0.1:8000/graphql', wsUrl: 'ws://127.0.0.1:8000/graphql' });
  });

  it('falls back to VITE_API_URL when /config.json is missing or not JSON', async () => {
    for (const fetchConfig of [async () => null, async () => Promise.reject(new SyntaxError('Unexpected token <'))]) {
      const config = await loadApiConfig({ fetchConfig, envApiUrl: 'https://api.example.test/graphql', base });
      expect(config).toEqual({ apiUrl: 'https://api.example.test/graphql', wsUrl: 'wss://api.example.test/graphql' });
    }
  });

  it('falls back to the local default when nothing says where the API is', async () => {
    const config = await loadApiConfig({ fetchConfig: async () => ({ apiUrl: '' }), envApiUrl: '  ', base });
    expect(config.apiUrl).toBe(DEFAULT_API_URL);
    expect(config.wsUrl).toBe('ws://localhost:8000/graphql');
  });
});

describe('toWebSocketUrl', () => {
  it.each([
    ['http://127.0.0.1:8000/graphql', 'ws://127.0.0.1:8000/graphql'],
    ['https://casebook.example.test/api/graphql', 'wss://casebook.example.test/api/graphql'],
    ['/graphql', 'ws://127.0.0.1:5173/graphql'],
  ])('%s becomes %s', (http, ws) => {
    expect(toWebSocketUrl(http, base)).toBe(ws);
  });
});
