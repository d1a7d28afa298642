import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { BUILD_DIR } from '../scripts/build-dir';
import { headersForPath, parseHeadersFile } from '../scripts/static-headers';
import { indexablePaths } from '../src/app/static-paths';
import { LOCAL_SUPABASE_URL, uniqueToken } from './support/backend-fixtures';
import { expect, signInWithCode, test } from './support/mfa-fixtures';

/**
 * The site under its own headers: the e2e server sends the build's `_headers` (the CSP for this
 * build's Supabase URL), and these tests prove the browser enforces that policy, that every page
 * carries it, and that whole visitor and admin journeys cause no violation of it.
 */

const buildHeaders = parseHeadersFile(readFileSync(join(BUILD_DIR, '_headers'), 'utf8'));
const ANALYTICS_ORIGIN = 'https://analytics.kestrel-e2e.invalid';

type Violation = { page: string; directive: string; blocked: string };

/**
 * Every CSP violation any document of the page reports, from before its first script runs. The
 * list lives in the test, not the page, so a navigation does not wipe what came before it.
 */
async function recordViolations(page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  await page.exposeFunction('__reportCspViolation', (violation: Violation) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation: (v: Violation) => void })
      .__reportCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      report({
        page: location.pathname,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
      });
    });
  });
  return violations;
}

test("every page is served with the build's Content-Security-Policy and security headers", async ({
  request,
}) => {
  const expected = headersForPath(buildHeaders, '/');
  const csp = expected.get('Content-Security-Policy') ?? '';
  const directive = (name: string) =>
    csp
      .split(';')
      .map((text) => text.trim())
      .find((text) => text.startsWith(`${name} `));
  const scriptSrc = directive('script-src');
  expect(scriptSrc).toMatch(/^script-src 'self' 'sha256-[\w+/=]+'/);
  expect(scriptSrc).not.toContain("'unsafe-");
  // The browser may talk to the site, this build's Supabase and the consent-gated analytics
  // origin this e2e build names: nothing else.
  expect(directive('connect-src')).toBe(
    `connect-src 'self' ${LOCAL_SUPABASE_URL} ${ANALYTICS_ORIGIN}`,
  );
  for (const path of ['/', '/services', '/service/data-strategy', '/articles', '/auth', '/admin']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], `Cache-Control on ${path}`).toBe('no-cache');
    for (const [name, value] of expected) {
      expect(response.headers()[name.toLowerCase()], `${name} on ${path}`).toBe(value);
    }
  }
  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-security-policy']).toBe(csp);

  const home = await (await request.get('/')).text();
  const asset = /\/assets\/[\w-]+\.js/.exec(home)?.[0];
  expect(asset, 'a hashed script named in the home page').toBeDefined();
  const script = await request.get(asset ?? '');
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['content-security-policy']).toBe(csp);

  // Images and the favicon keep their names when redrawn: a day fresh, then revalidated.
  for (const path of ['/images/team/aisha-rahman.svg', '/favicon.svg']) {
    const file = await request.get(path);
    expect(file.status(), path).toBe(200);
    expect(file.headers()['cache-control'], path).toBe(
      'public, max-age=86400, stale-while-revalidate=604800',
    );
    expect(file.headers()['content-security-policy'], path).toBe(csp);
  }
});

test('the policy is enforced: injected inline script, inline handlers, string eval and requests to another origin are refused', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/Content Security Policy/);
  const violations = await recordViolations(page);
  await page.goto('/');

  // The attempts start from DevTools, which is itself exempt from the page's policy, so each one
  // hands the code to the page: a script element, an event handler attribute, a string timer.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__scriptRan = true;';
    document.head.append(script);
    const button = document.createElement('button');
    button.setAttribute('onclick', 'window.__handlerRan = true;');
    document.body.append(button);
    button.click();
    button.remove();
    // A string timer is evaluated as code: 'unsafe-eval' territory.
    (setTimeout as (code: string, ms: number) => number)('window.__timerRan = true;', 0);
    // Refused by connect-src before any request is made (there is no network here anyway: the
    // violation report below is what shows the policy at work).
    await fetch('https://elsewhere.example/collect', { method: 'POST', body: 'x' }).catch(() => {});
    // Timers of equal delay fire in order: once this one has, the string timer had its turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return ['__scriptRan', '__handlerRan', '__timerRan'].filter((flag) => flag in window);
  });
  expect(ran).toEqual([]);
  await expect
    .poll(() => violations.map((violation) => violation.directive).sort())
    .toEqual(['connect-src', 'script-src', 'script-src-attr', 'script-src-elem']);
  expect(violations.find((v) => v.directive === 'connect-src')?.blocked).toBe(
    'https://elsewhere.example/collect',
  );
});

test.describe('no violation in whole journeys', () => {
  test.use({ consent: 'none' });

  test('a visitor consents, sends an enquiry and opens every public page; an admin signs in, reads it and signs out', async ({
    page,
    backend,
    allowConsole,
  }) => {
    // About twenty full page loads and a sign-in: a loaded CI machine took over 90 s.
    test.setTimeout(180_000);
    allowConsole(/404 Error: User attempted to access non-existent route: \/no-such-page/);
    const violations = await recordViolations(page);
    // The consent-gated analytics script this build names (build:e2e); CSP admits its origin.
    await page.route(`${ANALYTICS_ORIGIN}/**`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.__analyticsRan = true;' }),
    );

    // The form's code loads on the first interaction or as the contact section nears, whichever
    // comes first (here the Accept All click, or the scroll below): listen from the start.
    const formCode = page.waitForResponse(/\/assets\/contact-form-[^/]*\.js$/);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'We use cookies to enhance your experience' });
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect
      .poll(() => page.evaluate(() => '__analyticsRan' in window), { timeout: 5_000 })
      .toBe(true);

    const company = uniqueToken('Cspco');
    const email = `${uniqueToken('csp')}@example.com`;
    backend.trackEnquiryEmail(email);
    const form = page.getByRole('form', { name: 'Enquiry form' });
    await form.scrollIntoViewIfNeeded();
    await formCode;
    await page.waitForLoadState('networkidle');
    await form.getByLabel(/Full Name/).fill('Content Policy');
    await form.getByLabel(/Email Address/).fill(email);
    await form.getByLabel(/Company\/Organisation/).fill(company);
    await form.getByLabel(/Service Interest/).selectOption({ label: 'Data Strategy' });
    await form.getByLabel(/Project Timeline/).selectOption({ label: 'Just exploring' });
    await form.getByLabel(/Message\/Requirements/).fill('Sent under the site’s own CSP.');
    await form.getByRole('button', { name: 'Submit Form' }).click();
    const toasts = page.getByRole('region', { name: /Notifications/ });
    await expect(toasts.getByText('Thank you for your inquiry!')).toBeVisible({ timeout: 15_000 });

    // Every other public page, by a full load each, and the not-found page.
    for (const path of [...indexablePaths().filter((path) => path !== '/'), '/no-such-page']) {
      await page.goto(path);
    }

    const admin = await backend.createAdminWithTotp();
    await signInWithCode(page, admin);
    await expect(page).toHaveURL(/\/admin$/, { timeout: 15_000 });
    await page.getByLabel('Search').fill(company);
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: company })).toHaveCount(
      1,
    );
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    expect(violations).toEqual([]);
  });
});
