import type { Page } from '@playwright/test';

import { CONSENT_STORAGE_KEY } from './support/console-guard';
import { expect, serviceClient, test, uniqueToken } from './support/backend-fixtures';

const browserStorage = (page: Page) =>
  page.evaluate(() => ({
    local: { ...localStorage } as Record<string, string>,
    session: { ...sessionStorage } as Record<string, string>,
  }));

// Where a lead came from: the first page of the visit, the referring site's host and the landing
// URL's utm tags go with the enquiry, held in memory until then and never stored in the browser.
test('an enquiry carries the landing page, referring host and campaign tags of the visit', async ({
  page,
  backend,
}) => {
  const email = `${uniqueToken('source')}@example.com`;
  backend.trackEnquiryEmail(email);

  await page.goto('/service/data-strategy?utm_source=newsletter&utm_medium=email&utm_campaign=q4', {
    referer: 'https://www.linkedin.com/feed/update/urn:li:activity:123?trk=private#comments',
  });
  // A client-side navigation keeps the page alive: the marker survives, the capture with it.
  await page.evaluate(() => Object.assign(window, { visitMarker: true }));
  await page.getByRole('link', { name: 'Kestrel Data home' }).click();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => 'visitMarker' in window)).toBe(true);
  // Before the enquiry, the visit has written nothing at all.
  expect(await page.context().cookies()).toEqual([]);
  expect(await browserStorage(page)).toEqual({
    local: { [CONSENT_STORAGE_KEY]: expect.any(String) },
    session: {},
  });

  const form = page.getByRole('form', { name: 'Enquiry form' });
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel(/Full Name/).fill('Grace Hopper');
  await form.getByLabel(/Email Address/).fill(email);
  await form.getByLabel(/Company\/Organisation/).fill('Compilers Ltd');
  await form.getByLabel(/Service Interest/).selectOption({ label: 'Data Strategy' });
  await form.getByLabel(/Project Timeline/).selectOption({ label: '3-6 months' });
  await form.getByLabel(/Message\/Requirements/).fill('We read your newsletter and want to talk.');
  await form.getByRole('button', { name: 'Submit Form' }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Thank you for your inquiry!')).toBeVisible({ timeout: 10_000 });

  const { data, error } = await serviceClient()
    .from('contact_submissions')
    .select('landing_page, referrer_host, utm_source, utm_medium, utm_campaign')
    .eq('Email', email);
  expect(error).toBeNull();
  expect(data).toEqual([
    {
      landing_page: '/service/data-strategy',
      referrer_host: 'www.linkedin.com',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'q4',
    },
  ]);

  // Nothing of the visit's source was kept in the browser: no cookie, and no storage entry
  // holding any of it (the consent choice is the test fixture's, the enquiry's send count the
  // form's own rate limit).
  expect(await page.context().cookies()).toEqual([]);
  const stored = await browserStorage(page);
  expect(stored.session).toEqual({});
  expect(Object.keys(stored.local).sort()).toEqual([
    CONSENT_STORAGE_KEY,
    'kestrel-data.rate.enquiry',
  ]);
  expect(JSON.stringify(stored)).not.toMatch(/data-strategy|linkedin|newsletter|utm|q4/);
});

test('an enquiry from a visit without referrer or tags sends the landing page alone', async ({
  page,
  backend,
}) => {
  const email = `${uniqueToken('direct')}@example.com`;
  backend.trackEnquiryEmail(email);

  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Enquiry form' });
  await form.getByLabel(/Full Name/).fill('Ada Lovelace');
  await form.getByLabel(/Email Address/).fill(email);
  await form.getByLabel(/Company\/Organisation/).fill('Engines Ltd');
  await form.getByLabel(/Service Interest/).selectOption({ label: 'Data Strategy' });
  await form.getByLabel(/Project Timeline/).selectOption({ label: '3-6 months' });
  await form.getByLabel(/Message\/Requirements/).fill('We would like to talk about our data.');
  await form.getByRole('button', { name: 'Submit Form' }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Thank you for your inquiry!')).toBeVisible({ timeout: 10_000 });

  const { data } = await serviceClient()
    .from('contact_submissions')
    .select('landing_page, referrer_host, utm_source, utm_medium, utm_campaign')
    .eq('Email', email);
  expect(data).toEqual([
    {
      landing_page: '/',
      referrer_host: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
    },
  ]);
});
