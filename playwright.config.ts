import { existsSync } from 'node:fs';

import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM_FLAGS } from './scripts/chromium-flags';
import { LOCAL_SUPABASE_PORT, LOCAL_SUPABASE_URL } from './supabase/local/local-keys';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;

/** The system Chromium (Debian's `chromium` package) or one named by PLAYWRIGHT_CHROMIUM_PATH. */
function findChromium(): string {
  const candidates = [
    process.env.PLAYWRIGHT_CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].filter((path): path is string => Boolean(path));
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found for the e2e tests. Install it with `apt-get update && apt-get install -y chromium` ' +
        '(gives /usr/bin/chromium), or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      // The embedded Supabase backend, in memory: every run starts from the migrations alone.
      command: 'tsx supabase/local/main.ts',
      env: {
        LOCAL_SUPABASE_DB: 'memory',
        LOCAL_SUPABASE_PORT: String(LOCAL_SUPABASE_PORT),
        SITE_URL: baseURL,
      },
      url: `${LOCAL_SUPABASE_URL}/auth/v1/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      command: `tsx scripts/serve-dist.ts ${process.env.BUILD_DIR ?? 'dist'}`,
      env: { PORT: String(PORT) },
      url: baseURL,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
