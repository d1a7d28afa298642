import { expect, type Page } from '@playwright/test';

import { uniqueToken } from './backend-fixtures';

/** Sends an enquiry from the home page's form as a visitor, from the given address. */
export async function sendEnquiry(page: Page, email: string) {
  await page.goto('/#contact');
  const form = page.getByRole('form', { name: 'Enquiry form' });
  await form.getByLabel(/Full Name/).fill('Ada Prospect');
  await form.getByLabel(/Email Address/).fill(email);
  await form.getByLabel(/Company\/Organisation/).fill(`Booking ${uniqueToken('co')}`);
  await form.getByLabel(/Service Interest/).selectOption({ label: 'Data Strategy' });
  await form.getByLabel(/Project Timeline/).selectOption({ label: '1-3 months' });
  await form.getByLabel(/Message\/Requirements/).fill('We would like to talk about our data.');
  await form.getByRole('button', { name: 'Submit Form' }).click();
}

/** Chooses the first day's n-th time (-1: its last) and returns that time's label. */
export async function chooseTime(page: Page, index: number): Promise<string> {
  const times = page.getByRole('radiogroup', { name: /^Choose a time on / });
  const time = times.getByRole('radio').nth(index);
  // The tile (the radio's label) takes the tap; the radio inside it is drawn by the tile.
  await time.locator('xpath=ancestor::label[1]').click();
  await expect(time).toBeChecked();
  return (await time.getAttribute('value')) ?? '';
}
