import { describe, expect, it } from 'vitest';

import { EMAIL_PATTERN } from '@/lib/email-pattern';
import { mailtoHref } from '@/lib/mailto';

/** What a mail program reads from the link: the recipients of the `to` part and any headers. */
function parse(href: string) {
  const url = new URL(href);
  return {
    protocol: url.protocol,
    recipients: url.pathname.split(/,|%2C/i).map(decodeURIComponent),
    headers: [...url.searchParams.keys()],
    hash: url.hash,
  };
}

describe('mailtoHref', () => {
  it('links a plain address unchanged', () => {
    expect(mailtoHref('jo.smith@example.co.uk')).toBe('mailto:jo.smith@example.co.uk');
  });

  it.each([
    'x?cc=ops%40evil.test&body=hi@example.co',
    'x&bcc=ops@evil.test',
    'x?subject=Urgent&to=boss@evil.test',
    'jo#fragment@example.com',
    'jo/..%2F@example.com',
    'jo+tag=1@example.com',
    'x@evil.test?cc=ops%40evil.test&body=hi',
    'Zoë.Ünal@exämple.de',
    "o'brien!*~@example.ie",
  ])('an address the form accepts gives one recipient, itself, and no header: %s', (address) => {
    expect(address).toMatch(EMAIL_PATTERN);
    const href = mailtoHref(address);
    expect(href).toBeDefined();
    expect(parse(href!)).toEqual({
      protocol: 'mailto:',
      recipients: [address],
      headers: [],
      hash: '',
    });
  });

  it('percent-encodes the RFC 6068 delimiters and non-ASCII, and keeps @ readable', () => {
    expect(mailtoHref('x?cc=ops%40evil.test&body=hi@example.co')).toBe(
      'mailto:x%3Fcc%3Dops%2540evil.test%26body%3Dhi@example.co',
    );
    expect(mailtoHref('zoë@example.com')).toBe('mailto:zo%C3%AB@example.com');
    expect(mailtoHref('a#b/c@example.com')).toBe('mailto:a%23b%2Fc@example.com');
  });

  it.each(['jo,ops@evil.test', 'jo;ops@evil.test', 'Ops <ops@evil.test>', '"a b"@example.com'])(
    'gives no link for an address a mail program would split or read as a name: %s',
    (address) => {
      expect(mailtoHref(address)).toBeUndefined();
    },
  );

  it('gives no link for an empty or missing address or one without both sides of @', () => {
    for (const value of [null, undefined, '', '   ', 'no-at-sign', '@example.com', 'jo@']) {
      expect(mailtoHref(value)).toBeUndefined();
    }
  });

  it('trims surrounding whitespace', () => {
    expect(mailtoHref('  jo@example.com \n')).toBe('mailto:jo@example.com');
  });
});
