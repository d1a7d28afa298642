import { expect, test } from './support/console-guard';

test.describe('about page', () => {
  test('hero, mission with its two points, the expertise list and the three values', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Meet the Team Behind Your Data Success',
    );
    const mission = page.getByRole('region', { name: 'Our Mission' });
    await expect(mission.getByRole('heading', { name: 'Unlock Data Value' })).toBeVisible();
    await expect(mission.getByRole('heading', { name: 'Future-Ready Solutions' })).toBeVisible();
    const expertise = page.getByRole('complementary', { name: 'Our Expertise' });
    await expect(expertise.getByRole('listitem')).toHaveCount(4);
    const values = page
      .getByRole('region', { name: 'What Sets Us Apart' })
      .getByRole('heading', { level: 3 });
    await expect(values).toHaveText(['Strategic Vision', 'Expert Team', 'Proven Results']);
  });

  test('eleven team cards, each with its portrait', async ({ page }) => {
    await page.goto('/about');
    const cards = page.getByTestId('team-member');
    await expect(cards).toHaveCount(11);
    await expect(cards.filter({ has: page.locator('img') })).toHaveCount(11);
    await expect(page.getByTestId('avatar-initials')).toHaveCount(0);
    const eleanor = cards.filter({ hasText: 'Eleanor Brooks' });
    await eleanor.scrollIntoViewIfNeeded();
    await expect(eleanor.locator('img')).toHaveAttribute('src', '/images/team/eleanor-brooks.svg');
    await expect
      .poll(() => eleanor.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(320);
    await expect(eleanor).toContainText('Head of Data Protection & DPO');
  });

  test('a portrait that fails to load falls back to initials', async ({ page }) => {
    await page.route('**/images/team/daniel-hartley.svg', (route) => route.abort());
    await page.goto('/about');
    const daniel = page.getByTestId('team-member').filter({ hasText: 'Daniel Hartley' });
    // Portraits load lazily: bring the card into view so the request is made (and fails).
    await daniel.scrollIntoViewIfNeeded();
    await expect(daniel.getByTestId('avatar-initials')).toHaveText('DH');
    await expect(daniel.locator('img')).toHaveCount(0);
  });

  test('"Contact Us Today" leads to the contact section of the home page', async ({ page }) => {
    await page.goto('/about');
    await page
      .getByRole('button', { name: 'Reject All' })
      .click({ timeout: 2_500 })
      .catch(() => {});
    await page.getByRole('link', { name: 'Contact Us Today' }).click();
    // The address changes once the home page's code has come, which the first tests of a run, on
    // a machine still starting the backend, can wait longer for than the default 5 s.
    await expect(page).toHaveURL(/\/#contact$/, { timeout: 15_000 });
    await expect(page.locator('#contact')).toBeInViewport();
  });
});
