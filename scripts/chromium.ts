import { existsSync } from 'node:fs';

/** Flags for the system Chromium in this sandbox (no GPU, no network beyond localhost). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** The Chromium every tool drives: PLAYWRIGHT_CHROMIUM_PATH, or the system's (Debian's `chromium`). */
export function findChromium(): string {
  const candidates = [
    process.env.PLAYWRIGHT_CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].filter((path): path is string => Boolean(path));
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found. Install it with `apt-get update && apt-get install -y chromium` ' +
        '(gives /usr/bin/chromium), or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}
