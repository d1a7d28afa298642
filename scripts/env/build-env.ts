/**
 * The values a build puts into the browser bundle (every `VITE_` variable), and the headers
 * that follow from them. vite.config.ts defines exactly these in the bundle and writes the
 * build's `_headers` from the same object, so the CSP always allows the Supabase URL and the
 * script origins the bundle uses.
 */
import {
  type HeaderOptions,
  renderHeadersFile,
  renderVercelJson,
  scriptOriginsFromEnv,
} from '../security-headers.ts';
import { parseBrowserEnv } from './browser-env.ts';
import type { Env } from './load-env.ts';
import { LOCAL_BACKEND_ENV } from './local-backend.ts';

/** Only variables with this prefix reach the browser (Vite's rule; never a secret). */
export const CLIENT_ENV_PREFIX = 'VITE_';

/** The standard local values of the embedded backend and `supabase start` (public demo keys). */
export const LOCAL_SUPABASE = {
  VITE_SUPABASE_URL: LOCAL_BACKEND_ENV.VITE_SUPABASE_URL,
  VITE_SUPABASE_ANON_KEY: LOCAL_BACKEND_ENV.VITE_SUPABASE_ANON_KEY,
} as const;

export type ClientEnv = Readonly<Record<string, string>> & {
  readonly VITE_SUPABASE_URL: string;
  readonly VITE_SUPABASE_ANON_KEY: string;
};

/**
 * Every non-empty `VITE_` variable of the environment, with the local Supabase values for the
 * two that are unset, checked (browser-env.ts): a bad value throws, naming its variable.
 * `fallbacks` names the two local values when they were used.
 */
export function clientEnv(env: Env): { values: ClientEnv; fallbacks: string[] } {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith(CLIENT_ENV_PREFIX) && value) values[key] = value;
  }
  const fallbacks: string[] = [];
  for (const [key, value] of Object.entries(LOCAL_SUPABASE)) {
    if (values[key]) continue;
    values[key] = value;
    fallbacks.push(key);
  }
  return { values: parseBrowserEnv(values) as ClientEnv, fallbacks };
}

/** Vite `define` entries that put exactly these values into the bundle's `import.meta.env`. */
export function defineFor(client: ClientEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(client).map(([name, value]) => [
      `import.meta.env.${name}`,
      JSON.stringify(value),
    ]),
  );
}

/** The header inputs of a bundle: its Supabase URL and its consent-gated script origins. */
export function headerOptionsFor(client: ClientEnv): HeaderOptions {
  return { supabaseUrl: client.VITE_SUPABASE_URL, scriptOrigins: scriptOriginsFromEnv(client) };
}

/** `dist/_headers` for a bundle built with these values. */
export function headersFileFor(client: ClientEnv): string {
  return renderHeadersFile(headerOptionsFor(client));
}

/** `vercel.json` as it must be for a bundle built with these values. */
export function vercelJsonFor(client: ClientEnv): string {
  return renderVercelJson(headerOptionsFor(client));
}
