import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './e2e/admin-password';

/**
 * End-to-end tests in the system Chromium (Debian `chromium`; no browser download).
 * CHROMIUM_PATH points elsewhere; E2E_PORT picks the port of the throwaway server.
 */
const port = Number(process.env.E2E_PORT ?? 4318);
/** A development-mode server (Vite middleware, React's development build) that reports hydration mismatches. */
const devPort = port + 1;
const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // A focused test (forbidOnly) or a skipped one (the second reporter) fails the run.
  reporter: [['list'], ['./scripts/playwright-no-skipped-tests.ts']],
  forbidOnly: true,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags },
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /hydration\.spec/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
    { name: 'phone', testIgnore: /hydration\.spec|calendar-two-servers\.spec/, use: { viewport: { width: 767, height: 900 }, hasTouch: true, isMobile: true } },
    { name: 'hydration', testMatch: /hydration\.spec/, use: { baseURL: `http://127.0.0.1:${devPort}`, viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://127.0.0.1:${port}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        // The calendar sync tests' feed servers (e2e/calendar-sync.spec.ts, one per project width).
        CALENDAR_FEED_TEST_LOOPBACK: `127.0.0.1:${port + 2},127.0.0.1:${port + 3}`,
      },
    },
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://127.0.0.1:${devPort}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PORT: String(devPort), HOST: '127.0.0.1', PUBLIC_ORIGIN: `http://127.0.0.1:${devPort}`, E2E_MODE: 'development' },
    },
  ],
});
