import { chromium, type Browser, type Page } from '@playwright/test';

import { defaultPreferences, saveConsent } from '../../src/features/consent/consent-storage.ts';
import { CHROMIUM_FLAGS, findChromium } from '../chromium.ts';
import { EVENT_TIMING_THRESHOLD_MS, profiles, type ProfileId } from './targets.ts';

type Profile = (typeof profiles)[number];
type PerProfile<T> = Record<ProfileId, T[]>;
const perProfile = <T>(): PerProfile<T> => ({ desktop: [], cpu4x: [] });

/** One click on a link: to the new `<h1>` painted (NaN on a timeout), and blank frames on the way. */
export type NavigationSample = { ms: number; blankFrames: number };
/** One interaction: its INP, and the time until its result (menu, dialog, error) was painted. */
export type InteractionSample = { inpMs: number; shownMs: number };
export type NavigationResult = {
  path: string;
  /** The route's code fetched on the click itself (a fresh context). */
  cold: PerProfile<NavigationSample>;
  /** The same link clicked again after going back: the code is already in memory. */
  warm: PerProfile<NavigationSample>;
};
export type InteractionResult = { label: string; runs: PerProfile<InteractionSample> };

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
/** A click whose result is not painted by then counts as a timeout (NaN). */
const TIMEOUT_MS = 10_000;

/**
 * Installed in every page before its own scripts, as plain JavaScript: functions handed to
 * page.evaluate from a tsx process carry esbuild's name helpers, which the page lacks.
 * Each watcher is armed before the click and settles once the click's result has been painted.
 */
const IN_PAGE = `
window.__bench = {
  heading() { return document.querySelector('main h1')?.textContent ?? ''; },
  afterIdle() {
    return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 }));
  },
  until(check) {
    return new Promise((resolve) => {
      const poll = () => (check() ? resolve() : requestAnimationFrame(poll));
      poll();
    });
  },
  // React keeps its props on the elements it has hydrated; static markup has none.
  hydrated(selector) {
    const element = document.querySelector(selector);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
  },
  addLink(path) {
    const link = document.createElement('a');
    link.id = 'bench-link';
    link.href = path;
    link.textContent = 'bench: ' + path;
    link.style.cssText = 'position:fixed;left:0;bottom:0;z-index:2147483647;background:#fff;padding:8px';
    document.body.append(link);
  },
  // From the click to the new <h1> painted: the h1 is marked for Element Timing as soon as it
  // is in the DOM (a MutationObserver runs before the next paint), and its entry's renderTime is
  // when its text reached the screen. If no entry comes (an h1 element reused, already painted),
  // the first animation frame after the following one stands in. Every frame on the way is
  // checked for a missing <h1> or an empty title.
  watchNavigation() {
    const before = this.heading();
    let clickAt;
    let changedAt;
    let paintedAt;
    addEventListener('click', (event) => { clickAt = event.timeStamp; }, { capture: true, once: true });
    const mutations = new MutationObserver(() => {
      const h1 = document.querySelector('main h1');
      if (clickAt === undefined || !h1 || h1.textContent === before) return;
      h1.setAttribute('elementtiming', 'bench-h1');
      changedAt = performance.now();
      mutations.disconnect();
    });
    mutations.observe(document, { subtree: true, childList: true, characterData: true });
    const paints = new PerformanceObserver((list) => {
      const entry = list.getEntries().find((e) => e.identifier === 'bench-h1');
      if (entry) paintedAt = entry.renderTime || entry.loadTime;
    });
    paints.observe({ type: 'element' });
    this.pending = new Promise((resolve) => {
      let blankFrames = 0;
      let framesSinceChange = 0;
      const done = (ms) => {
        mutations.disconnect();
        paints.disconnect();
        resolve({ ms, blankFrames });
      };
      const frame = () => {
        if (clickAt !== undefined) {
          if (paintedAt !== undefined) return done(paintedAt - clickAt);
          if (changedAt !== undefined && ++framesSinceChange > 30) return done(this.fallback - clickAt);
          if (framesSinceChange === 2) this.fallback = performance.now();
          const h1 = document.querySelector('main h1');
          if (!h1 || !document.title) blankFrames++;
          if (performance.now() - clickAt > ${TIMEOUT_MS}) return done(NaN);
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  },
  // The interaction's longest Event Timing entry (pointerdown, pointerup and click share one
  // interactionId), and the time from pointerdown until the selector matches in a painted frame:
  // seen in one frame's animation callback, so the next callback runs after that paint.
  watchInteraction(shown) {
    const entries = [];
    const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
    observer.observe({ type: 'event', durationThreshold: ${EVENT_TIMING_THRESHOLD_MS} });
    let downAt;
    addEventListener('pointerdown', (event) => { downAt = event.timeStamp; }, { capture: true, once: true });
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    this.pending = new Promise((resolve) => {
      let seen = false;
      const frame = async () => {
        if (downAt !== undefined && seen) {
          const shownMs = performance.now() - downAt;
          // Event Timing entries are queued after the frame that follows the interaction.
          await nextFrame();
          await new Promise((r) => setTimeout(r, 100));
          entries.push(...observer.takeRecords());
          observer.disconnect();
          const durations = entries
            .filter((e) => e.interactionId > 0 && e.startTime >= downAt - 1)
            .map((e) => e.duration);
          return resolve({ inpMs: Math.max(${EVENT_TIMING_THRESHOLD_MS}, ...durations), shownMs });
        }
        if (downAt !== undefined) {
          seen = document.querySelector(shown) !== null;
          if (performance.now() - downAt > ${TIMEOUT_MS}) return resolve({ inpMs: NaN, shownMs: NaN });
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  },
};`;

