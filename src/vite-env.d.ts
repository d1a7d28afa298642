// The bundle's environment, as the build checked it when it started (scripts/env/browser-env.ts).
interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL: string;
  readonly VITE_SUPABASE_ANON_KEY: string;
  readonly VITE_PERFORMANCE_SCRIPT_URL?: string;
  readonly VITE_ANALYTICS_SCRIPT_URL?: string;
}
