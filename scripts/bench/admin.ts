/**
 * The admin dashboard with a realistic table: a fresh embedded backend on the build's port
 * (54321) filled with 10,000 enquiries (spread over 20 weeks, every status and service interest),
 * a staff admin signed in (password and TOTP, the aal2 session put into the browser's storage),
 * then per run in Chromium the time from navigating to /admin to the first table row, and from
 * typing a search to its one result. DATABASE_URL (scripts/pg-throwaway.sh) runs it on
 * PostgreSQL instead of PGlite.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { chromium } from '@playwright/test';

import { LOCAL_SUPABASE_PORT, LOCAL_SUPABASE_URL } from '../../supabase/local/local-keys.ts';
import {
  createUser,
  signedInClient,
  startTestBackend,
} from '../../tests/integration/support/backend.ts';
import { enrollVerifiedTotp } from '../../tests/integration/support/mfa.ts';
import { CHROMIUM_FLAGS, findChromium } from '../chromium.ts';
import { essentialConsentScript } from './browser.ts';

const ROWS = 10_000;
const SITE_PORT = 4183;
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const NEEDLE = 'Needlework Analytics Ltd';
const ADMIN = { email: 'bench.admin@example.com', password: 'bench-password-1' };

export type AdminResult = {
  rows: number;
  engine: string;
  firstRowsMs: number[];
  searchMs: number[];
};

async function waitForSite(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (
      await fetch(SITE).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
  throw new Error(`the static server did not start on ${SITE}`);
}

async function fill(backend: Awaited<ReturnType<typeof startTestBackend>>) {
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
  const user = await createUser(backend, ADMIN);
  await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
    user.id,
  ]);
  const client = await signedInClient(backend, ADMIN.email, ADMIN.password);
  await enrollVerifiedTotp(client);
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('no aal2 session for the bench admin');
  return data.session;
}

export async function measureAdmin(buildPath: string, runs: number): Promise<AdminResult> {
  const headers = await readFile(join(buildPath, '_headers'), 'utf8');
  if (!headers.includes(LOCAL_SUPABASE_URL)) {
    throw new Error(`the admin part needs a build for the local backend (${LOCAL_SUPABASE_URL}).`);
  }
  const backend = await startTestBackend({ port: LOCAL_SUPABASE_PORT, enquiryLimits: 'local' });
  // Its own process, so the backend's queries never hold up a file the page is waiting for.
  const site = spawn('node_modules/.bin/tsx', ['scripts/serve-dist.ts', buildPath], {
    env: { ...process.env, PORT: String(SITE_PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
  try {
    const session = JSON.stringify(JSON.stringify(await fill(backend)));
    await waitForSite();
    const result: AdminResult = {
      rows: ROWS,
      engine: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (memory)',
      firstRowsMs: [],
      searchMs: [],
    };
    for (let run = 1; run <= runs; run += 1) {
      console.error(`admin run ${run} of ${runs}`);
      const context = await browser.newContext();
      await context.addInitScript({
        content: `localStorage.setItem('sb-127-auth-token', ${session});\n${essentialConsentScript()}`,
      });
      const page = await context.newPage();
      const navigated = performance.now();
      await page.goto(`${SITE}/admin?poll=600000`, { waitUntil: 'commit' });
      const table = page.getByRole('region', { name: 'Submissions table' });
      await table.getByRole('row').nth(1).waitFor({ timeout: 60_000 });
      result.firstRowsMs.push(performance.now() - navigated);
      const typed = performance.now();
      await page.getByLabel('Search').fill('Needlework');
      await page.getByText('Showing 1–1 of 1 enquiry').waitFor({ timeout: 60_000 });
      // The search waits 300 ms after the last keystroke before asking; that wait is included.
      result.searchMs.push(performance.now() - typed);
      await context.close();
    }
    return result;
  } finally {
    await browser.close();
    // tsx runs the server in a child of its own: end the whole group.
    if (site.pid) process.kill(-site.pid);
    await backend.stop();
  }
}
