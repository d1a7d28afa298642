import { serviceCatalogue } from '../src/content/service-catalogue';
import { expect, test } from './support/console-guard';

const sectionOrder = [
  'What We Do',
  'Results Our Clients See',
  'Our Approach',
  'What You Get',
  'Key Benefits',
  'Related Services',
  'Ready to Discuss Your Project?',
];

test.describe('services list', () => {
  test('groups 13 Data, 4 AI and 4 Digital services, each card linking to its page', async ({
    page,
  }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Data, AI and Digital Services',
    );
    const groups = {
      data: ['Data Services', 13],
      ai: ['AI Services', 4],
      digital: ['Digital Services', 4],
    } as const;
    for (const [pillar, [name, count]] of Object.entries(groups)) {
      const region = page.getByRole('region', { name });
      const links = region.getByRole('link');
      await expect(links).toHaveCount(count);
      const expected = serviceCatalogue.filter((service) => service.pillar === pillar);
      for (const [index, service] of expected.entries()) {
        await expect(links.nth(index)).toHaveAttribute('href', `/service/${service.slug}`);
        await expect(links.nth(index)).toHaveText(service.name);
      }
    }
  });

  test('a card opens its service page, and the closing banner links home and to case studies', async ({
    page,
  }) => {
    await page.goto('/services');
    // Click the card's description, not its name: the name's link is stretched over the whole card.
    const description = page
      .getByRole('region', { name: 'AI Services' })
      .getByText('Put large language models');
    await description.scrollIntoViewIfNeeded();
    // Cards above it leave their placeholder height as they are laid out: wait for a still box.
    let box: { x: number; y: number; width: number; height: number } | null = null;
    await expect(async () => {
      const before = await description.boundingBox();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      box = await description.boundingBox();
      expect(box).toEqual(before);
    }).toPass();
    const { x, y, width, height } = box!;
    await page.mouse.click(x + width / 2, y + height / 2);
    await expect(page).toHaveURL('/service/genai-integration');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Generative AI Integration');
    await page.goBack();
    const closing = page.getByRole('region', { name: 'Ready to Get Started?' });
    await expect(closing.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute(
      'href',
      '/',
    );
    await closing.getByRole('link', { name: 'View Success Stories' }).click();
    await expect(page).toHaveURL('/case-studies');
  });
});

test.describe('service detail, for every service', () => {
  for (const service of serviceCatalogue) {
    test(`/service/${service.slug}`, async ({ page, request }) => {
      await page.goto(`/service/${service.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(service.title);
      await expect(page.getByRole('link', { name: 'Back to Services' })).toHaveAttribute(
        'href',
        '/services',
      );
      await expect(page.getByRole('link', { name: /Get Started Today/ })).toHaveAttribute(
        'href',
        '/#contact',
      );
      await expect(page.getByText('Typical timeline:')).toBeVisible();

      const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
      expect(headings.filter((text) => sectionOrder.includes(text))).toEqual(sectionOrder);

      const metrics = page.getByRole('region', { name: 'Results Our Clients See' });
      await expect(metrics.getByRole('term')).toHaveCount(4);
      await expect(metrics.getByRole('definition')).toHaveCount(4);
      await expect(
        page.getByRole('region', { name: 'Our Approach' }).locator('ol > li').first(),
      ).toBeVisible();

      const related = page.getByRole('region', { name: 'Related Services' }).getByRole('link');
      expect(await related.count()).toBeGreaterThanOrEqual(2);
      for (const href of await related.evaluateAll((links) =>
        links.map((link) => link.getAttribute('href')),
      )) {
        expect(href).toMatch(/^\/service\/[a-z0-9-]+$/);
        expect(href).not.toBe(`/service/${service.slug}`);
        const response = await request.get(href!);
        expect(response.status(), `${href} resolves`).toBe(200);
        expect(await response.text()).not.toContain('Service Not Found');
      }
      await expect(page.getByRole('link', { name: /Book Free Consultation/ })).toHaveAttribute(
        'href',
        '/#contact',
      );
    });
  }

  test('Book Free Consultation leads to the contact section of the home page', async ({ page }) => {
    await page.goto('/service/data-governance');
    await page.getByRole('link', { name: /Book Free Consultation/ }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });
});

test.describe('unknown service', () => {
  test('shows Service Not Found, noindex, and Back to Services works', async ({ page }) => {
    await page.goto('/service/no-such-service');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service Not Found');
    const robots = await page
      .locator('meta[name="robots"]')
      .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content')));
    expect(robots.length).toBeGreaterThan(0);
    expect(robots.every((content) => content === 'noindex, nofollow')).toBe(true);
    await page.getByRole('main').getByRole('link', { name: 'Back to Services' }).click();
    await expect(page).toHaveURL('/services');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Data, AI and Digital Services',
    );
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('/services renders a card only as it nears the screen, and every card before a scripted scroll', async ({
    page,
  }) => {
    await page.goto('/services');
    const cardLinks = page.locator('main article h3 a');
    await expect(cardLinks).toHaveCount(21);
    const rendered = () =>
      cardLinks.evaluateAll((links) =>
        links.map((link) => link.checkVisibility({ contentVisibilityAuto: true })),
      );
    // The first card is on the first screen. The Data group's 13th card is in the same section
    // but far below, so it waits, as does the very last card.
    const atLoad = await rendered();
    expect(atLoad[0]).toBe(true);
    expect(atLoad[12]).toBe(false);
    expect(atLoad[20]).toBe(false);

    const last = cardLinks.last();
    await last.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await rendered())[20]).toBe(true);
    await expect(last).toBeInViewport();

    // scrollToSection sets this attribute so that positions above its target are exact.
    await page.goto('/services');
    await page.evaluate(() => document.documentElement.setAttribute('data-layout-all', ''));
    expect(await rendered()).toEqual(Array(21).fill(true));
  });

  for (const path of ['/services', '/service/data-strategy', '/service/genai-integration']) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
