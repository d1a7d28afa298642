import { indexablePaths } from '../src/app/static-paths';
import { paths } from '../src/config/paths';
import { timings } from '../src/config/site';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/console-guard';

// The pages under /admin show only a check-in spinner before redirecting a visitor;
// e2e/admin.spec.ts and the staff pages' own specs check them once signed in.
const routes = [...indexablePaths(), paths.auth, '/no-such-page'];

// axe walks every node of a page; on a 2-core machine under load that can take a while.
test.describe.configure({ timeout: 90_000 });

for (const width of [375, 1280]) {
  test.describe(`axe, WCAG 2.2 AA, at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of routes) {
      test(`${path} has no violations`, async ({ page, allowConsole }) => {
        allowConsole(/404 Error: User attempted to access non-existent route/);
        await page.goto(path);
        await expect(page.locator('h1')).toHaveCount(1);
        await expectNoAxeViolations(page, `${path} at ${width}px`);
      });
    }
  });
}

test.describe('axe in interactive states', () => {
  test.describe('without a cookie choice', () => {
    test.use({ consent: 'none' });

    for (const width of [375, 1280]) {
      test(`the cookie banner and the preferences dialog at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        const banner = page.getByRole('region', {
          name: 'We use cookies to enhance your experience',
        });
        await expect(banner).toBeVisible();
        await expectNoAxeViolations(page, `banner at ${width}px`);
        await banner.getByRole('button', { name: 'Customize' }).click();
        await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
        await expectNoAxeViolations(page, `preferences dialog at ${width}px`);
      });
    }
  });

  test('the Resources menu open', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Resources' }).click();
    await expect(page.getByRole('link', { name: /Whitepapers/ }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'resources menu');
  });

  test('the mobile menu open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expectNoAxeViolations(page, 'mobile menu');
  });

  for (const width of [375, 1280]) {
    test(`the enquiry form showing its errors at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/#contact');
      const form = page.getByRole('form', { name: 'Enquiry form' });
      // The static form hydrates on demand; wait for React to own it before submitting.
      await form.getByLabel(/Full Name/).focus();
      await expect
        .poll(() =>
          form.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps'))),
        )
        .toBe(true);
      await form.getByRole('button', { name: 'Submit Form' }).click();
      await expect(form.getByText('Please select a service interest.')).toBeVisible();
      await expectNoAxeViolations(page, `form errors at ${width}px`);
    });
  }

  test('a toast', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByText('Cookie preferences saved')).toBeVisible();
    await expectNoAxeViolations(page, 'toast');
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('no autoplay and no smooth scrolling', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Client logos' });
    await carousel.scrollIntoViewIfNeeded();
    // Once the carousel engine is attached its control says Play: under reduced motion it waits.
    await expect(
      carousel.getByRole('button', { name: 'Play the client logo carousel' }),
    ).toBeVisible();
    const track = carousel.locator('.flex').first();
    const before = await track.evaluate((el) => getComputedStyle(el).transform);
    // Two autoplay periods, with every frame of them.
    await page.clock.runFor(2 * timings.carouselAutoplayMs);
    expect(await track.evaluate((el) => getComputedStyle(el).transform)).toBe(before);
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    ).toBe('auto');
  });

  test('the particles stay still', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-motion', 'on');
    const dot = page.getByTestId('particles').first().locator('span').first();
    expect(await dot.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });
});

test('the particles pulse once the page is ready, and not before', async ({ page }) => {
  await page.goto('/', { waitUntil: 'commit' });
  const dot = page.getByTestId('particles').first().locator('span').first();
  await expect(dot).toBeAttached();
  // Read the switch and the animation together: the switch may flip at any moment.
  const early = await dot.evaluate((el) => ({
    ready: document.documentElement.getAttribute('data-motion') === 'on',
    animation: getComputedStyle(el).animationName,
  }));
  expect(early.animation).toBe(early.ready ? 'pulse' : 'none');
  await expect(page.locator('html')).toHaveAttribute('data-motion', 'on');
  expect(await dot.evaluate((el) => getComputedStyle(el).animationName)).toBe('pulse');
});
