import { test as base, expect } from '@playwright/test';

/**
 * A page fixture that fails the test on an unexpected console error, an uncaught exception
 * (hydration mismatches among them) or a failed request for a sub-resource. Tests that expect
 * an error declare it with `allowConsole`.
 */
type Fixtures = {
  allowConsole: (pattern: RegExp) => void;
  /**
   * 'given' (default) stores an essential-only cookie choice before each page loads, so the
   * banner stays out of the way; 'none' leaves storage empty for the consent tests.
   */
  consent: 'given' | 'none';
};

export const CONSENT_STORAGE_KEY = 'kestrel-data.cookie-consent';

export const test = base.extend<Fixtures>({
  consent: ['given', { option: true }],
  page: async ({ page, consent }, use) => {
    if (consent === 'given') {
      await page.addInitScript((key) => {
        if (window.localStorage.getItem(key)) return;
        const preferences = {
          essential: true,
          functional: false,
          performance: false,
          marketing: false,
        };
        window.localStorage.setItem(
          key,
          JSON.stringify({ hasConsented: true, preferences, timestamp: Date.now() }),
        );
      }, CONSENT_STORAGE_KEY);
    }
    // Prerendered pages ask for their scripts only after the first paint, so `load` can come
    // before React has taken over. A navigation therefore also waits for the app's own signal
    // (html[data-hydrated]); pass waitUntil 'commit' to look at the page before that.
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const isHtml = (response?.headers()['content-type'] ?? '').includes('text/html');
      if (isHtml && options?.waitUntil !== 'commit') {
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      }
      return response;
    };
    await use(page);
  },
  allowConsole: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      const record = (text: string) => {
        if (!allowed.some((pattern) => pattern.test(text))) problems.push(text);
      };
      page.on('console', (message) => {
        const text = message.text();
        // Failed requests are reported with their URL by the response listener below.
        if (text.startsWith('Failed to load resource')) return;
        if (message.type() === 'error') record(text);
        if (message.type() === 'warning' && /hydrat|React/i.test(text)) record(text);
      });
      page.on('pageerror', (error) => record(`pageerror: ${error.message}`));
      page.on('response', (response) => {
        const isPage = response.request().resourceType() === 'document';
        if (response.status() >= 400 && !isPage) record(`${response.status()} ${response.url()}`);
      });
      await use((pattern) => allowed.push(pattern));
      expect(problems, 'unexpected console errors or failed requests').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
