import { applyEnvFiles } from '../../scripts/env/load-env.ts';
import { EnvError, readNodeEnv } from '../../scripts/env/node-env.ts';
import type { LocalSupabaseOptions } from './server.ts';

export { EnvError };

/**
 * The backend's environment: fills `target` (process.env) from the project's `.env` files for
 * every variable not already set, so later readers of process.env see them too, then reads and
 * checks the backend's own options from it.
 */
export function loadBackendOptions({
  dir,
  target = process.env,
}: { dir?: string; target?: NodeJS.ProcessEnv } = {}): LocalSupabaseOptions {
  applyEnvFiles({ dir, target });
  return optionsFromEnv(target);
}

/** Reads and checks the backend's environment; each message names the variable that is wrong. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): LocalSupabaseOptions {
  const checked = readNodeEnv(env, [
    'LOCAL_SUPABASE_PORT',
    'LOCAL_SUPABASE_AUTOCONFIRM',
    'SITE_URL',
    'DATABASE_URL',
    'LOCAL_SUPABASE_DB',
    'LOCAL_POSTGRES_OS_USER',
    'LOCAL_AUTH_LIMITS',
  ]);
  const osUser = checked.LOCAL_POSTGRES_OS_USER ? { osUser: checked.LOCAL_POSTGRES_OS_USER } : {};
  const db: LocalSupabaseOptions['db'] = checked.DATABASE_URL
    ? { kind: 'postgres', url: checked.DATABASE_URL }
    : checked.LOCAL_SUPABASE_DB === 'memory'
      ? { kind: 'memory', ...osUser }
      : { kind: 'embedded', dir: '.local/postgres', ...osUser };
  return {
    port: checked.LOCAL_SUPABASE_PORT,
    db,
    autoconfirm: checked.LOCAL_SUPABASE_AUTOCONFIRM,
    siteUrl: checked.SITE_URL,
    authLimits: checked.LOCAL_AUTH_LIMITS,
  };
}

/** The connection URL without its password, for printing. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://…';
  }
}
