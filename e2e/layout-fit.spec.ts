import type { Page } from '@playwright/test';

import { indexablePaths } from '../src/app/static-paths';
import { expect, test } from './support/console-guard';
import { enquiriesFrom, signInToDashboard } from './support/admin-workflow';
import { uniqueToken } from './support/backend-fixtures';
import { signInWithCode, test as staffTest } from './support/mfa-fixtures';
import { deleteAccount } from './support/privacy-requests';
import { createNamedAdmin, dialogSpills } from './support/staff-screens';

/** Full-page screenshots for a look by eye, when STAFF_SCREENSHOTS names a folder. */
async function shoot(page: Page, name: string) {
  if (process.env.STAFF_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.STAFF_SCREENSHOTS}/${name}.png`, fullPage: true });
  }
}

/** The widths the layout is checked at: a phone, a tablet, a small laptop and a desktop. */
const WIDTHS = [375, 768, 1024, 1440] as const;

/**
 * What spills out of its box on the page in view: the page itself scrolling sideways, or an
 * element of a card (`article` or a rounded card box) reaching past the card's left or right edge,
 * or text wider than the box it is in. Sections laid out only near the viewport are all laid out
 * first, so the whole page is measured.
 */
async function spills(page: Page) {
  return page.evaluate(() => {
    document.documentElement.setAttribute('data-layout-all', '');
    const found: string[] = [];
    const pageWidth = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > pageWidth) {
      found.push(`the page is ${document.documentElement.scrollWidth - pageWidth} px too wide`);
    }
    // Taken out of the flow on purpose (visually hidden headings, the honeypot field, decoration).
    const outOfFlow = (el: Element) => {
      for (
        let node: Element | null = el;
        node && node !== document.body;
        node = node.parentElement
      ) {
        const { position } = getComputedStyle(node);
        if (position === 'absolute' || position === 'fixed') return true;
      }
      return false;
    };
    // Inside a region that scrolls sideways on purpose (the enquiries table), clipped, not spilling.
    const scrolledAway = (el: Element, card: Element) => {
      for (let node = el.parentElement; node && node !== card; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const cards = document.querySelectorAll('main article, main .rounded-2xl, main .rounded-xl');
    for (const card of cards) {
      const box = card.getBoundingClientRect();
      if (box.width === 0) continue;
      for (const el of card.querySelectorAll('*')) {
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || outOfFlow(el) || scrolledAway(el, card)) continue;
        const out = Math.max(rect.right - box.right, box.left - rect.left);
        if (out > 1)
          found.push(`${describe(el)} leaves ${describe(card)} by ${Math.round(out)} px`);
      }
    }
    for (const el of document.querySelectorAll(
      'main h1, main h2, main h3, main p, main li, main a',
    )) {
      const style = getComputedStyle(el);
      if (style.overflowX !== 'visible' || style.display === 'inline' || outOfFlow(el)) continue;
      const spill = el.scrollWidth - el.clientWidth;
      if (spill > 1) found.push(`${describe(el)} is ${spill} px wider than its box`);
    }
    return [...new Set(found)];
  });
}

for (const width of WIDTHS) {
  test(`nothing spills out of its box on any public page at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const faults: string[] = [];
    for (const path of indexablePaths()) {
      await page.goto(path);
      faults.push(...(await spills(page)).map((fault) => `${path}: ${fault}`));
    }
    expect(faults).toEqual([]);
  });
}

