import type { Locator, Page } from '@playwright/test';

import { expect } from './mfa-fixtures';

/** The disclosure holding the overview's charts and source tables, below the list. */
export function chartsDisclosure(page: Page): Locator {
  return page
    .getByRole('region', { name: 'Charts and lead sources' })
    .locator('details', { has: page.locator('summary', { hasText: 'Charts and lead sources' }) });
}

/** Opens the charts' disclosure (closed by default on a phone) unless it is open already. */
export async function openOverviewCharts(page: Page) {
  const details = chartsDisclosure(page);
  if ((await details.getAttribute('open')) === null) {
    await details.locator(':scope > summary').click();
  }
  await expect(details).toHaveAttribute('open', '');
}

/**
 * Where the first enquiry card starts, in px from the top of the page (not of the viewport), once
 * the cards are listed.
 */
export async function firstCardTop(page: Page): Promise<number> {
  const card = page.getByRole('list', { name: 'Enquiries' }).locator('[data-enquiry-id]').first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  return card.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
}
