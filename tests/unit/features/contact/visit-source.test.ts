import { describe, expect, it } from 'vitest';

import {
  describeVisitSource,
  toLandingPage,
  toReferrerHost,
  toUtmValue,
} from '@/features/contact/visit-source';

const SITE = 'kestreldata.co.uk';

describe('toLandingPage', () => {
  it('keeps the path and drops its query and fragment', () => {
    expect(toLandingPage('/service/data-strategy')).toBe('/service/data-strategy');
    expect(toLandingPage('/service/x?utm_source=news&email=a@b.c#contact')).toBe('/service/x');
    expect(toLandingPage('/about#team')).toBe('/about');
    expect(toLandingPage('/')).toBe('/');
  });

  it('cuts a long path to 300 characters without leaving half of an escape', () => {
    expect(toLandingPage(`/${'a'.repeat(400)}`)).toHaveLength(300);
    const cut = toLandingPage(`/${'a'.repeat(297)}%C3%A9`);
    expect(cut).toBe(`/${'a'.repeat(297)}`);
  });

  it('drops what is not a site path: no leading slash, spaces, non-ASCII, empty', () => {
    expect(toLandingPage('service/x')).toBeNull();
    expect(toLandingPage('/a b')).toBeNull();
    expect(toLandingPage('/café')).toBeNull();
    expect(toLandingPage('')).toBeNull();
    expect(toLandingPage('?utm_source=x')).toBeNull();
  });
});

describe('toReferrerHost', () => {
  it("keeps only another site's host name, never its path, query, port or credentials", () => {
    expect(toReferrerHost('https://www.google.co.uk/', SITE)).toBe('www.google.co.uk');
    expect(toReferrerHost('https://user:secret@news.example.com:8443/a/b?q=private#x', SITE)).toBe(
      'news.example.com',
    );
    expect(toReferrerHost('http://LinkedIn.COM/feed', SITE)).toBe('linkedin.com');
    expect(toReferrerHost('https://example.org./', SITE)).toBe('example.org');
  });

  it('gives nothing for an empty referrer or one from this site, with or without www.', () => {
    expect(toReferrerHost('', SITE)).toBeNull();
    expect(toReferrerHost(`https://${SITE}/about`, SITE)).toBeNull();
    expect(toReferrerHost(`https://www.${SITE}/`, SITE)).toBeNull();
    expect(toReferrerHost('https://kestreldata.co.uk/', 'www.kestreldata.co.uk')).toBeNull();
    expect(toReferrerHost('http://127.0.0.1:4173/', '127.0.0.1')).toBeNull();
  });

  it('drops hostile or unusable referrers instead of sending them', () => {
    expect(toReferrerHost('javascript:alert(1)', SITE)).toBeNull();
    expect(toReferrerHost('data:text/html,<script>alert(1)</script>', SITE)).toBeNull();
    expect(toReferrerHost('file:///etc/passwd', SITE)).toBeNull();
    expect(toReferrerHost('not a url', SITE)).toBeNull();
    expect(toReferrerHost('https://[::1]/', SITE)).toBeNull();
    expect(toReferrerHost('https://under_score.example.com/', SITE)).toBeNull();
    expect(toReferrerHost(`https://${'a'.repeat(64)}.example.com/`, SITE)).toBeNull();
    const longHost = Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.');
    expect(toReferrerHost(`https://${longHost}/`, SITE)).toBeNull();
  });

  it('sends a Unicode host name as its punycode form, which the database accepts', () => {
    expect(toReferrerHost('https://bücher.de/', SITE)).toBe('xn--bcher-kva.de');
  });
});

describe('toUtmValue', () => {
  it('trims and keeps a campaign tag', () => {
    expect(toUtmValue('  newsletter ')).toBe('newsletter');
    expect(toUtmValue('autumn_2026.v2~a+b-c')).toBe('autumn_2026.v2~a+b-c');
  });

  it('cuts a long tag to 100 characters', () => {
    expect(toUtmValue('x'.repeat(5_000))).toBe('x'.repeat(100));
  });

  it('writes spaces back as the + they were in the address', () => {
    expect(toUtmValue('autumn 2026')).toBe('autumn+2026');
  });

  it('drops text that is not a campaign tag, so staff never read it as the system’s words', () => {
    expect(toUtmValue('Reset your staff password at https://evil.example')).toBeNull();
    expect(toUtmValue('a:b')).toBeNull();
    expect(toUtmValue('a/b')).toBeNull();
  });

  it('drops empty, control-character and non-ASCII values', () => {
    expect(toUtmValue(null)).toBeNull();
    expect(toUtmValue('')).toBeNull();
    expect(toUtmValue('   ')).toBeNull();
    expect(toUtmValue('a\nb')).toBeNull();
    expect(toUtmValue('a\u0000b')).toBeNull();
    expect(toUtmValue('café')).toBeNull();
  });
});

describe('describeVisitSource', () => {
  it('gives all five fields as null when the visit start is unknown', () => {
    expect(describeVisitSource(undefined)).toEqual({
      landing_page: null,
      referrer_host: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
    });
  });

  it("reads the landing page's utm tags, decoded, and the referrer's host", () => {
    expect(
      describeVisitSource({
        path: '/service/data-strategy',
        search: '?utm_source=newsletter&utm_medium=e%2Dmail&utm_campaign=q4+launch&utm_term=x',
        siteHost: SITE,
        referrer: 'https://mail.example.com/inbox/123',
      }),
    ).toEqual({
      landing_page: '/service/data-strategy',
      referrer_host: 'mail.example.com',
      utm_source: 'newsletter',
      utm_medium: 'e-mail',
      utm_campaign: 'q4+launch',
    });
  });

  it('sends null for each tag that is missing or unusable, keeping the others', () => {
    expect(
      describeVisitSource({
        path: '/',
        search: `?utm_source=line%0Abreak&utm_medium=%20%20&utm_campaign=${'c'.repeat(150)}`,
        siteHost: SITE,
        referrer: `https://${SITE}/services`,
      }),
    ).toEqual({
      landing_page: '/',
      referrer_host: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: 'c'.repeat(100),
    });
  });
});
