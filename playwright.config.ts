import { defineConfig, devices } from '@playwright/test';

import { BUILD_DIR } from './scripts/build-dir.ts';
import { CHROMIUM_FLAGS, findChromium } from './scripts/chromium.ts';
import { LOCAL_SUPABASE_PORT, LOCAL_SUPABASE_URL } from './supabase/local/local-keys.ts';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  // A wait is for something the page does after a round trip to the backend; with two workers
  // on a loaded two-core CI machine one such trip has taken over five seconds. Speed is measured
  // by the bench scripts, not here, so the wait is generous and a real hang still fails.
  expect: { timeout: 10_000 },
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
      command: `tsx scripts/serve-dist.ts ${BUILD_DIR}`,
      env: { PORT: String(PORT) },
      url: baseURL,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
