/**
 * Booking the free consultation straight after an enquiry: a fresh embedded backend on the
 * build's port (54321) with one admin, whose default weekday hours give the free times, then per
 * run and width in a fresh Chromium context, a visitor who sends the enquiry form on /#contact.
 * In the page: when the submit was clicked, when the offer (the success state) was shown and when
 * its first free day or time was; from the requests, whether the booking code came only after
 * the submit.
 * DATABASE_URL (scripts/pg-throwaway.sh) runs it on another PostgreSQL server.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { LOCAL_SUPABASE_PORT } from '../../supabase/local/local-keys.ts';
import { createUser, startTestBackend } from '../../tests/integration/support/backend.ts';
import { ENQUIRY_FORM, enquiryFormHydrated, freshContext, withChromium } from './browser.ts';
import type { Manifest } from './first-load.ts';
import { backendEngine, requireLocalBuild, SITE, startSite } from './local-site.ts';
import { bookingTarget } from './targets.ts';

/** Where the booking code was asked for, against the visitor's submit. */
export type CodeRequest = 'after submit' | 'with the page' | 'not requested';
/** One run at one width, in ms (NaN when what it waits for never showed). */
export type BookingSample = {
  /** From the click on Submit to the offer shown: the enquiry sent and its book token claimed. */
  sentMs: number;
  /** From the offer shown to its first free day or time shown: the figure held to the target. */
  slotsMs: number;
  code: CodeRequest;
};
export type BookingResult = {
  /** The database server, as backendEngine() names it. */
  engine: string;
  runs: number;
  widths: { width: number; samples: BookingSample[] }[];
};

const BOOKING_MODULE = 'src/features/consultation/consultation-booking.tsx';
/** Long enough for an enquiry on a busy machine; a run past it counts as timed out. */
const TIMEOUT_MS = 30_000;

/**
 * In the page: the offer is the region its heading names, as a screen reader finds it; a free
 * time is a tile of its radio buttons (a day, then the times of that day). From the click on
 * Submit, each watched every frame until it is visible.
 */
const watchBooking = `__bench.watchBooking = () => {
  const offer = () => [...document.querySelectorAll('section[aria-labelledby]')].find((section) =>
    document.getElementById(section.getAttribute('aria-labelledby'))?.textContent.startsWith('Book your free'));
  const firstChoice = () => offer()?.querySelector('input[type="radio"]')?.closest('label');
  let submitAt;
  addEventListener('click', (event) => { submitAt = event.timeStamp; }, { capture: true, once: true });
  __bench.pending = Promise.all([
    __bench.shownAt(offer, ${TIMEOUT_MS}),
    __bench.shownAt(firstChoice, ${TIMEOUT_MS}),
  ]).then(([offerAt, choiceAt]) => ({ sentMs: offerAt - submitAt, slotsMs: choiceAt - offerAt }));
};`;

/** The booking chunk's file in the build, as the page requests it. */
async function bookingChunk(buildPath: string): Promise<string> {
  const manifestFile = join(buildPath, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  const chunk = manifest[BOOKING_MODULE];
  if (!chunk) throw new Error(`the build has no chunk for ${BOOKING_MODULE}.`);
  return `/${chunk.file}`;
}

/** A prospect's enquiry, under an address of its own: the database limits each mailbox. */
async function fillEnquiry(page: Page, email: string) {
  const form = page.locator(ENQUIRY_FORM);
  await form.getByLabel(/Full Name/).fill('Bench Prospect');
  await form.getByLabel(/Email Address/).fill(email);
  await form.getByLabel(/Company\/Organisation/).fill('Bench Analytics Ltd');
  await form.getByLabel(/Service Interest/).selectOption({ label: 'AI & Machine Learning' });
  await form.getByLabel(/Project Timeline/).selectOption({ label: '3-6 months' });
  await form.getByLabel(/Message\/Requirements/).fill('We would like to talk about our reporting.');
}

export async function measureBooking(buildPath: string, runs: number): Promise<BookingResult> {
  await requireLocalBuild(buildPath, 'booking');
  const chunk = await bookingChunk(buildPath);
  const backend = await startTestBackend({ port: LOCAL_SUPABASE_PORT, enquiryLimits: 'local' });
  const site = await startSite(buildPath);
  try {
    // New admins take consultations on weekdays, 09:00 to 17:00 London, from the start.
    const admin = await createUser(backend, {
      email: 'bench.admin@example.com',
      password: 'bench-password-1',
    });
    await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
      admin.id,
    ]);
    const widths = bookingTarget.widths.map((width) => ({
      width,
      samples: [] as BookingSample[],
    }));
    await withChromium(async (browser) => {
      for (let run = 1; run <= runs; run++) {
        console.error(`booking run ${run} of ${runs}`);
        for (const { width, samples } of widths) {
          const context = await freshContext(browser, { width, height: 800 }, watchBooking);
          const page = await context.newPage();
          let submitted = false;
          let code: CodeRequest = 'not requested';
          page.on('request', (request) => {
            if (code === 'not requested' && new URL(request.url()).pathname === chunk) {
              code = submitted ? 'after submit' : 'with the page';
            }
          });
          await page.goto(`${SITE}/#contact`);
          await page.evaluate(enquiryFormHydrated);
          await fillEnquiry(page, `bench.booking.${Date.now()}.${run}.${width}@example.com`);
          await page.evaluate('__bench.afterIdle()');
          await page.evaluate('__bench.watchBooking()');
          submitted = true;
          await page.locator(ENQUIRY_FORM).getByRole('button', { name: 'Submit Form' }).click();
          const times = (await page.evaluate('__bench.pending')) as Omit<BookingSample, 'code'>;
          samples.push({ ...times, code });
          await context.close();
        }
      }
    });
    return { engine: await backendEngine(backend), runs, widths };
  } finally {
    site.stop();
    await backend.stop();
  }
}
