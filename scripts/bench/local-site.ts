/**
 * What the parts measured against the embedded backend share: a check that the build talks to
 * it, the build served in a process of its own, and the database engine the backend runs on.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { LOCAL_SUPABASE_URL } from '../../supabase/local/local-keys.ts';
import type { LocalSupabase } from '../../supabase/local/server.ts';

export const SITE = 'http://127.0.0.1:4183';

/** Throws unless the build's Content-Security-Policy lets its pages call the local backend. */
export async function requireLocalBuild(buildPath: string, part: string): Promise<void> {
  const headers = await readFile(join(buildPath, '_headers'), 'utf8');
  if (!headers.includes(LOCAL_SUPABASE_URL)) {
    throw new Error(
      `the ${part} part needs a build for the local backend (${LOCAL_SUPABASE_URL}).`,
    );
  }
}

/** The static server in its own process, so the backend's queries never hold up a file. */
export async function startSite(buildPath: string) {
  const site = spawn('node_modules/.bin/tsx', ['scripts/serve-dist.ts', buildPath], {
    env: { ...process.env, PORT: new URL(SITE).port },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const up = () =>
    fetch(SITE)
      .then((response) => response.ok)
      .catch(() => false);
  for (let attempt = 0; !(await up()); attempt++) {
    if (attempt > 600) throw new Error(`the static server did not start on ${SITE}`);
    await sleep(100);
  }
  // tsx runs the server in a child of its own: end the whole group.
  return { stop: () => process.kill(-site.pid!) };
}

/**
 * The server the backend runs on, as the report names it: the embedded PostgreSQL by default, or
 * the one DATABASE_URL names (scripts/pg-throwaway.sh).
 */
export async function backendEngine(backend: Pick<LocalSupabase, 'sql'>): Promise<string> {
  const [row] = await backend.sql<{ version: string }>(
    `select current_setting('server_version') as version`,
  );
  const where = process.env.DATABASE_URL ? 'the server DATABASE_URL names' : 'embedded';
  return `PostgreSQL ${row?.version ?? '?'} (${where})`;
}