staffTest(
  'nothing spills out of its box on the staff page or its revoke and name dialogs at any width',
  async ({ page, backend }) => {
    staffTest.setTimeout(120_000);
    const admin = await backend.createAdminWithTotp();
    const other = await createNamedAdmin('Bartholomew Fotheringham-Featherstonehaugh');
    try {
      await signInWithCode(page, admin);
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({
        timeout: 15_000,
      });
      const faults: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/admin/staff');
        const revoke = page
          .getByRole('button', { name: `Revoke admin role from ${other.name}` })
          .and(page.locator(':visible'));
        await expect(revoke).toBeVisible({ timeout: 15_000 });
        faults.push(...(await spills(page)).map((fault) => `${width} px: ${fault}`));
        await revoke.click();
        const dialog = page.getByRole('alertdialog');
        await expect(dialog).toBeVisible();
        faults.push(...(await dialogSpills(dialog)).map((fault) => `${width} px dialog: ${fault}`));
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await page
          .getByRole('button', { name: `Edit name of ${other.name}` })
          .and(page.locator(':visible'))
          .click();
        const naming = page.getByRole('dialog', { name: 'Staff name' });
        await expect(naming).toBeVisible();
        faults.push(
          ...(await dialogSpills(naming)).map((fault) => `${width} px name dialog: ${fault}`),
        );
        await naming.getByRole('button', { name: 'Cancel' }).click();
      }
      expect(faults).toEqual([]);
    } finally {
      await deleteAccount(other.id);
    }
  },
);

staffTest(
  'nothing spills out of its box on the enquiries list, its dialog and bulk bar, data requests and sign-in at any width',
  async ({ page, browser, backend }) => {
    staffTest.setTimeout(240_000);
    const admin = await backend.createAdminWithTotp();
    const company = uniqueToken('International Consolidated Data Engineering Holdings');
    const longName = 'Bartholomew Fotheringham-Featherstonehaugh';
    await backend.insertEnquiries(
      enquiriesFrom(company, [longName, 'Ada Short', 'Maximiliana Wolfeschlegelsteinhausen']),
    );
    const faults: string[] = [];

    // /auth, signed out: the sign-in form, then the code step, in a fresh session per width.
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const auth = await context.newPage();
      await auth.goto('/auth');
      await auth.getByRole('tab', { name: 'Sign In' }).click();
      const form = auth.getByRole('form', { name: 'Sign in' });
      await expect(form).toBeVisible();
      faults.push(...(await spills(auth)).map((fault) => `${width} px sign-in: ${fault}`));
      await form.getByLabel(/Email/).fill(admin.email);
      await form.getByLabel(/Password/).fill(admin.password);
      await form.getByRole('button', { name: 'Sign In' }).click();
      await expect(auth.getByRole('form', { name: /authentication code/i })).toBeVisible({
        timeout: 15_000,
      });
      faults.push(...(await spills(auth)).map((fault) => `${width} px code step: ${fault}`));
      await context.close();
    }

    await signInToDashboard(page, admin);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/admin?q=${encodeURIComponent(company)}`);
      await expect(page.locator('main [data-enquiry-id]')).toHaveCount(3, { timeout: 15_000 });
      faults.push(...(await spills(page)).map((fault) => `${width} px list: ${fault}`));
      await shoot(page, `admin-${width}`);

      await page.getByRole('checkbox', { name: `Select enquiry from ${longName}` }).check();
      await expect(page.getByRole('group', { name: 'Selected enquiries' })).toBeVisible();
      faults.push(...(await spills(page)).map((fault) => `${width} px bulk bar: ${fault}`));
      await shoot(page, `admin-bulk-${width}`);

      await page.getByRole('button', { name: new RegExp(`enquiry from ${longName}$`) }).click();
      const dialog = page.getByRole('dialog', { name: longName });
      await expect(dialog).toBeVisible();
      faults.push(...(await dialogSpills(dialog)).map((fault) => `${width} px dialog: ${fault}`));
      await shoot(page, `admin-dialog-${width}`);
      await dialog.getByRole('button', { name: 'Close' }).click();

      await page.goto('/admin/data-requests');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
      faults.push(...(await spills(page)).map((fault) => `${width} px data requests: ${fault}`));
      await shoot(page, `data-requests-${width}`);
      if (process.env.STAFF_SCREENSHOTS) {
        await page.goto('/admin/staff');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
        await shoot(page, `staff-${width}`);
      }
    }
    expect(faults).toEqual([]);
  },
);
