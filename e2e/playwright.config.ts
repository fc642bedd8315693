import { defineConfig, devices } from '@playwright/test';
import { E2E_OIDC_PORT, E2E_PORT, oidcProviderEnv, serverEnv } from './support/env.ts';

// Runs against the real built server (the same `apps/server/dist/server.mjs` that `npm start`
// runs) on a fresh embedded database in a temporary folder, driving the Debian Chromium (no
// browser download: CHROME_PATH or /usr/bin/chromium). Serial: guard tests switch global state.
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // Issue 11: the server's log of the run holds no password, code or token.
  globalTeardown: './support/log-check.ts',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    // Issue 9: the site's service worker stays out of every test but the PWA ones (0-content),
    // which allow it: page.route and response checks then see the network as before.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    // A test tagged @phone runs once, as the phone (it is a phone test: touch, a phone's screen).
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      grepInvert: /@phone/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 5'], viewport: { width: 360, height: 740 } },
      grep: /@phone/,
    },
  ],
  // The local OpenID provider (standing in for Google) first, then the server that uses it.
  webServer: [
    {
      command: 'node e2e/support/oidc-provider.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${E2E_OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: oidcProviderEnv,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node e2e/support/start-server.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${E2E_PORT}/health`,
      reuseExistingServer: false,
      // A first start migrates and seeds a fresh database (10,000 games since issue 5).
      timeout: 120_000,
      env: serverEnv,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
