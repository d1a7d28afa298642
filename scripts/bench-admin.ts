/**
 * How fast the admin dashboard is with a realistic table: fills a fresh embedded backend with
 * 10,000 enquiries (spread over 20 weeks, every status and service interest), signs a staff admin
 * in (password and TOTP, an aal2 session put into the browser's storage), then in Chromium
 * measures, per run, the time from navigating to /admin to the first table row, and from typing
 * a search to its one result. Prints the median and every run.
 *
 *   npm run build:e2e      # or npm run build: the build must point at http://127.0.0.1:54321
 *   tsx scripts/bench-admin.ts [--rows 10000] [--runs 5]                      # PGlite, in memory
 *   bash scripts/pg-throwaway.sh tsx scripts/bench-admin.ts                   # PostgreSQL
 *
 * It uses port 54321 (the build's Supabase URL) and serves dist/ on port 4183, so do not run it
 * beside the e2e tests.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import { chromium } from '@playwright/test';

import {
  createUser,
  signedInClient,
  startTestBackend,
} from '../tests/integration/support/backend.ts';
import { enrollVerifiedTotp } from '../tests/integration/support/mfa.ts';
import { LOCAL_SUPABASE_PORT } from '../supabase/local/local-keys.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '5' },
  },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const SITE_PORT = 4183;
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const NEEDLE = 'Needlework Analytics Ltd';
const ADMIN = { email: 'bench.admin@example.com', password: 'bench-password-1' };

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function waitForSite(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(SITE)).ok) return;
    } catch (error) {
      if (attempt % 50 === 49) console.error('waiting for the site:', error);
    }
    await sleep(100);
  }
  throw new Error(`the static server did not start on ${SITE}`);
}

async function main() {
  if (!existsSync('dist/admin/index.html'))
    throw new Error('No build in dist/: run npm run build first.');
  const backend = await startTestBackend({ port: LOCAL_SUPABASE_PORT, enquiryLimits: 'local' });
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (memory)';
  const site = spawn('node_modules/.bin/tsx', ['scripts/serve-dist.ts', 'dist'], {
    env: { ...process.env, PORT: String(SITE_PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    const started = performance.now();
    await backend.sql(
      `insert into public.contact_submissions
         ("Name", "Email", "Company", "Interest", "Timeline", "Message", status, created_at)
       select 'Bench Person ' || n,
              'bench.' || n || '@example.com',
              case when n = $2 then $3 else 'Company ' || (n % 500) || ' Ltd' end,
              (array['data-strategy', 'cloud-migration', 'digital-transformation', 'ai-ml',
                     'data-architecture', 'analytics', 'other'])[1 + n % 7],
              (array['immediate', '1-3-months', '3-6-months', '6-plus-months', 'exploring'])[1 + n % 5],
              'Enquiry number ' || n || ' about our data platform and reporting needs.',
              (array['new', 'in_progress', 'won', 'lost', 'spam'])[1 + n % 5],
              now() - make_interval(mins => (n * 20160) / $1)
         from generate_series(1, $1) as n`,
      [ROWS, Math.floor(ROWS / 2), NEEDLE],
    );
    const filled = performance.now() - started;

    const user = await createUser(backend, ADMIN);
    await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
      user.id,
    ]);
    const client = await signedInClient(backend, ADMIN.email, ADMIN.password);
    await enrollVerifiedTotp(client);
    const { data } = await client.auth.getSession();
    if (!data.session || data.session.access_token === '') throw new Error('no aal2 session');
    await waitForSite();

    const browser = await chromium.launch({
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium',
    });
    const firstRows: number[] = [];
    const searches: number[] = [];
    try {
      for (let run = 0; run < RUNS; run += 1) {
        const context = await browser.newContext();
        await context.addInitScript(
          ({ session }) => {
            window.localStorage.setItem('sb-127-auth-token', session);
            window.localStorage.setItem(
              'kestrel-data.cookie-consent',
              JSON.stringify({
                hasConsented: true,
                preferences: {
                  essential: true,
                  functional: false,
                  performance: false,
                  marketing: false,
                },
                timestamp: Date.now(),
              }),
            );
          },
          { session: JSON.stringify(data.session) },
        );
        const page = await context.newPage();
        const navigated = performance.now();
        await page.goto(`${SITE}/admin?poll=600000`, { waitUntil: 'commit' });
        const table = page.getByRole('region', { name: 'Submissions table' });
        await table.getByRole('row').nth(1).waitFor({ timeout: 60_000 });
        firstRows.push(performance.now() - navigated);

        const typed = performance.now();
        await page.getByLabel('Search').fill('Needlework');
        await page.getByText('Showing 1–1 of 1 enquiry').waitFor({ timeout: 60_000 });
        // The search waits 300 ms after the last keystroke before asking; that wait is included.
        searches.push(performance.now() - typed);
        await context.close();
      }
    } finally {
      await browser.close();
    }

    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(`Admin dashboard with ${ROWS} enquiries on ${engine} (filled in ${ms(filled)})`);
    console.log(
      `  to the first rows:   median ${ms(median(firstRows))}  (runs: ${firstRows.map(ms).join(', ')})`,
    );
    console.log(
      `  to a search result:  median ${ms(median(searches))}  (runs: ${searches.map(ms).join(', ')})`,
    );
  } finally {
    // tsx runs the server in a child of its own: end the whole group.
    if (site.pid) process.kill(-site.pid);
    await backend.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
