/**
 * The one reader of the browser's environment: every `import.meta.env` value the app uses comes
 * through here. The build checked the values when it started (scripts/env/browser-env.ts: a URL,
 * an anon key that is not a secret one, script URLs), so they are read here as they are. No
 * dependency, so the booking code loaded after a sent enquiry can read the Supabase settings
 * without supabase-js's chunk.
 */
export type BrowserEnv = {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** The consented third-party scripts' addresses, where this deployment sets them. */
  performanceScriptUrl: string | null;
  analyticsScriptUrl: string | null;
};

const optional = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The values, read when called (so a test's stubbed values count). Each is read by its full name,
 * which the build replaces with the value alone, not with the whole env object.
 */
export function readBrowserEnv(): BrowserEnv {
  return {
    supabaseUrl: import.meta.env.VITE_SUPABASE_URL,
    supabaseAnonKey: import.meta.env.VITE_SUPABASE_ANON_KEY,
    performanceScriptUrl: optional(import.meta.env.VITE_PERFORMANCE_SCRIPT_URL),
    analyticsScriptUrl: optional(import.meta.env.VITE_ANALYTICS_SCRIPT_URL),
  };
}

/**
 * A development build (Vite's dev server), a build-time constant: code behind it is in no
 * production bundle.
 */
export const isDevelopment: boolean = import.meta.env.DEV;
