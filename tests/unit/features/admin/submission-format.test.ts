import { describe, expect, it } from 'vitest';

import {
  displayInterest,
  displayMessage,
  displayTimeline,
  displayValue,
  formatDate,
  formatDateTime,
  MESSAGE_PREVIEW_LENGTH,
  telHref,
  truncate,
} from '@/features/admin/submission-format';

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

  it('builds tel: links from typed numbers', () => {
    expect(telHref('+44 (0)20 7946-0958')).toBe('tel:+4402079460958');
    expect(telHref('020 7946 0958')).toBe('tel:02079460958');
  });
});
