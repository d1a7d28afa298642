import { test as base, expect } from '@playwright/test';

/**
 * A page fixture that fails the test on an unexpected console error, an uncaught exception
 * (hydration mismatches among them) or a failed request for a sub-resource. Tests that expect
 * an error declare it with `allowConsole`.
 */
export const test = base.extend<{ allowConsole: (pattern: RegExp) => void }>({
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
