import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { DAY_MS } from '@/config/site';
import {
  clearAllDrafts,
  clearDraft,
  clearDraftsUnder,
  draftKey,
  DRAFT_TTL_MS,
  pruneExpiredDrafts,
  readDraft,
  writeDraft,
} from '@/lib/staff-drafts';

const NOW = new Date('2026-11-24T10:00:00Z').getTime();
const isText = (value: unknown): value is string => typeof value === 'string';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('readDraft and writeDraft', () => {
  it('keep a draft per staff member and per key, with when it was saved', () => {
    writeDraft('ada', 'enquiry.1.reply', 'Dear Bo', NOW);
    writeDraft('ada', 'enquiry.2.reply', 'Dear Cy', NOW + 1);
    writeDraft('bo', 'enquiry.1.reply', 'Hello', NOW + 2);
    expect(readDraft('ada', 'enquiry.1.reply', isText, NOW)).toEqual({
      value: 'Dear Bo',
      savedAt: NOW,
    });
    expect(readDraft('ada', 'enquiry.2.reply', isText, NOW)?.value).toBe('Dear Cy');
    expect(readDraft('bo', 'enquiry.1.reply', isText, NOW)?.value).toBe('Hello');
    expect(readDraft('cy', 'enquiry.1.reply', isText, NOW)).toBeNull();
    expect(localStorage.getItem('kestrel.draft.v1.ada.enquiry.1.reply')).toBe(
      JSON.stringify({ value: 'Dear Bo', savedAt: NOW }),
    );
    expect(draftKey('ada', 'enquiry.1.reply')).toBe('kestrel.draft.v1.ada.enquiry.1.reply');
  });

  it('keeps a draft for DRAFT_TTL_MS (7 days) and then drops it on reading', () => {
    expect(DRAFT_TTL_MS).toBe(7 * DAY_MS);
    writeDraft('ada', 'note', 'Call back', NOW);
    expect(readDraft('ada', 'note', isText, NOW + DRAFT_TTL_MS)?.value).toBe('Call back');
    expect(readDraft('ada', 'note', isText, NOW + DRAFT_TTL_MS + 1)).toBeNull();
    expect(localStorage.getItem(draftKey('ada', 'note'))).toBeNull();
  });

  it('drops a stored value of the wrong shape or that is not JSON, and reads none', () => {
    writeDraft('ada', 'note', { body: 'not a string' }, NOW);
    expect(readDraft('ada', 'note', isText, NOW)).toBeNull();
    expect(localStorage.getItem(draftKey('ada', 'note'))).toBeNull();

    localStorage.setItem(draftKey('ada', 'reply'), '{not json');
    expect(readDraft('ada', 'reply', isText, NOW)).toBeNull();
    localStorage.setItem(draftKey('ada', 'call'), JSON.stringify({ value: 'x' }));
    expect(readDraft('ada', 'call', isText, NOW)).toBeNull();
  });

  it('writes nothing, silently, when the storage refuses', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeDraft('ada', 'note', 'Lost', NOW)).not.toThrow();
    vi.restoreAllMocks();
    expect(readDraft('ada', 'note', isText, NOW)).toBeNull();
  });
});

describe('clearing drafts', () => {
  beforeEach(() => {
    writeDraft('ada', 'enquiry.1.reply', 'a', NOW);
    writeDraft('ada', 'enquiry.1.note', 'b', NOW);
    writeDraft('ada', 'enquiry.12.reply', 'c', NOW);
    writeDraft('bo', 'enquiry.1.reply', 'd', NOW);
    localStorage.setItem('kestrel.consent', 'kept');
  });

  it('clearDraft forgets one draft of one person', () => {
    clearDraft('ada', 'enquiry.1.reply');
    expect(readDraft('ada', 'enquiry.1.reply', isText, NOW)).toBeNull();
    expect(readDraft('ada', 'enquiry.1.note', isText, NOW)?.value).toBe('b');
    expect(readDraft('bo', 'enquiry.1.reply', isText, NOW)?.value).toBe('d');
  });

  it('clearDraftsUnder forgets one person’s drafts under a key prefix only', () => {
    clearDraftsUnder('ada', 'enquiry.1.');
    expect(readDraft('ada', 'enquiry.1.reply', isText, NOW)).toBeNull();
    expect(readDraft('ada', 'enquiry.1.note', isText, NOW)).toBeNull();
    expect(readDraft('ada', 'enquiry.12.reply', isText, NOW)?.value).toBe('c');
    expect(readDraft('bo', 'enquiry.1.reply', isText, NOW)?.value).toBe('d');
  });

  it('clearAllDrafts forgets every staff draft in the browser and nothing else', () => {
    clearAllDrafts();
    expect(Object.keys(localStorage)).toEqual(['kestrel.consent']);
  });

  it('pruneExpiredDrafts drops the expired and unreadable drafts of anyone', () => {
    writeDraft('cy', 'note', 'fresh', NOW + 3 * DAY_MS);
    localStorage.setItem(draftKey('cy', 'broken'), 'nonsense');
    pruneExpiredDrafts(NOW + DRAFT_TTL_MS + 1);
    expect(Object.keys(localStorage).sort()).toEqual(
      [draftKey('cy', 'note'), 'kestrel.consent'].sort(),
    );
  });
});
