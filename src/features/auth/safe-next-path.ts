import { paths } from '@/config/paths';

const probeOrigin = 'https://same-origin.invalid';

/**
 * Where to go after sign-in: the `next` value only when it is a path on this site (not another
 * origin, not `//host`, no backslashes or control characters, not /auth itself); otherwise /admin.
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return paths.admin;
  if (raw.includes('\\') || [...raw].some((char) => char <= ' ' || char === '\u007f')) {
    return paths.admin;
  }
  let url: URL;
  try {
    url = new URL(raw, probeOrigin);
  } catch {
    return paths.admin;
  }
  if (url.origin !== probeOrigin || url.pathname === paths.auth) return paths.admin;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/auth?next=…` for the page the visitor asked for (the plain /auth when that is /admin). */
export function authPathFor(requested: string): string {
  const next = safeNextPath(requested);
  return next === paths.admin ? paths.auth : `${paths.auth}?next=${encodeURIComponent(next)}`;
}
