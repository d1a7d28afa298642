/**
 * Typed-but-unsent staff work (a reply, a note, a call being logged, a follow-up, availability
 * hours) kept in this browser's localStorage, per staff member and per thing being edited, so
 * Close, Escape, Next, Back, a reload or a crashed tab never loses it. Drafts hold visitor data,
 * so they never leave the browser, expire after `DRAFT_TTL_MS`, and sign-out clears them all.
 */
import { DAY_MS } from '@/config/site';

/** How long an untouched draft is kept before it is dropped on the next read. */
export const DRAFT_TTL_MS = 7 * DAY_MS;

const PREFIX = 'kestrel.draft.v1.';

type StoredDraft = { value: unknown; savedAt: number };

export type Draft<T> = { value: T; savedAt: number };

function storage(): Storage | null {
  try {
    // Reading localStorage can itself throw (privacy modes, storage disabled).
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

/** The storage key of one draft: the staff member's id, then what is being edited. */
export function draftKey(userId: string, key: string): string {
  return `${PREFIX}${userId}.${key}`;
}

function parse(raw: string | null): StoredDraft | null {
  if (raw === null) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null) return null;
    const { value, savedAt } = stored as Record<string, unknown>;
    return typeof savedAt === 'number' && Number.isFinite(savedAt) ? { value, savedAt } : null;
  } catch {
    return null;
  }
}

/**
 * The draft kept under `key` for this staff member, or null when there is none, it has expired
 * (it is then removed) or it does not pass `accept`, which checks the stored value's shape.
 */
export function readDraft<T>(
  userId: string,
  key: string,
  accept: (value: unknown) => value is T,
  now: number = Date.now(),
): Draft<T> | null {
  const store = storage();
  if (!store) return null;
  const name = draftKey(userId, key);
  const stored = parse(store.getItem(name));
  if (!stored || now - stored.savedAt > DRAFT_TTL_MS || !accept(stored.value)) {
    if (stored) store.removeItem(name);
    return null;
  }
  return { value: stored.value, savedAt: stored.savedAt };
}

/** Keeps `value` as the draft under `key`; a full or refusing storage keeps nothing, silently. */
export function writeDraft(userId: string, key: string, value: unknown, now = Date.now()): void {
  try {
    storage()?.setItem(draftKey(userId, key), JSON.stringify({ value, savedAt: now }));
  } catch {
    // Quota exceeded or storage refused: the text is still on screen, only not kept.
  }
}

/** Forgets the draft under `key` (after it was sent or saved, or on Discard). */
export function clearDraft(userId: string, key: string): void {
  storage()?.removeItem(draftKey(userId, key));
}

/** Every draft key this browser holds, optionally only those of one staff member. */
function allDraftNames(store: Storage, userId?: string): string[] {
  const prefix = userId ? `${PREFIX}${userId}.` : PREFIX;
  const names: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const name = store.key(index);
    if (name?.startsWith(prefix)) names.push(name);
  }
  return names;
}

/**
 * Forgets this staff member's drafts whose key starts with `keyPrefix` (e.g. all of one record's
 * drafts, on "Discard and leave").
 */
export function clearDraftsUnder(userId: string, keyPrefix: string): void {
  const store = storage();
  if (!store) return;
  const prefix = draftKey(userId, keyPrefix);
  for (const name of allDraftNames(store, userId)) {
    if (name.startsWith(prefix)) store.removeItem(name);
  }
}

/** Forgets every staff draft in this browser: sign-out calls it, so the next person sees none. */
export function clearAllDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const name of allDraftNames(store)) store.removeItem(name);
}

/** Drops this browser's expired drafts (of anyone), so a draft never outlives its period. */
export function pruneExpiredDrafts(now: number = Date.now()): void {
  const store = storage();
  if (!store) return;
  for (const name of allDraftNames(store)) {
    const stored = parse(store.getItem(name));
    if (!stored || now - stored.savedAt > DRAFT_TTL_MS) store.removeItem(name);
  }
}
