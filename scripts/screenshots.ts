/**
 * Full-page screenshots of the built site, for looking at what a change did: every public route
 * (or the ones named) at a phone, tablet, laptop and desktop width, as PNGs named
 * `<route>@<width>.png`. Serves the build (`dist/`, or BUILD_DIR; run `npm run build` first); the
 * backend is not needed for the public pages.
 *
 *   npm run screenshots -- [--widths 375,1440] [--routes /,/about] [--out screenshots]
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { chromium } from '@playwright/test';

import { indexablePaths } from '../src/app/static-paths.ts';
import { BUILD_DIR } from './build-dir.ts';
import { CHROMIUM_FLAGS, findChromium } from './chromium.ts';
import { serveDist } from './serve-dist.ts';

const DEFAULT_WIDTHS = [375, 768, 1024, 1440];
const PORT = 4191;

function parseWidths(text: string | undefined): number[] {
  if (!text) return DEFAULT_WIDTHS;
  const widths = text.split(',').map(Number);
  const bad = widths.find((width) => !Number.isInteger(width) || width < 240 || width > 3840);
  if (bad !== undefined) {
    throw new Error(
      `--widths takes whole pixel widths from 240 to 3840, comma-separated: got "${text}"`,
    );
  }
  return widths;
}

function parseRoutes(text: string | undefined): string[] {
  const known = indexablePaths();
  if (!text) return known;
  const routes = text.split(',');
  const unknown = routes.filter((route) => !known.includes(route));
  if (unknown.length > 0) {
    throw new Error(`not a public route: ${unknown.join(', ')} (known: ${known.join(', ')})`);
  }
  return routes;
}

const fileName = (route: string, width: number) =>
  `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '-')}@${width}.png`;

async function main() {
  const { values } = parseArgs({
    options: {
      widths: { type: 'string' },
      routes: { type: 'string' },
      out: { type: 'string', default: 'screenshots' },
    },
  });
  const widths = parseWidths(values.widths);
  const routes = parseRoutes(values.routes);
  await mkdir(values.out, { recursive: true });

  const server = await serveDist(BUILD_DIR, PORT);
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_FLAGS,
  });
  try {
    for (const width of widths) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const route of routes) {
        await page.goto(`${server.url}${route}`);
        await page.locator('html[data-hydrated]').waitFor({ timeout: 15_000 });
        // Lay out the sections normally skipped off screen, so the whole page is drawn.
        await page.evaluate(() => document.documentElement.setAttribute('data-layout-all', ''));
        const file = join(values.out, fileName(route, width));
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
        console.log(file);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
