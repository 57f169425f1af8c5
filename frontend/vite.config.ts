import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The console finds its API at run time through /config.json, which the
 * console server answers in production. `npm run dev` and `npm run preview`
 * answer it here instead, pointing at /graphql on this same origin, which is
 * proxied to the API (CASEBOOK_API, default http://127.0.0.1:8000): one
 * origin, so the session cookie and the websocket need no cross-site setup.
 */
const apiTarget = process.env.CASEBOOK_API ?? 'http://127.0.0.1:8000';

const serveConfigJson: Connect.NextHandleFunction = (request, response, next) => {
  if (request.url?.split('?')[0] !== '/config.json') return next();
  response.setHeader('content-type', 'application/json');
  response.setHeader('cache-control', 'no-store');
  response.end(JSON.stringify({ apiUrl: '/graphql' }));
};

const devConfigJson: Plugin = {
  name: 'casebook-dev-config-json',
  configureServer: (server) => void server.middlewares.use(serveConfigJson),
  configurePreviewServer: (server) => void server.middlewares.use(serveConfigJson),
};

const proxy = { '/graphql': { target: apiTarget, ws: true } };

const TEST_FILES = ['src/**/*.test.{ts,tsx}'];

/**
 * Test files that replace a module or a global (`vi.mock`, `vi.stubGlobal`, `vi.stubEnv`):
 * each runs in a fresh module graph. The others share one per Vitest process: 25 CPU-s
 * against 43 for the 57 files here, and the same tests pass in shuffled orders.
 */
function testFilesThatReplaceModules(): string[] {
  const root = import.meta.dirname;
  const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((file) => /\.test\.tsx?$/.test(file));
  return files.filter((file) => /\bvi\.(mock|stubGlobal|stubEnv)\(/.test(readFileSync(join(root, 'src', file), 'utf8'))).map((file) => join('src', file));
}

const REPLACING_MODULES = testFilesThatReplaceModules();

export default defineConfig({
  plugins: [react(), devConfigJson],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  build: { sourcemap: true, chunkSizeWarningLimit: 1200 },
  test: {
    environment: 'node',
    restoreMocks: true,
    // `make test` runs these beside the browser tests on two cores. A dialog test that takes
    // 0.5 s alone took over 5 s (Vitest's default limit) there on a slower machine of this kind.
    testTimeout: 30_000,
    // Each project names its own files: a project that extends this config adds its include to ours.
    projects: [
      { extends: true, test: { name: 'shared', include: TEST_FILES, isolate: false, exclude: REPLACING_MODULES } },
      { extends: true, test: { name: 'isolated', include: REPLACING_MODULES } },
    ],
  },
});
