import type { Page } from '@playwright/test';

import { footerCompanyLinks, footerLegalLinks, footerServiceLinks } from '../src/config/navigation';
import { paths } from '../src/config/paths';
import { site } from '../src/config/site';
import { expect, test } from './support/console-guard';

test.describe('header navigation (desktop)', () => {
  test('logo and primary links navigate', async ({ page }) => {
    await page.goto('/services');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL('/about');
    // The current page's item is marked, and drawn in the brand colour rather than the idle one.
    const about = nav.getByRole('link', { name: 'About' });
    await expect(about).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Services' })).not.toHaveAttribute('aria-current');
    const colour = (name: string) =>
      nav.getByRole('link', { name }).evaluate((link) => getComputedStyle(link).color);
    expect(await colour('About')).not.toBe(await colour('Services'));
    await page.getByRole('link', { name: 'Kestrel Data home' }).click();
    await expect(page).toHaveURL('/');
    await nav.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL('/services');
  });

  test('Resources dropdown opens after its delay and lists the three resources', async ({
    page,
  }) => {
    await page.goto('/about');
    const trigger = page.getByRole('button', { name: 'Resources' });
    await trigger.hover();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Case Studies', 'Whitepapers', 'Articles']) {
      await expect(menu.getByRole('link', { name: new RegExp(name) })).toBeVisible();
    }
    await menu.getByRole('link', { name: /Whitepapers/ }).click();
    await expect(page).toHaveURL('/whitepapers');
  });

  test('Resources dropdown opens from the keyboard', async ({ page }) => {
    await page.goto('/about');
    const trigger = page.getByRole('button', { name: 'Resources' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens, lists every item and closes when one is chosen', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    for (const name of [
      'About',
      'Services',
      'Case Studies',
      'Whitepapers',
      'Articles',
      'Contact',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Articles' }).click();
    await expect(page).toHaveURL('/articles');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

test.describe('contact and scrolling', () => {
  const contactTop = (page: Page) =>
    page.locator('#contact').evaluate((el) => el.getBoundingClientRect().top);

  test('Contact on the home page scrolls to the section below the fixed header', async ({
    page,
  }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact' })
      .click();
    await expect.poll(() => contactTop(page)).toBeGreaterThan(70);
    await expect.poll(() => contactTop(page)).toBeLessThan(90);
    await expect(page).toHaveURL('/');
  });

  test('Contact from another page goes home and lands on the section', async ({ page }) => {
    await page.goto('/about');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact' })
      .click();
    await expect(page).toHaveURL('/#contact');
    await expect.poll(() => contactTop(page)).toBeLessThan(90);
    await expect.poll(() => contactTop(page)).toBeGreaterThan(70);
  });

  test('loading /#contact directly lands on the section', async ({ page }) => {
    await page.goto('/#contact');
    await expect.poll(() => contactTop(page)).toBeLessThan(90);
    await expect.poll(() => contactTop(page)).toBeGreaterThan(70);
  });

  test('a new page starts at the top', async ({ page }) => {
    await page.goto('/');
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy-policy');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('breadcrumbs', () => {
  test('hidden on home, Home > section elsewhere, Home > Services > title on a service', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
    await page.goto('/case-studies');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('listitem').filter({ hasText: /\w/ })).toHaveText([
      'Home',
      'Case Studies',
    ]);
    await page.goto('/service/data-strategy');
    await expect(trail.getByRole('link')).toHaveText(['Home', 'Services']);
    await expect(trail.locator('[aria-current="page"]')).toHaveText('Data Strategy');
  });
});

test.describe('footer', () => {
  test('holds the service, company and legal links and an external LinkedIn link', async ({
    page,
  }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    for (const [column, links] of [
      ['Services', footerServiceLinks],
      ['Company', [...footerCompanyLinks, { label: 'Contact', href: paths.contact }]],
      ['Legal', footerLegalLinks],
    ] as const) {
      const columnLinks = footer.getByRole('navigation', { name: column }).getByRole('link');
      await expect(columnLinks).toHaveText(links.map((link) => link.label));
      expect(
        await columnLinks.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href'))),
      ).toEqual(links.map((link) => link.href));
    }
    const linkedin = footer.getByRole('link', { name: /LinkedIn/ });
    await expect(linkedin).toHaveAttribute('target', '_blank');
    await expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(footer).toContainText(`© ${site.copyrightYear}`);
    await footer.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL('/#contact');
  });
});
