import { useMemo, useSyncExternalStore } from 'react';

/**
 * What the consultation page's address carries after `#`: a book, a manage or a confirm token;
 * nothing (the page opened without a link); or a link that does not parse, cut short or changed
 * on its way.
 */
export type LinkToken =
  { kind: 'book' | 'manage' | 'confirm'; token: string } | { kind: 'none' | 'broken' };

/**
 * The shape of a token the database signs (private.sign_consultation_token): kind, subject,
 * version, expiry and a 43-character signature. The consultation Edge Function refuses any other.
 */
const TOKEN_SHAPE = /^[bmc]\.[0-9a-f-]{36}\.[0-9]{1,9}\.[0-9]{1,12}\.[A-Za-z0-9_-]{43}$/;

const kinds: Record<string, 'book' | 'manage' | 'confirm'> = {
  b: 'book',
  m: 'manage',
  c: 'confirm',
};

/**
 * `#b.…` → a book token, `#m.…` → a manage token, `#c.…` → a confirm token (the invitation
 * mail's one-tap link), an empty fragment → none; anything else is a broken link. What a mail client may add after the signature (a full stop, a bracket) is dropped:
 * a signature never holds those characters.
 */
export function readLinkToken(hash: string): LinkToken {
  let token = hash.replace(/^#/, '').trim();
  if (token === '') return { kind: 'none' };
  try {
    token = decodeURIComponent(token);
  } catch {
    return { kind: 'broken' };
  }
  token = token.trim().replace(/[^A-Za-z0-9_-]+$/, '');
  if (!TOKEN_SHAPE.test(token)) return { kind: 'broken' };
  const kind = kinds[token.charAt(0)];
  return kind ? { kind, token } : { kind: 'broken' };
}

/** Tokens the page put into the address itself: they keep a reload current, not a new flow. */
const written = new Set<string>();
let shownHash: string | null = null;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
    written.clear();
    shownHash = null;
  };
}

function hashSnapshot(): string {
  const hash = window.location.hash;
  if (shownHash === null || !written.has(hash.replace(/^#/, ''))) shownHash = hash;
  return shownHash;
}

/**
 * The token of the address's fragment (never the query: a fragment is not sent to any server or
 * log), followed as the visitor changes it. Null while the prerendered page hydrates: it was
 * rendered without a fragment.
 */
export function useLinkToken(): LinkToken | null {
  const hash = useSyncExternalStore(subscribe, hashSnapshot, () => null);
  return useMemo(() => (hash === null ? null : readLinkToken(hash)), [hash]);
}

/**
 * Puts a newer token into the address in place of the one the page opened with, so a reload
 * shows the booking as it now stands. No navigation; the router's history state is kept.
 */
export function replaceLinkToken(token: string): void {
  written.add(token);
  window.history.replaceState(window.history.state, '', `#${token}`);
}
