import type { ConsentCategory } from '@/content/consent-categories';

export type ConsentedScript = {
  category: Exclude<ConsentCategory, 'essential' | 'functional'>;
  src: string;
};

/** The deployment's script addresses, as the browser's env reader gives them. */
export type ScriptUrls = {
  performanceScriptUrl: string | null;
  analyticsScriptUrl: string | null;
};

/**
 * Third-party scripts that may run only with consent, configured per deployment:
 * VITE_PERFORMANCE_SCRIPT_URL (performance) and VITE_ANALYTICS_SCRIPT_URL (marketing analytics).
 * None are set by default, so a plain build loads no third-party code at all.
 */
export function consentedScripts(urls: ScriptUrls): ConsentedScript[] {
  const scripts: ConsentedScript[] = [];
  if (urls.performanceScriptUrl) {
    scripts.push({ category: 'performance', src: urls.performanceScriptUrl });
  }
  if (urls.analyticsScriptUrl) {
    scripts.push({ category: 'marketing', src: urls.analyticsScriptUrl });
  }
  return scripts;
}