/** A page script: a returning visitor who chose essential cookies, so no banner comes mid-run. */
export function essentialConsentScript(): string {
  const stored: [string, string][] = [];
  const storage = { setItem: (key: string, value: string) => stored.push([key, value]) };
  saveConsent(storage as unknown as Storage, defaultPreferences, Date.now());
  return `for (const [k, v] of ${JSON.stringify(stored)}) localStorage.setItem(k, v);`;
}

async function withChromium<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

type Viewport = { width: number; height: number };

/** `url` in a fresh context (nothing cached), hydrated and idle, then the CPU slowed. */
async function openHydrated(browser: Browser, url: string, profile: Profile, viewport: Viewport) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript({
    content: `${IN_PAGE}\n${essentialConsentScript()}`,
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.evaluate('__bench.afterIdle()');
  if (profile.cpuRate > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
  }
  return { context, page };
}

async function clickLink(page: Page): Promise<NavigationSample> {
  await page.evaluate('__bench.watchNavigation()');
  await page.click('#bench-link');
  return (await page.evaluate('__bench.pending')) as NavigationSample;
}

/** One run for one route on one CPU: the first click (cold), back, and the same click again (warm). */
async function navigateOnce(browser: Browser, origin: string, path: string, profile: Profile) {
  const { context, page } = await openHydrated(browser, `${origin}/`, profile, DESKTOP);
  try {
    const home = (await page.evaluate('__bench.heading()')) as string;
    await page.evaluate(`__bench.addLink(${JSON.stringify(path)})`);
    const cold = await clickLink(page);
    await page.evaluate('history.back()');
    await page.evaluate(`__bench.until(() => __bench.heading() === ${JSON.stringify(home)})`);
    await page.evaluate('__bench.afterIdle()');
    const warm = await clickLink(page);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/**
 * Client-side navigation from the home page to each path, `runs` times on each CPU. Runs are
 * the outer loop, so a burst of load on the machine spreads over routes instead of one route.
 */
export const measureNavigations = (origin: string, paths: readonly string[], runs: number) =>
  withChromium(async (browser): Promise<NavigationResult[]> => {
    const results: NavigationResult[] = paths.map((path) => ({
      path,
      cold: perProfile(),
      warm: perProfile(),
    }));
    for (let run = 1; run <= runs; run++) {
      console.error(`navigation run ${run} of ${runs}`);
      for (const result of results) {
        for (const profile of profiles) {
          const { cold, warm } = await navigateOnce(browser, origin, result.path, profile);
          result.cold[profile.id].push(cold);
          result.warm[profile.id].push(warm);
        }
      }
    }
    return results;
  });

type Interaction = {
  label: string;
  viewport: Viewport;
  /** What to click. */
  target: (page: Page) => ReturnType<Page['locator']>;
  /** CSS selector that matches once the result is there. */
  shown: string;
  /** Waits for whatever must be ready before a visitor could click (beyond hydration). */
  ready?: (page: Page) => Promise<void>;
};

const ENQUIRY_FORM = 'form[aria-label="Enquiry form"]';

const interactions: readonly Interaction[] = [
  {
    label: 'open the Resources menu (1280 px)',
    viewport: DESKTOP,
    target: (page) =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Resources' }),
    shown: 'nav[aria-label="Main"] button[aria-expanded="true"]',
  },
  {
    label: 'open the mobile menu (375 px)',
    viewport: PHONE,
    target: (page) => page.getByRole('button', { name: 'Open menu' }),
    shown: 'button[aria-label="Close menu"][aria-expanded="true"]',
  },
  {
    label: 'switch the home services tab',
    viewport: DESKTOP,
    target: (page) =>
      page.getByRole('tablist', { name: 'Service pillars' }).getByRole('tab').nth(1),
    shown: '[data-bench-target][aria-selected="true"]',
  },
  {
    label: 'open the cookie preferences (footer)',
    viewport: DESKTOP,
    target: (page) =>
      page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }),
    shown: '[role="dialog"]',
  },
  {
    label: 'submit the empty enquiry form',
    viewport: DESKTOP,
    target: (page) => page.locator(ENQUIRY_FORM).getByRole('button', { name: 'Submit Form' }),
    shown: `${ENQUIRY_FORM} [aria-invalid="true"]`,
    // Its code loads only as the section nears the viewport.
    ready: async (page) => {
      await page.evaluate(`__bench.until(() => __bench.hydrated('${ENQUIRY_FORM}'))`);
    },
  },
];

async function interactOnce(
  browser: Browser,
  origin: string,
  interaction: Interaction,
  profile: Profile,
): Promise<InteractionSample> {
  const { context, page } = await openHydrated(
    browser,
    `${origin}/`,
    profile,
    interaction.viewport,
  );
  try {
    const target = interaction.target(page);
    // Scroll first and let the page settle, so the click's frame is not also the scroll's.
    await target.scrollIntoViewIfNeeded();
    await target.evaluate((element) => element.setAttribute('data-bench-target', ''));
    await interaction.ready?.(page);
    await page.evaluate('__bench.afterIdle()');
    await page.evaluate(`__bench.watchInteraction(${JSON.stringify(interaction.shown)})`);
    await target.click();
    return (await page.evaluate('__bench.pending')) as InteractionSample;
  } finally {
    await context.close();
  }
}

/** Each interaction on the home page, `runs` times on each CPU, each in a fresh context. */
export const measureInteractions = (origin: string, runs: number) =>
  withChromium(async (browser): Promise<InteractionResult[]> => {
    const results: InteractionResult[] = interactions.map(({ label }) => ({
      label,
      runs: perProfile(),
    }));
    for (let run = 1; run <= runs; run++) {
      console.error(`interaction run ${run} of ${runs}`);
      for (const [i, interaction] of interactions.entries()) {
        for (const profile of profiles) {
          const sample = await interactOnce(browser, origin, interaction, profile);
          results[i]!.runs[profile.id].push(sample);
        }
      }
    }
    return results;
  });
