/**
 * GoTrue's redirect check (utilities/request.go): a redirect is honoured when it has the site URL's
 * scheme, host and port, or points at a loopback address; otherwise the site URL is used.
 */
export function allowedRedirect(requested: string | null, siteUrl: string): string {
  if (!requested) return siteUrl;
  let target: URL;
  let site: URL;
  try {
    target = new URL(requested);
    site = new URL(siteUrl);
  } catch {
    return siteUrl;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return siteUrl;
  if (target.origin === site.origin) return requested;
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)) return requested;
  return siteUrl;
}

/** `<url>#key=value&...` with keys sorted and form-encoded like Go's url.Values.Encode. */
export function withFragment(url: string, values: Record<string, string>): string {
  const base = url.split('#')[0] ?? url;
  const encoded = Object.keys(values)
    .sort()
    .map((key) => `${encodeForm(key)}=${encodeForm(values[key] ?? '')}`)
    .join('&');
  return `${base}#${encoded}`;
}

function encodeForm(text: string): string {
  return encodeURIComponent(text)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
