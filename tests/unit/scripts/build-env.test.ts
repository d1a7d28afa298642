// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  clientEnv,
  defineFor,
  LOCAL_SUPABASE,
  vercelJsonFor,
} from '../../../scripts/env/build-env';
import { loadEnv } from '../../../scripts/env/load-env';
import { parseHeadersFile, headersForPath } from '../../../scripts/static-headers';
import { siteHeaders, vercelJsonMismatch } from '../../../scripts/site-headers-plugin';
import { LOCAL_SUPABASE_URL } from '../../../supabase/local/local-keys';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'build-env-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What vite.config.ts does for a production client build, with the project in `dir`. */
async function build(processEnv: Record<string, string> = {}) {
  const { values: client, fallbacks } = clientEnv(loadEnv({ dir, mode: 'production', processEnv }));
  const plugin = siteHeaders(client, { root: dir, onVercel: false });
  const writeBundle = plugin.writeBundle as (options: { dir: string }) => Promise<void>;
  await writeBundle.call({}, { dir });
  const headers = headersForPath(
    parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8')),
    '/about',
  );
  const directives = new Map(
    headers
      .get('Content-Security-Policy')!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
  return { define: defineFor(client), fallbacks, directives, client };
}

describe('the build environment', () => {
  it('a hosted URL and an analytics script in .env reach both the bundle and the CSP', async () => {
    writeFileSync(
      join(dir, '.env'),
      'VITE_SUPABASE_URL=https://abcd.supabase.co\nVITE_SUPABASE_ANON_KEY=sb_publishable_x\n' +
        'VITE_ANALYTICS_SCRIPT_URL=https://analytics.example.com/tag.js\nSECRET=never\n',
    );
    const { define, directives, fallbacks } = await build();
    expect(define['import.meta.env.VITE_SUPABASE_URL']).toBe('"https://abcd.supabase.co"');
    expect(directives.get('connect-src')).toEqual([
      "'self'",
      'https://abcd.supabase.co',
      'https://analytics.example.com',
    ]);
    expect(directives.get('script-src')).toContain('https://analytics.example.com');
    expect(fallbacks).toEqual([]);
    // Only VITE_ variables reach the bundle.
    expect(Object.keys(define).some((key) => key.includes('SECRET'))).toBe(false);
  });

  it('the real environment wins over .env, in the bundle and the CSP alike', async () => {
    writeFileSync(join(dir, '.env'), 'VITE_SUPABASE_URL=https://from-file.supabase.co\n');
    const { define, directives } = await build({
      VITE_SUPABASE_URL: 'https://from-env.supabase.co',
    });
    expect(define['import.meta.env.VITE_SUPABASE_URL']).toBe('"https://from-env.supabase.co"');
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://from-env.supabase.co']);
  });

  it('.env.production.local wins over .env for a production build', async () => {
    writeFileSync(join(dir, '.env'), 'VITE_SUPABASE_URL=https://dev.supabase.co\n');
    writeFileSync(
      join(dir, '.env.production.local'),
      'VITE_SUPABASE_URL=https://prod.supabase.co\n',
    );
    const { directives } = await build();
    expect(directives.get('connect-src')).toEqual(["'self'", 'https://prod.supabase.co']);
  });

  it('without any setting, the local backend in both and a warning-worthy fallback list', async () => {
    const { define, directives, fallbacks } = await build();
    expect(fallbacks).toEqual(['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY']);
    expect(define['import.meta.env.VITE_SUPABASE_ANON_KEY']).toBe(
      JSON.stringify(LOCAL_SUPABASE.VITE_SUPABASE_ANON_KEY),
    );
    expect(directives.get('connect-src')).toEqual(["'self'", LOCAL_SUPABASE_URL]);
  });

  it('names the variable when a script URL is not a URL', async () => {
    await expect(build({ VITE_ANALYTICS_SCRIPT_URL: 'tag.js' })).rejects.toThrow(
      'VITE_ANALYTICS_SCRIPT_URL is not a valid URL: "tag.js".',
    );
    await expect(
      build({ VITE_PERFORMANCE_SCRIPT_URL: 'ftp://cdn.example.com/x.js' }),
    ).rejects.toThrow('VITE_PERFORMANCE_SCRIPT_URL must be an http(s) URL');
  });

  it('refuses a secret key before it can reach the bundle, and lists every bad variable', async () => {
    const serviceRoleJwt = [
      'eyJhbGciOiJIUzI1NiJ9',
      Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url'),
      'signature',
    ].join('.');
    for (const key of ['sb_secret_abc', serviceRoleJwt]) {
      await expect(build({ VITE_SUPABASE_ANON_KEY: key })).rejects.toThrow(
        'VITE_SUPABASE_ANON_KEY holds a secret service-role key.',
      );
    }
    const both = build({ VITE_SUPABASE_URL: 'not a url', VITE_SUPABASE_ANON_KEY: 'plain' });
    await expect(both).rejects.toThrow(
      'VITE_SUPABASE_URL is not a valid URL: "not a url".\nVITE_SUPABASE_ANON_KEY does not look like a Supabase anon or publishable key.',
    );
  });

  it('puts the Supabase URL into the bundle without a trailing slash', async () => {
    const { define } = await build({ VITE_SUPABASE_URL: 'https://abcd.supabase.co/' });
    expect(define['import.meta.env.VITE_SUPABASE_URL']).toBe('"https://abcd.supabase.co"');
  });

  it('on Vercel, a vercel.json for another Supabase project fails the build', async () => {
    const { client } = await build({ VITE_SUPABASE_URL: 'https://abcd.supabase.co' });
    expect(vercelJsonMismatch(vercelJsonFor(client), client)).toBeNull();
    const other = { ...client, VITE_SUPABASE_URL: 'https://other.supabase.co' };
    expect(vercelJsonMismatch(vercelJsonFor(other), client)).toMatch(
      /vercel\.json does not carry the headers for this build \(Supabase https:\/\/abcd\.supabase\.co\)/,
    );
    writeFileSync(join(dir, 'vercel.json'), vercelJsonFor(other));
    const plugin = siteHeaders(client, { root: dir, onVercel: true });
    const errors: string[] = [];
    const buildStart = plugin.buildStart as (this: unknown) => Promise<void>;
    await buildStart.call({ error: (message: string) => errors.push(message) });
    expect(errors).toHaveLength(1);
  });
});
