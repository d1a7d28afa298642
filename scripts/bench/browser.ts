import { chromium, type Browser, type Locator, type Page } from '@playwright/test';

import { defaultPreferences, saveConsent } from '../../src/features/consent/consent-storage.ts';
import { CHROMIUM_FLAGS, findChromium } from '../chromium.ts';
import { EVENT_TIMING_THRESHOLD_MS, profiles, type ProfileId } from './targets.ts';

type Profile = (typeof profiles)[number];
type PerProfile<T> = Record<ProfileId, T[]>;
const perProfile = <T>(): PerProfile<T> => ({ desktop: [], cpu4x: [] });
type Viewport = { width: number; height: number };

/** Each run's time from the click on a link to the new `<h1>` painted (NaN on a timeout). */
export type NavigationResult = {
  path: string;
  /** The route's code fetched on the click itself (a fresh context). */
  cold: PerProfile<number>;
  /** The same link clicked again after going back: the code is already in memory. */
  warm: PerProfile<number>;
  /** The most frames any click painted with no `<h1>` in `<main>` or an empty title. */
  blankFrames: number;
};
/** Each run's interaction to next paint (NaN when its result never showed). */
export type InteractionResult = { label: string; inpMs: PerProfile<number> };

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
  // Checked every frame: true once check() holds, false after timeoutMs.
  until(check, timeoutMs = ${TIMEOUT_MS}) {
    const start = performance.now();
    return new Promise((resolve) => {
      const poll = () => {
        if (check()) resolve(true);
        else if (performance.now() - start > timeoutMs) resolve(false);
        else requestAnimationFrame(poll);
      };
      poll();
    });
  },
  // When the target (a selector, or a function that finds the element) was first visible, in ms
  // since navigation start; NaN if never.
  shownAt(target, timeoutMs) {
    const find = typeof target === 'function' ? target : () => document.querySelector(target);
    const visible = () => find()?.checkVisibility() ?? false;
    return this.until(visible, timeoutMs).then((seen) => (seen ? performance.now() : NaN));
  },
  addLink(path) {
    const link = Object.assign(document.createElement('a'), { id: 'bench-link', href: path });
    link.textContent = 'bench: ' + path;
    link.style.cssText = 'position:fixed;left:0;bottom:0;z-index:2147483647;background:#fff;padding:8px';
    document.body.append(link);
  },
  // From the click to the new <h1> painted: the h1 is marked for Element Timing as soon as it
  // is in the DOM (a MutationObserver runs before the next paint), and its entry's renderTime is
  // when its text reached the screen. If no entry comes (an h1 element reused, already painted),
  // the second animation frame after the change stands in. Every frame on the way is checked
  // for a missing <h1> or an empty title.
  watchNavigation() {
    const before = this.heading();
    let clickAt, paintedAt, fallbackAt;
    let blankFrames = 0;
    let framesSinceChange = 0;
    addEventListener('click', (event) => { clickAt = event.timeStamp; }, { capture: true, once: true });
    const mutations = new MutationObserver(() => {
      const h1 = document.querySelector('main h1');
      if (clickAt === undefined || !h1 || h1.textContent === before) return;
      h1.setAttribute('elementtiming', 'bench-h1');
      framesSinceChange = 1;
      mutations.disconnect();
    });
    mutations.observe(document, { subtree: true, childList: true, characterData: true });
    const paints = new PerformanceObserver((list) => {
      const entry = list.getEntries().find((e) => e.identifier === 'bench-h1');
      if (entry) paintedAt = entry.renderTime || entry.loadTime;
    });
    paints.observe({ type: 'element' });
    this.pending = this.until(() => {
      if (clickAt === undefined) return false;
      if (framesSinceChange > 0 && ++framesSinceChange === 3) fallbackAt = performance.now();
      if (!document.querySelector('main h1') || !document.title) blankFrames++;
      return paintedAt !== undefined || framesSinceChange > 30;
    }).then((painted) => ({ ms: painted ? (paintedAt ?? fallbackAt) - clickAt : NaN, blankFrames }));
  },
  // The interaction's longest Event Timing entry (pointerdown, pointerup and click share one
  // interactionId), once its result is shown; NaN when it never is.
  watchInteraction(shown) {
    const entries = [];
    const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
    observer.observe({ type: 'event', durationThreshold: ${EVENT_TIMING_THRESHOLD_MS} });
    let downAt;
    addEventListener('pointerdown', (event) => { downAt = event.timeStamp; }, { capture: true, once: true });
    this.pending = this.shownAt(shown).then(async (shownAt) => {
      if (Number.isNaN(shownAt)) return NaN;
      // Event Timing entries are queued after the frame that follows the interaction.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)));
      entries.push(...observer.takeRecords());
      const durations = entries
        .filter((e) => e.interactionId > 0 && e.startTime >= downAt - 1)
        .map((e) => e.duration);
      return Math.max(${EVENT_TIMING_THRESHOLD_MS}, ...durations);
    });
  },
};`;

/** A page script: a returning visitor who chose essential cookies, so no banner comes mid-run. */
function essentialConsentScript(): string {
  const stored: [string, string][] = [];
  const storage = { setItem: (key: string, value: string) => stored.push([key, value]) };
  saveConsent(storage as unknown as Storage, defaultPreferences, Date.now());
  return `for (const [k, v] of ${JSON.stringify(stored)}) localStorage.setItem(k, v);`;
}

/** The system Chromium, closed once `use` is done. */
export async function withChromium<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

/** A fresh context (nothing cached) whose pages run `script` and the bench's helpers first. */
export async function freshContext(browser: Browser, viewport: Viewport, script = '') {
  const context = await browser.newContext({ viewport });
  await context.addInitScript({ content: `${IN_PAGE}\n${essentialConsentScript()}\n${script}` });
  return context;
}

/**
 * `measure` each item on each CPU, `runs` times, on the home page hydrated and idle in a fresh
 * context with the item's viewport. Runs are the outer loop, so a burst of load on the machine
 * spreads over the items instead of falling on one.
 */
async function measureEach<T>(
  origin: string,
  runs: number,
  items: readonly T[],
  viewport: (item: T) => Viewport,
  measure: (page: Page, item: T, profile: Profile) => Promise<void>,
) {
  await withChromium(async (browser) => {
    for (let run = 1; run <= runs; run++) {
      console.error(`run ${run} of ${runs}`);
      for (const item of items) {
        for (const profile of profiles) {
          const context = await freshContext(browser, viewport(item));
          const page = await context.newPage();
          await page.goto(`${origin}/`);
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
          await page.evaluate('__bench.afterIdle()');
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
          await measure(page, item, profile);
          await context.close();
        }
      }
    }
  });
}

async function clickLink(page: Page) {
  await page.evaluate('__bench.watchNavigation()');
  await page.click('#bench-link');
  return (await page.evaluate('__bench.pending')) as { ms: number; blankFrames: number };
}

/** One route on one CPU: a click on a link to it (cold), back, and the same click again (warm). */
async function navigateOnce(page: Page, route: NavigationResult, profile: Profile) {
  const home = (await page.evaluate('__bench.heading()')) as string;
  await page.evaluate(`__bench.addLink(${JSON.stringify(route.path)})`);
  const cold = await clickLink(page);
  await page.evaluate('history.back()');
  await page.evaluate(`__bench.until(() => __bench.heading() === ${JSON.stringify(home)})`);
  await page.evaluate('__bench.afterIdle()');
  const warm = await clickLink(page);
  route.cold[profile.id].push(cold.ms);
  route.warm[profile.id].push(warm.ms);
  route.blankFrames = Math.max(route.blankFrames, cold.blankFrames, warm.blankFrames);
}

/** Client-side navigation from the home page to each path, `runs` times on each CPU. */
export async function measureNavigations(origin: string, paths: readonly string[], runs: number) {
  const routes = paths.map((path): NavigationResult => ({
    path,
    cold: perProfile(),
    warm: perProfile(),
    blankFrames: 0,
  }));
  await measureEach(origin, runs, routes, () => DESKTOP, navigateOnce);
  return { runs, routes };
}

type Interaction = {
  label: string;
  viewport?: Viewport;
  target: (page: Page) => Locator;
  /** CSS selector that matches once the result is there. */
  shown: string;
  /** Whatever must be ready before a visitor could click, beyond hydration. */
  ready?: string;
};

type InteractionRuns = Interaction & InteractionResult;
export const ENQUIRY_FORM = 'form[aria-label="Enquiry form"]';
/**
 * In the page: settles once the enquiry form can take a submit. Its code loads only as the section
 * nears the viewport; React keeps its props on the elements it has hydrated, static markup has none.
 */
export const enquiryFormHydrated = `__bench.until(() => Object.keys(document.querySelector('${ENQUIRY_FORM}')).some((key) => key.startsWith('__reactProps')))`;

const interactions: readonly Interaction[] = [
  {
    label: 'open the Resources menu (1280 px)',
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
    target: (page) =>
      page.getByRole('tablist', { name: 'Service pillars' }).getByRole('tab').nth(1),
    shown: '[data-bench-target][aria-selected="true"]',
  },
  {
    label: 'open the cookie preferences (footer)',
    target: (page) =>
      page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }),
    shown: '[role="dialog"]',
  },
  {
    label: 'submit the empty enquiry form',
    target: (page) => page.locator(ENQUIRY_FORM).getByRole('button', { name: 'Submit Form' }),
    shown: `${ENQUIRY_FORM} [aria-invalid="true"]`,
    ready: enquiryFormHydrated,
  },
];

async function interactOnce(page: Page, interaction: InteractionRuns, profile: Profile) {
  const target = interaction.target(page);
  // Scroll first and let the page settle, so the click's frame is not also the scroll's.
  await target.scrollIntoViewIfNeeded();
  await target.evaluate((element) => element.setAttribute('data-bench-target', ''));
  if (interaction.ready) await page.evaluate(interaction.ready);
  await page.evaluate('__bench.afterIdle()');
  await page.evaluate(`__bench.watchInteraction(${JSON.stringify(interaction.shown)})`);
  await target.click();
  interaction.inpMs[profile.id].push((await page.evaluate('__bench.pending')) as number);
}

/** Each interaction on the home page, its INP `runs` times on each CPU. */
export async function measureInteractions(origin: string, runs: number) {
  const results = interactions.map((item): InteractionRuns => ({ ...item, inpMs: perProfile() }));
  await measureEach(origin, runs, results, (item) => item.viewport ?? DESKTOP, interactOnce);
  return { runs, results: results as InteractionResult[] };
}
