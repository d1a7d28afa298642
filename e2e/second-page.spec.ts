import type { Page } from '@playwright/test';

import { MAIN_CONTENT_ID } from '../src/config/paths';

import { expect, test } from './support/console-guard';
import { idleThenPainted } from './support/settle';

type Sample = {
  title: string;
  heading: string;
  mainText: number;
  footer: boolean;
  progress: boolean;
};

/**
 * Records, at every rendered frame until `stop()`, what a visitor sees: the title, the page's
 * heading, how much text the main region holds and whether the footer is there.
 */
async function sampleFrames(page: Page) {
  await page.evaluate((mainId) => {
    const samples: Sample[] = [];
    const w = window as unknown as { __samples: Sample[]; __sampling: boolean };
    w.__samples = samples;
    w.__sampling = true;
    const take = () => {
      const main = document.getElementById(mainId);
      const footer = document.getElementById('site-footer');
      samples.push({
        title: document.title,
        heading: main?.querySelector('h1')?.textContent?.trim() ?? '',
        mainText: main?.innerText.trim().length ?? 0,
        footer: !!footer && footer.getBoundingClientRect().height > 0,
        progress: !!document.querySelector('[data-testid="navigation-progress"]'),
      });
      if (w.__sampling) requestAnimationFrame(take);
    };
    requestAnimationFrame(take);
  }, MAIN_CONTENT_ID);
  return {
    stop: () =>
      page.evaluate(() => {
        const w = window as unknown as { __samples: Sample[]; __sampling: boolean };
        w.__sampling = false;
        return w.__samples;
      }),
  };
}

/** Holds the responses of a route's page chunk back, as a slow network would. */
async function slowChunk(page: Page, chunk: string, delayMs = 600) {
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
}

/**
 * The visitor's browser asks to save data, so the site fetches a page's code only on intent (the
 * pointer, focus or a touch on its link), never ahead for the links on screen: the tests of a
 * cold navigation need the next page not to be fetched before the click.
 */
async function saveData(page: Page) {
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', { value: { saveData: true } }),
  );
}

async function expectSmoothNavigation(
  page: Page,
  click: () => Promise<void>,
  to: { url: string; heading: RegExp },
) {
  const from = {
    title: await page.title(),
    heading: (await page.locator('main h1').textContent())?.trim() ?? '',
  };
  const sampler = await sampleFrames(page);
  await click();
  await expect(page).toHaveURL(to.url);
  await expect(page.locator('main h1')).toHaveText(to.heading);
  // A few more frames after the swap.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const samples = await sampler.stop();
  const toTitle = await page.title();
  expect(toTitle).not.toBe(from.title);
  expect(samples.length).toBeGreaterThan(5);

  const problems = samples.flatMap((sample, index) => {
    const found: string[] = [];
    if (!sample.title) found.push('empty title');
    if (!sample.footer) found.push('no footer');
    if (sample.mainText < 200) found.push(`main holds ${sample.mainText} characters`);
    const onFrom = sample.heading === from.heading && sample.title === from.title;
    const onTo = to.heading.test(sample.heading) && sample.title === toTitle;
    if (!onFrom && !onTo) {
      found.push(`title "${sample.title}" with heading "${sample.heading}"`);
    }
    return found.map((problem) => `frame ${index}: ${problem}`);
  });
  expect(problems, 'every frame shows a whole page, its title matching its heading').toEqual([]);
  // The old page was still shown in the first frames, the new one in the last.
  expect(samples[0]!.heading).toBe(from.heading);
  expect(samples.at(-1)!.heading).toMatch(to.heading);
  expect(samples.at(-1)!.progress).toBe(false);
  return samples;
}

test.describe('client-side navigation keeps a page on screen', () => {
  test('from / to /about: no blank frame, no empty title, even on a slow network', async ({
    page,
  }) => {
    await saveData(page);
    await slowChunk(page, 'about-page');
    await page.goto('/');
    const about = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'About',
    });
    const samples = await expectSmoothNavigation(page, () => about.click(), {
      url: '/about',
      heading: /Meet the Team/,
    });
    // While the old page waited for the new one, a progress bar said something was happening.
    expect(samples.some((sample) => sample.progress && sample.heading !== '')).toBe(true);
    await expect(about).toHaveAttribute('aria-current', 'page');
  });

  test('from / to a service page (code and data): no blank frame, no empty title', async ({
    page,
  }) => {
    await saveData(page);
    await slowChunk(page, 'service-detail-page');
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor();
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Data Strategy' });
    await link.scrollIntoViewIfNeeded();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await expectSmoothNavigation(page, () => link.click(), {
      url: '/service/data-strategy',
      heading: /Data Strategy/,
    });
    expect(fetched.some((path) => path.includes('service-detail-page'))).toBe(true);
    // The sections below the first screen follow the hero a frame later.
    await expect(page.locator('#approach')).toBeAttached();
    await expect(page.locator('#related')).toBeAttached();
    // The whole stylesheet is in before a page's code runs (the loader adds the entry after it):
    // the code never asks for it again (a second copy would be fetched, parsed and applied to
    // the whole document).
    expect(fetched.filter((path) => path.endsWith('.css'))).toEqual([]);
  });

  test("a click elsewhere on the home page leaves the enquiry form's code unfetched", async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor();
    // The form's code loads as its section nears or when the visitor reaches into the form, not
    // on a first click elsewhere, which is often a link to another page: its code would share
    // the main thread with a form the visitor is leaving.
    await page.locator('main h1').click();
    await idleThenPainted(page);
    expect(fetched.filter((path) => path.includes('contact-form'))).toEqual([]);
  });

  test('the next page is fetched when the pointer rests on its link, before the click', async ({
    page,
  }) => {
    await saveData(page);
    await page.goto('/');
    const fetched = page.waitForRequest(/\/assets\/case-studies-page-[\w-]+\.js$/, {
      timeout: 5_000,
    });
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Case Studies' })
      .hover({ timeout: 5_000 });
    await fetched;
  });

  test('once the page has hydrated, the pages linked on screen are fetched without any intent', async ({
    page,
  }) => {
    const fetched = page.waitForRequest(/\/assets\/about-page-[\w-]+\.js$/, { timeout: 10_000 });
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor();
    // The header's About link is on screen from the start; nothing touched it.
    await fetched;
  });

  test('a keyboard user lands on the new page heading, and the page starts at the top', async ({
    page,
  }) => {
    await page.goto('/');
    // Before hydration the link loads its page afresh, which puts focus where the browser does.
    await page.locator('html[data-hydrated]').waitFor();
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/privacy-policy');
    const heading = page.locator('main h1');
    await expect(heading).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The heading is not a Tab stop: the next Tab continues into the page.
    await expect(heading).toHaveAttribute('tabindex', '-1');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        () =>
          document.querySelector('main')!.compareDocumentPosition(document.activeElement!) &
          Node.DOCUMENT_POSITION_CONTAINED_BY,
      ),
    ).toBeTruthy();
  });

  test('the first load keeps focus where the browser puts it', async ({ page }) => {
    await page.goto('/about');
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });
});

