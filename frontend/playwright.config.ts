import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in headless Debian Chromium against a real API, worker and
 * console server on embedded PostgreSQL and Redis, all started by globalSetup.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/playwright',
  globalSetup: './e2e/global-setup.ts',
  // A whole reviewer flow on a 2-core machine shared with the API, worker and build: 30 s left no margin.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    // No animations: screenshots show menus and dialogs as they settle, and tests need not wait for them.
    contextOptions: { reducedMotion: 'reduce' },
    // A failed test keeps its trace: each action's DOM snapshot, its network and console. Not the
    // screencast: encoding a frame of every change kept Chromium busy for the whole run, and the
    // 29 tests took 180 s with it against 126 s without it here. A failure still saves a screenshot.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    launchOptions: {
      // Debian's Chromium headless shell (scripts/ensure-chromium.sh says why); CHROMIUM_PATH picks another.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
