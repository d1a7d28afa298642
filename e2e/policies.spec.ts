import { expect, test } from './support/console-guard';

const policies = [
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    date: ['Last updated 25 August 2025', '2025-08-25'],
    headings: [
      'Who we are',
      'The personal data we collect',
      'Our legal bases for processing',
      'Your rights',
      'Cookies',
      'Marketing',
    ],
  },
  {
    path: '/cookie-policy',
    title: 'Cookie Policy',
    date: ['Last updated 25 August 2025', '2025-08-25'],
    headings: [
      'Strictly necessary cookies',
      'Functionality cookies',
      'Marketing cookies',
      'Managing your cookie preferences',
    ],
  },
  {
    path: '/modern-slavery',
    title: 'Modern Slavery Statement',
    date: ['Last updated 25 August 2025', '2025-08-25'],
    headings: ['Our policies', 'Supplier due diligence', 'Supplier confirmations'],
  },
  {
    path: '/carbon-reduction-plan',
    title: 'Carbon Reduction Plan',
    date: ['Published 6 October 2025', '2025-10-06'],
    headings: [
      'Commitment to achieving Net Zero',
      'Baseline emissions footprint',
      'Current emissions reporting',
      'Future measures',
      'Declaration and sign-off',
    ],
  },
] as const;

test.describe('policy pages', () => {
  for (const policy of policies) {
    test(`${policy.path}: h1, dated, table of contents and its key sections`, async ({ page }) => {
      await page.goto(policy.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy.title);
      const [text, iso] = policy.date;
      await expect(page.getByRole('main')).toContainText(text);
      await expect(page.locator(`main time[datetime="${iso}"]`).first()).toBeVisible();
      const toc = page.getByRole('navigation', { name: 'On this page' });
      const sections = page.getByRole('main').locator('section[aria-labelledby] > h2');
      const count = await sections.count();
      expect(count).toBeGreaterThanOrEqual(3);
      await expect(toc.getByRole('link')).toHaveCount(count);
      for (const heading of policy.headings) {
        await expect(
          page.getByRole('heading', { level: 2, name: heading, exact: true }),
        ).toBeVisible();
      }
      await toc.getByRole('link').last().click();
      await expect(sections.last()).toBeInViewport();
    });
  }

  test('the cookie policy shows its version and the cookies by category', async ({ page }) => {
    await page.goto('/cookie-policy');
    await expect(page.getByText('Ver 25.01')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Strictly necessary cookies' })).toContainText(
      'cookie-consent',
    );
    await expect(page.getByRole('table', { name: 'Strictly necessary cookies' })).toContainText(
      'auth-token',
    );
    await expect(page.getByRole('table', { name: 'Functionality cookies' })).toContainText(
      'sidebar',
    );
    await expect(page.getByRole('table', { name: 'Functionality cookies' })).toContainText(
      'auth-verifier',
    );
    const chrome = page.getByRole('link', { name: /Google Chrome/ });
    await expect(chrome).toHaveAttribute('target', '_blank');
    await expect(chrome).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('the carbon plan states Net Zero by 2050 and tabulates 2023 and 2024 emissions', async ({
    page,
  }) => {
    await page.goto('/carbon-reduction-plan');
    await expect(page.getByRole('main')).toContainText('Net Zero emissions by 2050');
    const tables = {
      'Baseline year emissions, 2023 (tCO2e)': ['0.0', '0.6', '2.6', '3.2'],
      'Reporting year emissions, 2024 (tCO2e)': ['0.0', '0.6', '3.4', '4.0'],
    };
    for (const [caption, figures] of Object.entries(tables)) {
      const table = page.getByRole('table', { name: caption });
      await expect(table.locator('caption')).toHaveText(caption);
      await expect(table.getByRole('columnheader')).toHaveText(['Emissions', 'Total (tCO2e)']);
      await expect(table.getByRole('rowheader')).toHaveText([
        'Scope 1',
        'Scope 2',
        'Scope 3 (included sources)',
        'Total emissions',
      ]);
      await expect(table.getByRole('cell')).toHaveText(figures);
    }
  });

  test('the privacy policy links to the cookie policy within the site', async ({ page }) => {
    await page.goto('/privacy-policy');
    const link = page.getByRole('main').getByRole('link', { name: 'Cookie Policy' }).first();
    await expect(link).toHaveAttribute('href', '/cookie-policy');
    await link.click();
    await expect(page).toHaveURL('/cookie-policy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie Policy');
    await expect(page.getByRole('main')).toContainText('privacy@kestreldata.co.uk');
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 800 } });

    for (const { path } of policies) {
      test(`${path} does not scroll sideways`, async ({ page }) => {
        await page.goto(path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  });
});

test.describe('adopted static content', () => {
  // The policy text is adopted from the prerendered HTML rather than hydrated (StaticIsland):
  // its links are plain anchors, yet they must still navigate without reloading the page.
  test('a link inside the privacy policy text navigates client-side, and Back restores it', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page
      .getByRole('main')
      .locator('section')
      .getByRole('link', { name: 'Cookie Policy' })
      .first()
      .click();
    await expect(page).toHaveURL(/\/cookie-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie Policy');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      true,
    );

    // Back renders the privacy policy on the client this time: its sections are all there.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByRole('heading', { level: 2, name: 'Your rights' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      true,
    );
  });
});