test.describe('small layout faults', () => {
  test('the accreditation cards hold their text at 768 px', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1000 });
    await page.goto('/');
    const cards = page.getByTestId('accreditation');
    await expect(cards).toHaveCount(3);
    await cards.first().scrollIntoViewIfNeeded();
    const overflow = await cards.evaluateAll((elements) =>
      elements.flatMap((card) => {
        const box = card.getBoundingClientRect();
        const inner = [card, ...card.querySelectorAll('*')];
        return inner.flatMap((el) => {
          const rect = el.getBoundingClientRect();
          const out = Math.max(rect.right - box.right, box.left - rect.left, 0);
          const spill = el.scrollWidth - el.clientWidth;
          return out > 0.5 || spill > 0
            ? [`${el.tagName} "${el.textContent?.slice(0, 30)}" by ${Math.max(out, spill)} px`]
            : [];
        });
      }),
    );
    expect(overflow).toEqual([]);
  });

  test('no whitepaper byline line starts with its separator, at any width', async ({ page }) => {
    await page.goto('/whitepapers');
    let wrapped = 0;
    for (const width of [320, 360, 375, 414, 768, 900, 1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const result = await page.locator('article p:has(time)').evaluateAll((bylines) => {
        let lines = 0;
        const bad: string[] = [];
        for (const byline of bylines) {
          const clip = byline.getBoundingClientRect();
          const walker = document.createTreeWalker(byline, NodeFilter.SHOW_TEXT);
          const pieces: { text: string; left: number; top: number }[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent?.trim();
            if (!text) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            const rect = range.getBoundingClientRect();
            // Text outside the line's box is clipped away, not seen.
            if (rect.right <= clip.left + 0.5) continue;
            pieces.push({ text, left: rect.left, top: Math.round(rect.top) });
          }
          const tops = [...new Set(pieces.map((piece) => piece.top))];
          lines += tops.length;
          for (const top of tops) {
            const first = pieces
              .filter((piece) => piece.top === top)
              .sort((a, b) => a.left - b.left)[0]!;
            if (first.text === '·') bad.push(`${byline.textContent} (a line starts with ·)`);
          }
        }
        return { lines: lines - bylines.length, bad };
      });
      wrapped += result.lines;
      expect(result.bad, `at ${width} px`).toEqual([]);
    }
    // The check means something only if some byline did wrap at some width.
    expect(wrapped).toBeGreaterThan(0);
  });

  test('tCO2e carries its subscript in the carbon plan text and tables', async ({ page }) => {
    await page.goto('/carbon-reduction-plan');
    const main = page.locator('main');
    await expect(main.locator('table caption sub')).toHaveCount(2);
    await expect(main.locator('table th sub').first()).toHaveText('2');
    await expect(main.locator('p sub').first()).toHaveText('2');
    expect(await main.locator('table').first().innerText()).toContain('tCO2e');
    // No formula is left without its subscript.
    const plain = await main.evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (/CO2/.test(node.textContent ?? '')) found.push(node.textContent!);
      }
      return found;
    });
    expect(plain).toEqual([]);
  });

  test('on a phone every column of the cookie tables can be read without scrolling sideways', async ({
    page,
  }) => {
    await page.goto('/cookie-policy');
    const rows = await page
      .locator('main table')
      .first()
      .evaluate((table) =>
        [...table.querySelectorAll('tbody tr')].map((row) =>
          [...row.querySelectorAll('th, td')].map((cell) => cell.textContent!.trim()),
        ),
      );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.length).toBe(4);

    await page.setViewportSize({ width: 375, height: 800 });
    const section = page.locator('#policy-strictly-necessary');
    await section.scrollIntoViewIfNeeded();
    for (const value of rows.flat()) {
      const match = section.getByText(value, { exact: true }).filter({ visible: true }).first();
      await expect(match, value).toBeVisible();
      // Vertically only: scrolling it into view would also scroll a sideways box to it.
      await match.evaluate((el) =>
        window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200),
      );
      const box = (await match.boundingBox())!;
      expect(box.x, value).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, value).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});
