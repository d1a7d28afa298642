import { jwtClaim } from '@/lib/jwt-claim';

/**
 * Reads and checks the two public Supabase settings. Bad values fail loudly, naming the
 * variable, instead of surfacing later as a confusing network error.
 */
export type SupabaseEnv = { url: string; anonKey: string };

type RawEnv = Record<string, string | boolean | undefined>;

export function readSupabaseEnv(env: RawEnv): SupabaseEnv {
  const url = env.VITE_SUPABASE_URL;
  const anonKey = env.VITE_SUPABASE_ANON_KEY;

  if (typeof url !== 'string' || url.trim() === '') {
    throw new Error(
      'VITE_SUPABASE_URL is not set: copy .env.example to .env or set it in the build environment.',
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`VITE_SUPABASE_URL is not a valid URL: "${url}".`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(
      `VITE_SUPABASE_URL must start with https:// (or http:// locally), got "${url}".`,
    );
  }

  if (typeof anonKey !== 'string' || anonKey.trim() === '') {
    throw new Error("VITE_SUPABASE_ANON_KEY is not set: use the project's anon (publishable) key.");
  }
  const isPublishable = anonKey.startsWith('sb_publishable_');
  const isJwt = /^[\w-]+\.[\w-]+\.[\w-]+$/.test(anonKey);
  if (anonKey.startsWith('sb_secret_') || (isJwt && jwtClaim(anonKey, 'role') === 'service_role')) {
    throw new Error(
      'VITE_SUPABASE_ANON_KEY holds a secret service-role key. Only the anon (publishable) key may reach the browser.',
    );
  }
  if (!isPublishable && !isJwt) {
    throw new Error(
      'VITE_SUPABASE_ANON_KEY does not look like a Supabase anon or publishable key.',
    );
  }
  return { url: url.replace(/\/+$/, ''), anonKey };
}
