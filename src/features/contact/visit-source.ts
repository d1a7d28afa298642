import type { VisitStart } from '@/features/contact/visit-start';
import type { TablesInsert } from '@/lib/database.types';

/** The five source columns of an enquiry; null when unknown. */
export type VisitSource = Required<
  Pick<
    TablesInsert<'contact_submissions'>,
    'landing_page' | 'referrer_host' | 'utm_source' | 'utm_medium' | 'utm_campaign'
  >
>;

// The same rules as the CHECK constraints contact_submissions_*_format (migration
// 20261126130000): a value the database would refuse is bounded or dropped here, so a source
// field can never cost the visitor their enquiry.
const MAX_PATH = 300;
const MAX_HOST = 253;
const MAX_UTM = 100;
const SITE_PATH = /^\/[!-~]*$/;
const HOST_NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
// The characters campaign tags use; anything else is visitor text, not a tag.
const CAMPAIGN_TAG = /^[A-Za-z0-9._~+-]+$/;

/** The path without query or fragment, at most 300 printable characters, else null. */
export function toLandingPage(path: string): string | null {
  // Cut to the limit without leaving half of a %XX escape at the end.
  const bare = path
    .split(/[?#]/, 1)[0]!
    .slice(0, MAX_PATH)
    .replace(/%[0-9a-f]?$/i, '');
  return SITE_PATH.test(bare) ? bare : null;
}

const withoutWww = (host: string) => host.replace(/^www\./, '');

/**
 * Only the host name of another site's http(s) referrer: never its path or query, nothing for
 * an empty referrer, this site's own pages (with or without `www.`) or a host the database
 * would refuse (an IP v6 literal, an underscore, a label over 63 characters).
 */
export function toReferrerHost(referrer: string, siteHost: string): string | null {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // The URL parser has already lowercased the host and turned a Unicode name into punycode.
  const host = url.hostname.replace(/\.$/, '');
  if (withoutWww(host) === withoutWww(siteHost.toLowerCase())) return null;
  return host.length <= MAX_HOST && HOST_NAME.test(host) ? host : null;
}

/**
 * A utm value trimmed, its spaces written back as the `+` they were in the address, and cut to
 * 100 characters; null when empty or when it holds anything but the characters campaign tags use
 * (letters, digits, `. _ ~ + -`).
 */
export function toUtmValue(value: string | null): string | null {
  const tag = value?.trim().replace(/ +/g, '+');
  if (!tag || !CAMPAIGN_TAG.test(tag)) return null;
  return tag.slice(0, MAX_UTM);
}

/** The source fields to send with an enquiry; all null when the visit's start is unknown. */
export function describeVisitSource(start: VisitStart | undefined): VisitSource {
  if (!start) {
    return {
      landing_page: null,
      referrer_host: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
    };
  }
  const query = new URLSearchParams(start.search);
  return {
    landing_page: toLandingPage(start.path),
    referrer_host: toReferrerHost(start.referrer, start.siteHost),
    utm_source: toUtmValue(query.get('utm_source')),
    utm_medium: toUtmValue(query.get('utm_medium')),
    utm_campaign: toUtmValue(query.get('utm_campaign')),
  };
}
