import type { ConsentCategory } from '@/content/consent-categories';

export type ConsentedScript = {
  category: Exclude<ConsentCategory, 'essential' | 'functional'>;
  src: string;
};

/**
 * Third-party scripts that may run only with consent, configured per deployment:
 * VITE_PERFORMANCE_SCRIPT_URL (performance) and VITE_ANALYTICS_SCRIPT_URL (marketing analytics).
 * None are set by default, so a plain build loads no third-party code at all.
 */
export function consentedScripts(
  env: Record<string, unknown> = import.meta.env,
): ConsentedScript[] {
  const scripts: ConsentedScript[] = [];
  const performance = env.VITE_PERFORMANCE_SCRIPT_URL;
  const marketing = env.VITE_ANALYTICS_SCRIPT_URL;
  if (typeof performance === 'string' && performance)
    scripts.push({ category: 'performance', src: performance });
  if (typeof marketing === 'string' && marketing)
    scripts.push({ category: 'marketing', src: marketing });
  return scripts;
}
