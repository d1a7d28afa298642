import type { Locator, Page } from '@playwright/test';

import { site } from '../src/config/site';
import { articles } from '../src/content/articles';
import { caseStudies } from '../src/content/case-studies';
import { whitepapers } from '../src/content/whitepapers';
import { expect, test } from './support/console-guard';

async function expectNewTabLink(link: Locator, href?: string) {
  if (href) await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

/** The "Join 500+ data leaders" call to action shared by case studies and whitepapers. */
async function expectResourcesCta(page: Page) {
  const cta = page.getByRole('region', { name: 'Ready to Write Your Own Success Story?' });
  await expect(cta).toContainText('Join 500+ data leaders');
  await expect(cta.getByRole('link', { name: /Get in Touch/ })).toHaveAttribute(
    'href',
    '/#contact',
  );
  for (const tile of ['Free Strategy Session', 'Custom Roadmap', 'Expert Insights']) {
    await expect(cta.getByRole('heading', { level: 3, name: tile })).toBeVisible();
  }
  await expect(cta).toContainText('30-minute consultation');
}

test.describe('case studies', () => {
  test('six cards, the first featured, each with metrics and its PDF in a new tab', async ({
    page,
  }) => {
    await page.goto('/case-studies');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Case Studies');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(6);
    await expect(page.getByRole('main').getByText('Featured', { exact: true })).toHaveCount(1);
    await expect(cards.first().getByText('Featured', { exact: true })).toBeVisible();
    for (const [index, study] of caseStudies.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(study.title);
      await expect(card).toContainText(study.industry);
      await expect(card).toContainText(study.metrics.improvement);
      await expect(card).toContainText(study.metrics.timeline);
      await expect(card).toContainText(study.metrics.teamSize);
      await expectNewTabLink(
        card.getByRole('link', { name: /^Read Full Case Study/ }),
        study.pdfUrl,
      );
      const image = card.getByRole('img');
      await expect(image).toHaveAttribute('alt', study.imageAlt);
      await expect(image).toHaveAttribute('width', '960');
      await expect(image).toHaveAttribute('height', '540');
    }
    await expect(cards.nth(5).getByRole('img')).toHaveAttribute('loading', 'lazy');
  });

  test('closes with the shared call to action, which leads to the contact section', async ({
    page,
  }) => {
    await page.goto('/case-studies');
    await expectResourcesCta(page);
    await page.getByRole('link', { name: /Get in Touch/ }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });
});

test.describe('whitepapers', () => {
  test('six whitepapers, each with a Download PDF link opening in a new tab', async ({ page }) => {
    await page.goto('/whitepapers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Whitepapers');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(6);
    for (const [index, paper] of whitepapers.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(paper.title);
      await expectNewTabLink(card.getByRole('link', { name: /^Download PDF/ }), paper.downloadUrl);
    }
    await expect(page.getByRole('button', { name: 'Coming Soon' })).toHaveCount(0);
    await expectResourcesCta(page);
  });
});

test.describe('articles', () => {
  test('hero with the LinkedIn button, two Must-Read articles and all six in the grid', async ({
    page,
  }) => {
    await page.goto('/articles');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Latest Articles & Insights');
    await expectNewTabLink(
      page.getByRole('link', { name: /^Published on LinkedIn/ }),
      site.linkedinUrl,
    );

    const mustRead = page.getByRole('region', { name: 'Must-Read Articles' }).getByRole('article');
    await expect(mustRead).toHaveCount(2);
    for (const [index, article] of articles.filter((item) => item.featured).entries()) {
      const card = mustRead.nth(index);
      await expect(card.getByText('FEATURED')).toBeVisible();
      await expect(card.getByText(article.category, { exact: true })).toBeVisible();
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(article.title);
      await expect(card).toContainText(article.author);
      await expect(card.locator('time')).toHaveAttribute('datetime', article.publishDate);
      await expectNewTabLink(
        card.getByRole('link', { name: /^Read Full Article/ }),
        article.linkedinUrl,
      );
    }

    const all = page.getByRole('region', { name: 'All Articles' }).getByRole('article');
    await expect(all).toHaveCount(6);
    for (const [index, article] of articles.entries()) {
      const card = all.nth(index);
      await expect(card.getByRole('link')).toHaveCount(1);
      await expectNewTabLink(
        card.getByRole('link', { name: /^Read on LinkedIn/ }),
        article.linkedinUrl,
      );
    }

    const follow = page.getByRole('region', { name: 'Follow Us on LinkedIn' });
    await expect(follow).toContainText('Join 10,000+ professionals');
    await expectNewTabLink(
      follow.getByRole('link', { name: /Follow on LinkedIn/ }),
      site.linkedinUrl,
    );
  });

  test('clicking anywhere on a card opens the article in a new tab without an opener', async ({
    page,
    context,
  }) => {
    await context.route(/linkedin\.com/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>LinkedIn</title>' }),
    );
    await page.goto('/articles');
    const article = articles[2]!;
    const card = page.getByRole('region', { name: 'All Articles' }).getByRole('article').nth(2);
    const popupPromise = context.waitForEvent('page');
    // Click the middle of the description: the stretched link covers it, so the card opens.
    await card.getByText(article.description).scrollIntoViewIfNeeded();
    const box = (await card.getByText(article.description).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(popup.url()).toBe(article.linkedinUrl);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const path of ['/case-studies', '/whitepapers', '/articles']) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
