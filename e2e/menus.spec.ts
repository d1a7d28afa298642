import type { Page } from '@playwright/test';

import { timings } from '../src/config/site';
import { expect, test } from './support/console-guard';
import { idleThenPainted } from './support/settle';

/** Past this, no menu timer started by the pointer or a click is still to fire. */
const LONGEST_MENU_DELAY_MS = Math.max(
  timings.navMenuOpenDelayMs,
  timings.navMenuCloseDelayMs,
  timings.navMenuSkipDelayMs,
);

test.describe('Resources menu (desktop)', () => {
  test('hover, then click: the menu the pointer opened stays open', async ({ page }) => {
    await page.clock.install();
    await page.goto('/about');
    const trigger = page.getByRole('button', { name: 'Resources' });
    await trigger.hover();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await trigger.click();
    await page.clock.runFor(LONGEST_MENU_DELAY_MS);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link', { name: /Whitepapers/ })).toBeVisible();
    // A second click closes it.
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('a click before the hover delay opens it and it stays open', async ({ page }) => {
    await page.clock.install();
    await page.goto('/about');
    const trigger = page.getByRole('button', { name: 'Resources' });
    await trigger.click();
    await page.clock.runFor(LONGEST_MENU_DELAY_MS);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });
});

test.describe('current page and section marks (desktop)', () => {
  test('Resources is marked on each resource page, with the page itself in its list', async ({
    page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const trigger = nav.getByRole('button', { name: 'Resources' });
    for (const [path, name] of [
      ['/case-studies', 'Case Studies'],
      ['/whitepapers', 'Whitepapers'],
      ['/articles', 'Articles'],
    ] as const) {
      await page.goto(path);
      await expect(trigger, path).toHaveAttribute('aria-current', 'true');
      await trigger.click();
      await expect(nav.getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }
    await page.goto('/about');
    await expect(trigger).not.toHaveAttribute('aria-current');
  });

  test('Services is marked on a service page', async ({ page }) => {
    await page.goto('/service/data-strategy');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(nav.getByRole('link', { name: 'About' })).not.toHaveAttribute('aria-current');
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  const toggle = (page: Page) => page.getByRole('button', { name: /^(Open|Close) menu$/ });
  const menu = (page: Page) => page.getByRole('navigation', { name: 'Mobile' });

  async function openMenu(page: Page, path = '/') {
    await page.goto(path);
    await toggle(page).click();
    await expect(menu(page)).toBeVisible();
  }

  test('covers the page with a backdrop', async ({ page }) => {
    await openMenu(page);
    const backdrop = page.getByTestId('mobile-menu-backdrop');
    await expect(backdrop).toBeVisible();
    // The backdrop is what a tap below the menu lands on.
    const hit = await page.evaluate(() => {
      const el = document.elementFromPoint(187, 720);
      return el?.getAttribute('data-testid') ?? el?.tagName;
    });
    expect(hit).toBe('mobile-menu-backdrop');
  });

  test('the page behind does not scroll while it is open, and does again once closed', async ({
    page,
  }) => {
    await openMenu(page);
    await page.mouse.move(187, 720);
    const wheeled = await page.evaluateHandle(() => ({
      event: new Promise<void>((resolve) =>
        window.addEventListener('wheel', () => resolve(), { once: true, passive: true }),
      ),
    }));
    await page.mouse.wheel(0, 1500);
    // The page has had the wheel and painted since: a scroll it started would show by now.
    await wheeled.evaluate(({ event }) => event);
    await idleThenPainted(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('the page behind is inert while it is open (a reading cursor cannot enter it)', async ({
    page,
  }) => {
    const inert = () =>
      page.evaluate(() =>
        ['main', 'footer'].map((selector) =>
          Boolean(document.querySelector(selector)?.closest('[inert]')),
        ),
      );
    await openMenu(page);
    expect(await inert()).toEqual([true, true]);
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    expect(await inert()).toEqual([false, false]);
  });

  test('a tap outside closes it, returns focus to the toggle and follows nothing', async ({
    page,
  }) => {
    await openMenu(page);
    await page.mouse.click(187, 700);
    await expect(menu(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page).toHaveURL('/');
  });

  test('Escape from a link closes it and returns focus to the toggle', async ({ page }) => {
    await openMenu(page);
    await menu(page).getByRole('link', { name: 'Whitepapers' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
  });

  test('Tab and Shift+Tab stay inside the toggle and the menu', async ({ page }) => {
    await page.goto('/');
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await expect(menu(page)).toBeVisible();
    const inside = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        const nav = document.querySelector('nav[aria-label="Mobile"]');
        const button = document.querySelector('button[aria-label$=" menu"]');
        return !!active && (nav?.contains(active) || active === button);
      });
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await inside(), `Tab ${i + 1}`).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    // It went round: every item and the toggle were reached.
    expect(seen.size).toBe(7);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside(), `Shift+Tab ${i + 1}`).toBe(true);
    }
  });

  test('marks the current page, and Services on a service page', async ({ page }) => {
    await openMenu(page, '/whitepapers');
    await expect(menu(page).getByRole('link', { name: 'Whitepapers' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(menu(page).getByRole('link', { name: 'About' })).not.toHaveAttribute(
      'aria-current',
    );
    await openMenu(page, '/service/data-strategy');
    await expect(menu(page).getByRole('link', { name: 'Services' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  test('following a link closes it and the next page takes focus', async ({ page }) => {
    await openMenu(page);
    await menu(page).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    await expect(menu(page)).toBeHidden();
    await expect(page.locator('main h1')).toBeFocused();
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});
