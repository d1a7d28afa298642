import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { site } from '@/config/site';
import { hydrationLoaderHash } from '@/page-loading/hydration-loader';

import {
  contentSecurityPolicy,
  renderHeadersFile,
  renderVercelJson,
  securityHeaders,
} from '../../../scripts/security-headers';
import { headersForPath, parseHeadersFile } from '../../../scripts/static-headers';

/**
 * A scorer following the MDN HTTP Observatory's rules for the headers a static site controls
 * (its published scoring): start at 100, penalties, bonuses only when >= 90 before them.
 */
function observatoryScore(headers: Map<string, string>): { score: number; findings: string[] } {
  const get = (name: string) =>
    [...headers].find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  const findings: string[] = [];
  let score = 100;
  const penalise = (points: number, why: string) => {
    score -= points;
    findings.push(`-${points} ${why}`);
  };

  const csp = get('Content-Security-Policy');
  const directives = new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...values]) => [name!, values]),
  );
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src') ?? [];
  const objectSrc = directives.get('object-src') ?? directives.get('default-src') ?? [];
  const broad = (values: string[]) =>
    values.some((v) => ['*', 'https:', 'http:', 'data:'].includes(v));
  if (!csp) penalise(25, 'no CSP');
  else {
    if (scriptSrc.includes("'unsafe-inline'") || broad(scriptSrc) || broad(objectSrc)) {
      penalise(20, 'unsafe or broad script-src/object-src');
    }
    if (scriptSrc.includes("'unsafe-eval'")) penalise(10, "'unsafe-eval'");
  }
  const hsts = get('Strict-Transport-Security');
  const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? '')?.[1] ?? NaN);
  if (!hsts || Number.isNaN(maxAge)) penalise(20, 'no HSTS');
  else if (maxAge < 15_768_000) penalise(10, 'HSTS under six months');
  const frameAncestors = directives.get('frame-ancestors');
  const xfo = get('X-Frame-Options');
  if (!frameAncestors && !xfo) penalise(20, 'no anti-clickjacking');
  if (get('X-Content-Type-Options')?.toLowerCase() !== 'nosniff') penalise(5, 'no nosniff');
  const referrer = get('Referrer-Policy');
  if (referrer && ['unsafe-url', 'origin', 'no-referrer-when-downgrade'].includes(referrer)) {
    penalise(5, 'unsafe Referrer-Policy');
  }

  if (score >= 90) {
    if (csp && !findings.some((f) => f.includes('script-src') || f.includes('unsafe-eval')))
      score += 5;
    if (frameAncestors?.includes("'none'") || /deny|sameorigin/i.test(xfo ?? '')) score += 5;
    if (
      ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(
        referrer ?? '',
      )
    ) {
      score += 5;
    }
    if (['same-origin', 'same-site'].includes(get('Cross-Origin-Resource-Policy') ?? ''))
      score += 10;
    if ((get('Cross-Origin-Opener-Policy') ?? '').startsWith('same-origin')) score += 10;
  }
  return { score, findings };
}

const production = { supabaseUrl: site.productionSupabaseUrl };
const root = join(import.meta.dirname, '..', '..', '..');

describe('security headers', () => {
  it('grade A+ (score >= 100) on the MDN Observatory rules, with no finding', () => {
    const { score, findings } = observatoryScore(new Map(securityHeaders(production)));
    expect(findings).toEqual([]);
    expect(score).toBeGreaterThanOrEqual(100);
  });

  it('the scorer can fail: an unsafe policy loses its A+', () => {
    const weak = new Map(securityHeaders(production));
    weak.set(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'self' 'unsafe-inline' https:",
    );
    weak.delete('Strict-Transport-Security');
    const { score, findings } = observatoryScore(weak);
    expect(findings).toEqual(['-20 unsafe or broad script-src/object-src', '-20 no HSTS']);
    expect(score).toBeLessThan(100);
  });

  it('allows only the site itself and the configured Supabase origin to be reached', () => {
    const csp = contentSecurityPolicy(production);
    expect(csp).toContain(`script-src 'self' ${hydrationLoaderHash()};`);
    expect(csp).toContain("connect-src 'self' https://kestreldata.supabase.co;");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    for (const directive of [
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it('adds consent-gated script origins and keeps a local http backend reachable', () => {
    const csp = contentSecurityPolicy({
      supabaseUrl: 'http://127.0.0.1:54321',
      scriptOrigins: ['https://analytics.example'],
    });
    expect(csp).toContain(`script-src 'self' ${hydrationLoaderHash()} https://analytics.example;`);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:54321 https://analytics.example;");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('vercel.json is what the generator writes (npm run headers)', () => {
    expect(readFileSync(join(root, 'vercel.json'), 'utf8')).toBe(renderVercelJson(production));
  });

  it('the _headers file gives pages the security headers and hashed assets a year of caching', () => {
    const rules = parseHeadersFile(renderHeadersFile(production));
    const page = headersForPath(rules, '/about');
    expect(observatoryScore(page).score).toBeGreaterThanOrEqual(100);
    expect(page.has('Cache-Control')).toBe(false);
    expect(headersForPath(rules, '/assets/index-abc.js').get('Cache-Control')).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('the images and the favicon are fresh for a day, then revalidated in the background', () => {
    const rules = parseHeadersFile(renderHeadersFile(production));
    for (const path of ['/images/team/aisha-rahman.svg', '/favicon.svg']) {
      const headers = headersForPath(rules, path);
      expect(headers.get('Cache-Control'), path).toBe(
        'public, max-age=86400, stale-while-revalidate=604800',
      );
      expect(headers.get('X-Content-Type-Options'), path).toBe('nosniff');
    }
    expect(headersForPath(rules, '/og-image.png').has('Cache-Control')).toBe(false);
    const vercel = JSON.parse(renderVercelJson(production)) as {
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    expect(vercel.headers.map(({ source }) => source)).toEqual([
      '/(.*)',
      '/assets/(.*)',
      '/images/(.*)',
      '/favicon.svg',
    ]);
  });
});
