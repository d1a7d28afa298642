import { applyEnvFiles } from '../../scripts/env/load-env.ts';
import { LOCAL_SUPABASE_PORT } from './local-keys.ts';
import type { LocalSupabaseOptions } from './server.ts';

export class EnvError extends Error {}

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
  const rawPort = env.LOCAL_SUPABASE_PORT?.trim() || String(LOCAL_SUPABASE_PORT);
  if (!/^\d+$/.test(rawPort) || Number(rawPort) < 1 || Number(rawPort) > 65535) {
    throw new EnvError(
      `LOCAL_SUPABASE_PORT must be a port number between 1 and 65535, got "${rawPort}"`,
    );
  }

  const rawAutoconfirm = env.LOCAL_SUPABASE_AUTOCONFIRM?.trim().toLowerCase() || 'false';
  if (rawAutoconfirm !== 'true' && rawAutoconfirm !== 'false') {
    throw new EnvError(
      `LOCAL_SUPABASE_AUTOCONFIRM must be "true" or "false", got "${env.LOCAL_SUPABASE_AUTOCONFIRM}"`,
    );
  }

  const siteUrl = env.SITE_URL?.trim() || 'http://localhost:5173';
  if (!isHttpUrl(siteUrl)) throw new EnvError(`SITE_URL must be an http(s) URL, got "${siteUrl}"`);

  const databaseUrl = env.DATABASE_URL?.trim();
  const storage = env.LOCAL_SUPABASE_DB?.trim() || 'file';
  let db: LocalSupabaseOptions['db'];
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
      throw new EnvError('DATABASE_URL must be a postgres:// or postgresql:// connection URL');
    }
    db = { kind: 'postgres', url: databaseUrl };
  } else if (storage === 'memory') {
    db = { kind: 'memory' };
  } else if (storage === 'file') {
    db = { kind: 'pglite-dir', dir: '.local/pglite' };
  } else {
    throw new EnvError(
      `LOCAL_SUPABASE_DB must be "memory" or "file" (PGlite under .local/pglite), got "${storage}"`,
    );
  }

  const authLimits = env.LOCAL_AUTH_LIMITS?.trim() || 'local';
  if (authLimits !== 'local' && authLimits !== 'config') {
    throw new EnvError(
      `LOCAL_AUTH_LIMITS must be "local" (generous, for tests) or "config" (supabase/config.toml's [auth.rate_limit]), got "${authLimits}"`,
    );
  }

  return {
    port: Number(rawPort),
    db,
    autoconfirm: rawAutoconfirm === 'true',
    siteUrl,
    authLimits,
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
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
