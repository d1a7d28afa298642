/**
 * The two public Supabase settings, as the build put them into the bundle. The build checked
 * them when it started (scripts/env/browser-env.ts: a URL, and an anon key that is not a secret
 * one), so they are read here as they are.
 */
export type SupabaseEnv = { url: string; anonKey: string };

export function readSupabaseEnv(env: ImportMetaEnv): SupabaseEnv {
  return { url: env.VITE_SUPABASE_URL, anonKey: env.VITE_SUPABASE_ANON_KEY };
}
