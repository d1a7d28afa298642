import type { Page } from '@playwright/test';

import { indexablePaths } from '../src/app/static-paths';
import { expect, test } from './support/console-guard';
import { signInWithCode, test as staffTest } from './support/mfa-fixtures';
import { deleteAccount } from './support/privacy-requests';
import { createNamedAdmin, dialogSpills } from './support/staff-screens';

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
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const cards = document.querySelectorAll('main article, main .rounded-2xl, main .rounded-xl');
    for (const card of cards) {
      const box = card.getBoundingClientRect();
      if (box.width === 0) continue;
      for (const el of card.querySelectorAll('*')) {
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || outOfFlow(el)) continue;
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
          .getByRole('button', { name: `Edit the name of ${other.name}` })
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
