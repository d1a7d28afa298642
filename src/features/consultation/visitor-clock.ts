/**
 * Which clock the visitor reads times on: 12-hour where their browser's language asks for it
 * (en-US, or a language tag carrying `-u-hc-h12`), the 24-hour clock otherwise (en-GB).
 */
export type HourCycle = 'h12' | 'h23';

const cycles = new Map<string, HourCycle>();

/** The visitor's languages, most wanted first; empty where there is no browser. */
function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/** The hour cycle Intl resolves for these languages (the runtime's own when none is given). */
export function hourCycleFor(languages: readonly string[]): HourCycle {
  const key = languages.join(',');
  let cycle = cycles.get(key);
  if (!cycle) {
    let resolved: Intl.ResolvedDateTimeFormatOptions;
    try {
      resolved = new Intl.DateTimeFormat([...languages], { hour: 'numeric' }).resolvedOptions();
    } catch {
      // A tag Intl cannot read: the runtime's own language decides.
      resolved = new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions();
    }
    const twelve = resolved.hourCycle ? /^h1[12]$/.test(resolved.hourCycle) : resolved.hour12;
    cycle = twelve ? 'h12' : 'h23';
    cycles.set(key, cycle);
  }
  return cycle;
}

/** The visitor's hour cycle, read from the browser's languages. */
export const visitorHourCycle = (): HourCycle => hourCycleFor(browserLanguages());
