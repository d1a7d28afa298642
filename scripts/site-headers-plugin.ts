/**
 * The client build's `_headers`, written from the very values Vite puts into the bundle, so the
 * CSP's connect-src and script-src name the Supabase URL and script origins the bundle uses.
 * On Vercel (which reads the committed vercel.json, not the build output) the build fails when
 * vercel.json's headers would not allow the same.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { Plugin } from 'vite';

import { type ClientEnv, headersFileFor, vercelJsonFor } from './env/build-env.ts';

export const HEADERS_FILE = '_headers';

/** Why a committed vercel.json does not fit a bundle built with these values, or null. */
export function vercelJsonMismatch(committed: string, client: ClientEnv): string | null {
  if (committed === vercelJsonFor(client)) return null;
  return (
    `vercel.json does not carry the headers for this build (Supabase ${client.VITE_SUPABASE_URL}` +
    `${client.VITE_ANALYTICS_SCRIPT_URL ? `, analytics ${client.VITE_ANALYTICS_SCRIPT_URL}` : ''}): ` +
    'its CSP would block the bundle. Run `npm run headers` with the same environment and commit vercel.json.'
  );
}

export function siteHeaders(
  client: ClientEnv,
  { root, onVercel }: { root: string; onVercel: boolean },
): Plugin {
  return {
    name: 'kestrel-site-headers',
    apply: 'build',
    async buildStart() {
      if (!onVercel) return;
      const problem = vercelJsonMismatch(await readFile(join(root, 'vercel.json'), 'utf8'), client);
      if (problem) this.error(problem);
    },
    async writeBundle(options) {
      if (!options.dir) return;
      await writeFile(join(options.dir, HEADERS_FILE), headersFileFor(client));
    },
  };
}
