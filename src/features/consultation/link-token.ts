import { useMemo, useSyncExternalStore } from 'react';

/** What the consultation page's address carries after `#`: a book or a manage token, or nothing. */
export type LinkToken = { kind: 'book' | 'manage'; token: string } | { kind: 'none' };

/** `#b.…` → a book token, `#m.…` → a manage token; anything else is no token. */
export function readLinkToken(hash: string): LinkToken {
  let token = hash.replace(/^#/, '').trim();
  try {
    token = decodeURIComponent(token);
  } catch {
    return { kind: 'none' };
  }
  if (token.startsWith('m.') && token.length > 2) return { kind: 'manage', token };
  if (token.startsWith('b.') && token.length > 2) return { kind: 'book', token };
  return { kind: 'none' };
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
