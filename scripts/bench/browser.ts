import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

import { defaultPreferences, saveConsent } from '../../src/features/consent/consent-storage.ts';
import { CHROMIUM_FLAGS, findChromium } from '../chromium.ts';
import { EVENT_TIMING_THRESHOLD_MS, profiles, type ProfileId } from './targets.ts';

type Profile = (typeof profiles)[number];
type PerProfile<T> = Record<ProfileId, T[]>;
const perProfile = <T>(): PerProfile<T> => ({ desktop: [], cpu4x: [] });
type Viewport = { width: number; height: number };

/** One click on a link: to the new `<h1>` painted (NaN on a timeout), and blank frames on the way. */
export type NavigationSample = { ms: number; blankFrames: number };
export type NavigationResult = {
  path: string;
  /** The route's code fetched on the click itself (a fresh context). */
  cold: PerProfile<NavigationSample>;
  /** The same link clicked again after going back: the code is already in memory. */
  warm: PerProfile<NavigationSample>;
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
  // interactionId), once the selector matches in a painted frame; NaN when it never does.
  watchInteraction(shown) {
    const entries = [];
    const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
    observer.observe({ type: 'event', durationThreshold: ${EVENT_TIMING_THRESHOLD_MS} });
    let downAt;
    addEventListener('pointerdown', (event) => { downAt = event.timeStamp; }, { capture: true, once: true });
    const seen = () => document.querySelector(shown) !== null;
    const late = () => performance.now() - downAt > ${TIMEOUT_MS};
    this.pending = this.until(() => downAt !== undefined && (seen() || late())).then(async () => {
      if (!seen()) return NaN;
      // Event Timing entries are queued after the frame that follows the interaction.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)));
      entries.push(...observer.takeRecords());
      observer.disconnect();
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

/**
 * The local server compresses a file when it is first asked for: every asset is asked for once
 * beforehand, so no measured fetch waits for that (a static host serves them ready).
 */
export async function primeServer(origin: string, buildPath: string) {
  const headers = { 'accept-encoding': 'br, gzip' };
  for (const file of await readdir(join(buildPath, 'assets')))
    await (await fetch(`${origin}/assets/${file}`, { headers })).arrayBuffer();
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

/** `url` hydrated and idle, then the CPU slowed. */
async function openHydrated(context: BrowserContext, url: string, profile: Profile) {
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.evaluate('__bench.afterIdle()');
  if (profile.cpuRate > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
  }
  return page;
}

/** `measure` on `url` in a fresh context, hydrated and idle at the profile's CPU speed. */
async function onFreshPage<T>(
  browser: Browser,
  url: string,
  profile: Profile,
  viewport: Viewport,
  measure: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await freshContext(browser, viewport);
  try {
    return await measure(await openHydrated(context, url, profile));
  } finally {
    await context.close();
  }
}

async function clickLink(page: Page): Promise<NavigationSample> {
  await page.evaluate('__bench.watchNavigation()');
  await page.click('#bench-link');
  return (await page.evaluate('__bench.pending')) as NavigationSample;
}

/** One run for one route on one CPU: the first click (cold), back, and the same click again (warm). */
async function navigateOnce(page: Page, path: string) {
  const home = (await page.evaluate('__bench.heading()')) as string;
  await page.evaluate(`__bench.addLink(${JSON.stringify(path)})`);
  const cold = await clickLink(page);
  await page.evaluate('history.back()');
  await page.evaluate(`__bench.until(() => __bench.heading() === ${JSON.stringify(home)})`);
  await page.evaluate('__bench.afterIdle()');
  return { cold, warm: await clickLink(page) };
}

/**
 * `measure` each item on each CPU, `runs` times. Runs are the outer loop, so a burst of load on
 * the machine spreads over the items instead of falling on one.
 */
async function repeat<T>(
  what: string,
  runs: number,
  items: readonly T[],
  measure: (item: T, profile: Profile) => Promise<void>,
) {
  for (let run = 1; run <= runs; run++) {
    console.error(`${what} run ${run} of ${runs}`);
    for (const item of items) for (const profile of profiles) await measure(item, profile);
  }
}

/** Client-side navigation from the home page to each path, `runs` times on each CPU. */
export const measureNavigations = (origin: string, paths: readonly string[], runs: number) =>
  withChromium(async (browser) => {
    const results = paths.map((path) => ({
      path,
      cold: perProfile<NavigationSample>(),
      warm: perProfile<NavigationSample>(),
    }));
    await repeat('navigation', runs, results, async (result, profile) => {
      const measure = (page: Page) => navigateOnce(page, result.path);
      const { cold, warm } = await onFreshPage(browser, `${origin}/`, profile, DESKTOP, measure);
      result.cold[profile.id].push(cold);
      result.warm[profile.id].push(warm);
    });
    return { runs, routes: results as NavigationResult[] };
  });

type Interaction = {
  label: string;
  viewport: Viewport;
  /** What to click. */
  target: (page: Page) => ReturnType<Page['locator']>;
  /** CSS selector that matches once the result is there. */
  shown: string;
  /** Whatever must be ready before a visitor could click, beyond hydration. */
  ready?: string;
};

const ENQUIRY_FORM = 'form[aria-label="Enquiry form"]';
const inMainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

const interactions: readonly Interaction[] = [
  {
    label: 'open the Resources menu (1280 px)',
    viewport: DESKTOP,
    target: (page) => inMainNav(page).getByRole('button', { name: 'Resources' }),
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
    ready: `__bench.until(() => __bench.hydrated('${ENQUIRY_FORM}'))`,
  },
];

async function interactOnce(page: Page, interaction: Interaction): Promise<number> {
  const target = interaction.target(page);
  // Scroll first and let the page settle, so the click's frame is not also the scroll's.
  await target.scrollIntoViewIfNeeded();
  await target.evaluate((element) => element.setAttribute('data-bench-target', ''));
  if (interaction.ready) await page.evaluate(interaction.ready);
  await page.evaluate('__bench.afterIdle()');
  await page.evaluate(`__bench.watchInteraction(${JSON.stringify(interaction.shown)})`);
  await target.click();
  return (await page.evaluate('__bench.pending')) as number;
}

/** Each interaction on the home page, `runs` times on each CPU, each in a fresh context. */
export const measureInteractions = (origin: string, runs: number) =>
  withChromium(async (browser) => {
    const results = interactions.map((interaction) => ({
      ...interaction,
      inpMs: perProfile<number>(),
    }));
    await repeat('interaction', runs, results, async (result, profile) => {
      const measure = (page: Page) => interactOnce(page, result);
      const inp = await onFreshPage(browser, `${origin}/`, profile, result.viewport, measure);
      result.inpMs[profile.id].push(inp);
    });
    return {
      runs,
      results: results.map(({ label, inpMs }): InteractionResult => ({ label, inpMs })),
    };
  });
