import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real product: each spec file starts its own stack (the distributed mode as
 * separate processes, or the one-process mode) with fresh databases, and drives Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The JSON report (file from PLAYWRIGHT_JSON_OUTPUT_NAME) feeds npm test's summary line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // Its own folder: Playwright empties it at start (npm test keeps jest's report beside it).
  outputDir: '../test-results/e2e',
  use: {
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
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
