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
  // Two spec files at a time: 2.3-2.5 min here against 3.4 min in one. The specs share their
  // organizations; each counts and reads only the datasets, agents and connections it made.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    // No animations: screenshots show menus and dialogs as they settle, and tests need not wait for them.
    contextOptions: { reducedMotion: 'reduce' },
    // A failed test keeps its trace: each action with its call log, the network, the console and
    // the sources, and a screenshot of the page as it failed. Not the screencast nor each action's
    // DOM snapshot: recording them for every passing test cost Chromium's renderer about a third
    // of its work (12.0 s against 7.7 s for agents.spec.ts). `npx playwright test <spec>
    // --trace on` records them when stepping through a failure.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
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
