import { describe, expect, it } from 'vitest';

import {
  blankable,
  displayInterest,
  displayMessage,
  displayTimeline,
  displayValue,
  formatDate,
  formatDateTime,
  formatTime,
  MESSAGE_PREVIEW_LENGTH,
  telHref,
  truncate,
} from '@/features/admin/shared/enquiry-format';

describe('admin table formatting', () => {
  it('shows "N/A" for empty cells', () => {
    expect(displayValue(null)).toBe('N/A');
    expect(displayValue('')).toBe('N/A');
    expect(displayValue('  ')).toBe('N/A');
    expect(displayValue('Acme')).toBe('Acme');
  });

  it('shows "No message" when the message is missing', () => {
    expect(displayMessage(null)).toBe('No message');
    expect(displayMessage('')).toBe('No message');
    expect(displayMessage('Hello there')).toBe('Hello there');
  });

  it('shows option labels, not stored values', () => {
    expect(displayInterest('ai-ml')).toBe('AI & Machine Learning');
    expect(displayInterest('analytics')).toBe('Analytics & Insights');
    expect(displayTimeline('6-plus-months')).toBe('6+ months');
    expect(displayTimeline('exploring')).toBe('Just exploring');
    expect(displayInterest('legacy-value')).toBe('legacy-value');
    expect(displayTimeline(null)).toBe('N/A');
  });

  it('truncates long messages with an ellipsis and leaves short ones whole', () => {
    const short = 'x'.repeat(MESSAGE_PREVIEW_LENGTH);
    expect(truncate(short)).toBe(short);
    const long = 'word '.repeat(40).trim();
    const cut = truncate(long);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(MESSAGE_PREVIEW_LENGTH + 1);
    expect(cut).not.toMatch(/\s…$/);
  });

  it('never splits a surrogate pair', () => {
    const emoji = '😀'.repeat(MESSAGE_PREVIEW_LENGTH + 5);
    expect(Array.from(truncate(emoji))).toHaveLength(MESSAGE_PREVIEW_LENGTH + 1);
  });

  it('formats dates the UK way, in London time', () => {
    expect(formatDate('2025-03-01T10:00:00Z')).toBe('01 Mar 2025');
    expect(formatDateTime('2025-07-01T10:00:00Z')).toBe('01 Jul 2025, 11:00');
    expect(formatDate('not a date')).toBe('N/A');
  });

  it('writes one date form on every staff screen: day, month as a word, year, 24-hour London time', () => {
    // "Sep", as every other month's three letters (en-GB's own formatter now says "Sept").
    expect(formatDateTime('2026-09-05T08:05:00Z')).toBe('05 Sep 2026, 09:05');
    // the evening of 31 Dec in UTC is still that day in London in winter
    expect(formatDateTime('2026-12-31T23:59:00Z')).toBe('31 Dec 2026, 23:59');
    // BST ends at 01:00 UTC on 25 Oct 2026: the same London hour twice
    expect(formatDateTime('2026-10-25T00:30:00Z')).toBe('25 Oct 2026, 01:30');
    expect(formatDateTime('2026-10-25T01:30:00Z')).toBe('25 Oct 2026, 01:30');
    expect(formatTime('2026-06-30T23:15:00Z')).toBe('00:15');
    expect(formatDate('2026-06-30T23:15:00Z')).toBe('01 Jul 2026');
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatTime(undefined)).toBe('');
  });

  it('leaves blanks blank outside the desktop table', () => {
    expect(blankable(null)).toBe('');
    expect(blankable('   ')).toBe('');
    expect(blankable('Acme')).toBe('Acme');
  });

  it('builds tel: links from typed numbers', () => {
    expect(telHref('+44 (0)20 7946-0958')).toBe('tel:+4402079460958');
    expect(telHref('020 7946 0958')).toBe('tel:02079460958');
  });
});
