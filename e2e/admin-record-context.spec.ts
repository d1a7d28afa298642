import type { Locator, Page } from '@playwright/test';

import { enquiryId, signInToDashboard, toastsGone } from './support/admin-workflow';
import { expectNoAxeViolations } from './support/axe';
import { serviceClient, uniqueToken, type Enquiry } from './support/backend-fixtures';
import { expect, test } from './support/mfa-fixtures';
import { outsideViewport } from './support/staff-screens';
import { shoot } from './support/screenshots';

const MINUTE = 60_000;

function enquiry(name: string, email: string, company: string, minutesAgo: number): Enquiry {
  return {
    Name: name,
    Email: email,
    Company: company,
    Interest: 'analytics',
    Timeline: 'immediate',
    Message: `An enquiry from ${name} about reporting.`,
    created_at: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
  };
}

async function setStatus(id: string, status: string) {
  const { error } = await serviceClient()
    .from('contact_submissions')
    .update({ status })
    .eq('id', id);
  if (error) throw new Error(`setting ${id} to ${status} failed: ${error.message}`);
}

/** A row's or a card's button, whichever the width shows. */
const openButton = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^(View full|Open) enquiry from ${name}$`) });

async function expectTarget(button: Locator, minHeight: number) {
  const box = await button.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(minHeight);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(24);
}

for (const width of [375, 1366]) {
  test(`at ${width} px: the record steps through the list in its order, shows the same person's other enquiries, and paging brings the list's top into view`, async ({
    page,
    backend,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    const admin = await backend.createAdminWithTotp();
    const token = uniqueToken('Ctxco');
    // 27 enquiries, the newest first named last: the list sorted by name runs the other way.
    const names = Array.from({ length: 27 }, (_, i) => `Nina ${String(i + 1).padStart(2, '0')}`);
    const ninaEmail = `${uniqueToken('nina')}@example.com`;
    const listed = names.map((name, i) =>
      enquiry(
        name,
        i === 0 ? ninaEmail : `${uniqueToken(`n${i}`)}@example.com`,
        `${token} Firm ${i + 1}`,
        27 - i,
      ),
    );
    await backend.insertEnquiries([
      ...listed,
      // Nina 01's other enquiries: her address in capitals at another firm, a spam one, and a
      // colleague at her firm written in other case and spacing.
      enquiry('Nina Earlier', ninaEmail.toUpperCase(), 'Elsewhere Ltd', 3 * 24 * 60),
      enquiry('Nina Junk', ninaEmail, 'Junk Co', 2 * 24 * 60),
      enquiry('Colleague Cole', `${uniqueToken('cole')}@example.com`, `${token}  FIRM 1`, 60),
    ]);
    backend.trackEnquiryEmail(ninaEmail.toUpperCase());
    const { data: theirs, error } = await serviceClient()
      .from('contact_submissions')
      .select('id, Name')
      .in('Name', ['Nina Earlier', 'Nina Junk'])
      .ilike('Email', ninaEmail);
    if (error || theirs.length !== 2) throw new Error(`Nina's enquiries: ${error?.message}`);
    for (const row of theirs) await setStatus(row.id, row.Name === 'Nina Junk' ? 'spam' : 'won');

    await signInToDashboard(page, admin);
    // Sorted by name: Colleague Cole, Nina 01 … Nina 24 on page 1, Nina 25 … 27 on page 2.
    await page.goto(`/admin?q=${encodeURIComponent(token)}&sort=name`);
    await expect(page.getByText('Showing 1–25 of 28 enquiries')).toBeVisible({ timeout: 15_000 });

    await openButton(page, 'Nina 24').click();
    let dialog = page.getByRole('dialog', { name: 'Nina 24' });
    await expect(dialog).toBeVisible();
    // One dialog whose record changes: its bar stays as the enquiry in it does.
    const bar = page.getByRole('dialog').getByRole('navigation', { name: 'Enquiries in the list' });
    await expect(bar).toContainText('25 of 28 in the list');
    const next = bar.getByRole('button', { name: 'Next enquiry' });
    const previous = bar.getByRole('button', { name: 'Previous enquiry' });
    const tall = width === 375 ? 44 : 24;
    await expectTarget(next, tall);
    await expectTarget(previous, tall);
    expect(await outsideViewport(page, bar)).toBeNull();
    await shoot(page, `record-context-record-${width}`, false);

    // Next from the last of page 1: the first of page 2, and the list turns with it.
    await next.click();
    dialog = page.getByRole('dialog', { name: 'Nina 25' });
    await expect(dialog).toBeVisible();
    await expect(bar).toContainText('26 of 28 in the list');
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    const nina25 = await enquiryId(listed[24]!.Email);
    await expect(page).toHaveURL(new RegExp(`[?&]enquiry=${nina25}(&|$)`));
    await expect(page.getByText('Showing 26–28 of 28 enquiries')).toBeAttached();

    // Previous by keyboard: back to page 1's last, then the one before it.
    await previous.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Nina 24' })).toBeVisible();
    await expect(previous).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('dialog', { name: 'Nina 23' })).toBeVisible();
    await expect(page).not.toHaveURL(/[?&]page=/);

    // The address followed: Back is the record before, a reload keeps it open.
    await page.goBack();
    await expect(page.getByRole('dialog', { name: 'Nina 24' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Nina 24' })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // Nina 01's record lists her other enquiries and her colleague's, newest first.
    await openButton(page, 'Nina 01').click();
    dialog = page.getByRole('dialog', { name: 'Nina 01' });
    const related = dialog.getByRole('list', { name: 'Other enquiries, newest first' });
    await expect(related.getByRole('listitem')).toHaveCount(3);
    await expect(related.getByRole('listitem').nth(0)).toContainText('Colleague Cole');
    await expect(related.getByRole('listitem').nth(0)).toContainText('Same company');
    await expect(related.getByRole('listitem').nth(1)).toContainText('Nina Junk');
    await expect(related.getByRole('listitem').nth(1)).toContainText('Spam');
    await expect(related.getByRole('listitem').nth(2)).toContainText('Won');
    await expect(related.getByRole('listitem').nth(2)).toContainText('Same e-mail address');
    await related.scrollIntoViewIfNeeded();
    await shoot(page, `record-context-related-${width}`, false);
    await toastsGone(page);
    await expectNoAxeViolations(page);
    await related
      .getByRole('button', { name: /^Open enquiry from Nina Earlier, received / })
      .click();
    await expect(page.getByRole('dialog', { name: 'Nina Earlier' })).toBeVisible();
    await expect(page).toHaveURL(
      new RegExp(`[?&]enquiry=${await enquiryId(ninaEmail.toUpperCase())}(&|$)`),
    );
    await expect(bar).toContainText('Not in the list on screen');
    await page.goBack();
    await expect(page.getByRole('dialog', { name: 'Nina 01' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Paging from the foot of the list brings its heading to the top, with the focus.
    const heading = page.getByRole('heading', { name: 'Contact Submissions' });
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 26–28 of 28 enquiries')).toBeVisible();
    await expect(heading).toBeFocused();
    await expect.poll(() => outsideViewport(page, heading)).toBeNull();
    await shoot(page, `record-context-paged-${width}`, false);
    await pagination.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Showing 1–25 of 28 enquiries')).toBeVisible();
    await expect(heading).toBeFocused();
    await expect.poll(() => outsideViewport(page, heading)).toBeNull();
  });
}
