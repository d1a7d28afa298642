/**
 * What preloading the links on screen costs and buys, on a phone: each path opened on a 375 px
 * screen over Lighthouse's mobile link (150 ms round trip, 1,638.4 kbit/s down) with its CPU
 * slowed four times, once as shipped and once with the browser's Save-Data on, which leaves only
 * intent (a finger touching a link) to fetch a page's code. Per run and mode, in a fresh context:
 *
 *   cost: the script the page fetched until, hydrated, its network was quiet (the first load is
 *         the same in both modes, so the difference is what preloading on sight fetched);
 *   buys: a tap on the first link on screen that leads elsewhere (in <main> if it has one, else
 *         the header's), the finger down TAP_MS before the click as a finger's tap is, timed
 *         from the click to the new <h1> painted.
 */
import type { Page } from '@playwright/test';

import { freshContext, withChromium } from './browser.ts';

export const preloadModes = ['sight', 'intent'] as const;
export type PreloadMode = (typeof preloadModes)[number];
/** One run of one mode: script fetched until the network was quiet (KB) and the tap (ms; NaN on a timeout). */
export type PreloadSample = { scriptKb: number; tapMs: number };
export type PreloadRow = { path: string; target: string } & Record<PreloadMode, PreloadSample[]>;
/** `tapHoldMs`: how long before the click the finger went down. */
export type PreloadResult = { runs: number; tapHoldMs: number; rows: PreloadRow[] };

const PHONE = { width: 375, height: 812 };
/** Lighthouse's mobile preset: the link (CDP Network.emulateNetworkConditions) and CPU. */
const MOBILE_LINK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_RATE = 4;
/** From a finger touching the screen to the click it becomes, for a quick tap. */
const TAP_MS = 100;
/** How long the network must be quiet before the after-load bytes are counted. */
const QUIET_MS = 1_500;

/** The browser reports Save-Data: the preloader then fetches only on intent. */
const SAVE_DATA = `Object.defineProperty(Navigator.prototype, 'connection', {
  configurable: true,
  get() { return { saveData: true, effectiveType: '4g' }; },
});`;

/**
 * Settles once the preloader has had its turn: it checks in idle callbacks until the page has
 * hydrated, then observes the links on screen, whose first report comes a frame later. Asked for
 * after hydration, an idle callback runs after the preloader's last one; a second, then two
 * frames, let the observer report and the fetches start, so the quiet network that follows is
 * not the lull before them.
 */
const PRELOADER_TURN = `new Promise((done) =>
  requestIdleCallback(() => requestIdleCallback(() =>
    requestAnimationFrame(() => requestAnimationFrame(() => done())), { timeout: 2000 }), { timeout: 2000 }))`;

/** The first link on screen that leads to another public page, <main>'s first; its path. */
const FIRST_LINK_ELSEWHERE = `(() => {
  const here = location.pathname;
  const links = [...document.querySelectorAll('main a[href^="/"]'), ...document.querySelectorAll('a[href^="/"]')];
  for (const link of links) {
    const url = new URL(link.href);
    if (url.pathname === here || /^\\/(admin|auth|consultation)/.test(url.pathname)) continue;
    const box = link.getBoundingClientRect();
    if (box.bottom <= 0 || box.top >= innerHeight || box.width === 0) continue;
    link.id = 'bench-tap';
    return url.pathname;
  }
  return null;
})()`;

async function networkQuiet(page: Page, quietMs: number) {
  let last = Date.now();
  const touch = () => {
    last = Date.now();
  };
  page.on('request', touch);
  page.on('requestfinished', touch);
  page.on('requestfailed', touch);
  while (Date.now() - last < quietMs) await page.waitForTimeout(100);
  page.off('request', touch);
  page.off('requestfinished', touch);
  page.off('requestfailed', touch);
}

async function measureOnce(page: Page, origin: string, path: string) {
  // Every script until the network is quiet: the first load is the same in both modes, so what
  // one mode fetches beyond the other is what it costs.
  const fetched: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    fetched.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  await page.goto(`${origin}${path}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.evaluate(PRELOADER_TURN);
  await networkQuiet(page, QUIET_MS);
  const scriptBytes = (await Promise.all(fetched)).reduce((a, b) => a + b, 0);
  const target = (await page.evaluate(FIRST_LINK_ELSEWHERE)) as string | null;
  if (!target) throw new Error(`${path} shows no link to another page in its first screen`);
  await page.evaluate('__bench.watchNavigation()');
  await page.dispatchEvent('#bench-tap', 'touchstart');
  await page.waitForTimeout(TAP_MS);
  await page.click('#bench-tap');
  const { ms } = (await page.evaluate('__bench.pending')) as { ms: number };
  return { target, sample: { scriptKb: scriptBytes / 1024, tapMs: ms } };
}

/** Each path in both modes, `runs` times; runs are the outer loop, the modes alternate. */
export async function measurePreload(
  origin: string,
  paths: readonly string[],
  runs: number,
): Promise<PreloadResult> {
  const rows = paths.map((path): PreloadRow => ({ path, target: '', sight: [], intent: [] }));
  await withChromium(async (browser) => {
    for (let run = 1; run <= runs; run++) {
      console.error(`preload: run ${run} of ${runs}`);
      for (const row of rows) {
        for (const mode of preloadModes) {
          const context = await freshContext(browser, PHONE, mode === 'intent' ? SAVE_DATA : '');
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', MOBILE_LINK);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
          const { target, sample } = await measureOnce(page, origin, row.path);
          row.target = target;
          row[mode].push(sample);
          await context.close();
        }
      }
    }
  });
  return { runs, tapHoldMs: TAP_MS, rows };
}
