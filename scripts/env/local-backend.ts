/**
 * The local backend's standard values (supabase/local/local-keys.ts), as the variables that carry
 * them, for every tool run without a `.env`: the build fills the two browser values it lacks
 * (build-env.ts), and a CLI script that talks to Supabase takes all three when nothing names a
 * project, so a fresh clone needs no set-up to reach `npm run dev`'s backend.
 */
import {
  LOCAL_ANON_KEY,
  LOCAL_SERVICE_ROLE_KEY,
  LOCAL_SUPABASE_URL,
} from '../../supabase/local/local-keys.ts';
import type { Env } from './load-env.ts';
import { readNodeEnv } from './node-env.ts';

export const LOCAL_BACKEND_ENV = {
  VITE_SUPABASE_URL: LOCAL_SUPABASE_URL,
  VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
  SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
} as const;

/** The one line a script prints when it falls back to the local backend at `url`. */
export const localDefaultsNotice = (url: string) =>
  `No .env or VITE_SUPABASE_URL found: using the local backend's defaults (${url}).`;

const isSet = (value: string | undefined) => Boolean(value?.trim());

/**
 * A script's environment: as given when it names a project (SUPABASE_URL or VITE_SUPABASE_URL
 * set, even to a bad value, which the script's own check then names), else with the local
 * backend's values for each of the three that is unset, and the notice to print. The URL is on
 * LOCAL_SUPABASE_PORT when that is set, as the embedded backend listens there (a bad port throws
 * an EnvError naming it).
 */
export function withLocalBackendDefaults(env: Env): { env: Env; notice?: string } {
  if (isSet(env.SUPABASE_URL) || isSet(env.VITE_SUPABASE_URL)) return { env };
  const port = readNodeEnv(env, ['LOCAL_SUPABASE_PORT']).LOCAL_SUPABASE_PORT;
  const local = { ...LOCAL_BACKEND_ENV, VITE_SUPABASE_URL: `http://127.0.0.1:${port}` };
  const filled: Record<string, string | undefined> = { ...env };
  for (const [name, value] of Object.entries(local)) {
    if (!isSet(filled[name])) filled[name] = value;
  }
  return { env: filled, notice: localDefaultsNotice(local.VITE_SUPABASE_URL) };
}
