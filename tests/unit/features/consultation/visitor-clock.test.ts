import { afterEach, describe, expect, it, vi } from 'vitest';

import { timeLabel } from '@/features/consultation/slot-days';
import { hourCycleFor, visitorHourCycle } from '@/features/consultation/visitor-clock';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the visitor clock', () => {
  it.each([
    [['en-GB'], 'h23'],
    [['en-GB', 'en-US'], 'h23'],
    [['en-US'], 'h12'],
    [['en-US', 'en-GB'], 'h12'],
    [['en-AU'], 'h12'],
    [['de-DE'], 'h23'],
    [['en-GB-u-hc-h12'], 'h12'],
    [['en-US-u-hc-h23'], 'h23'],
  ] as const)('reads %j as %s', (languages, cycle) => {
    expect(hourCycleFor(languages)).toBe(cycle);
  });

  it("follows the browser's languages, first wanted first", () => {
    const languages = vi.spyOn(navigator, 'languages', 'get');
    languages.mockReturnValue(['en-US']);
    expect(visitorHourCycle()).toBe('h12');
    expect(timeLabel('2026-12-01T15:30:00Z', 'Europe/London')).toBe('3:30 pm');
    languages.mockReturnValue(['en-GB']);
    expect(visitorHourCycle()).toBe('h23');
    expect(timeLabel('2026-12-01T15:30:00Z', 'Europe/London')).toBe('15:30');
  });

  it("falls back to the runtime's own language when the browser names none", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue([]);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('');
    const own = new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions();
    expect(visitorHourCycle()).toBe(/^h1[12]$/.test(own.hourCycle ?? '') ? 'h12' : 'h23');
  });

  it('does not throw on a language tag Intl cannot read', () => {
    expect(['h12', 'h23']).toContain(hourCycleFor(['not a tag']));
  });
});
