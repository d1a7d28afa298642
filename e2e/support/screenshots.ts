import type { Page } from '@playwright/test';

/**
 * A screenshot for a look by eye, taken only when STAFF_SCREENSHOTS names a folder, so a normal
 * run spends no time on it. With a dialog open, pass `fullPage: false`: a full-page shot resizes
 * the page, and crossing the table's width remounts the bulk bar (and closes its dialog).
 */
export async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  const folder = process.env.STAFF_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage });
}
