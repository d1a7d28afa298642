/**
 * pg_cron's five-field schedules (minute hour day-of-month month day-of-week), read as pg_cron
 * reads them in its default time zone, GMT: numbers, `*`, ranges `a-b`, steps `*\/n` and `a-b/n`,
 * lists `a,b`; day-of-week 0 and 7 are Sunday. As in cron, when both day fields are restricted a
 * day matches either. pg_cron's `n seconds` form is not used by this project and is refused.
 */
export type CronSchedule = (at: Date) => boolean;

const fields = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

function parseField(text: string, { name, min, max }: (typeof fields)[number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`Cannot read the ${name} "${part}"`);
    const [, range, from, to, step] = match;
    const start = range === '*' ? min : Number(from);
    const end = range === '*' ? max : to !== undefined ? Number(to) : step ? max : start;
    const by = step ? Number(step) : 1;
    if (start < min || end > max || start > end || by < 1) {
      throw new Error(`The ${name} "${part}" is outside ${min}-${max}`);
    }
    for (let value = start; value <= end; value += by) values.add(value);
  }
  return values;
}

export function parseCronSchedule(schedule: string): CronSchedule {
  const parts = schedule.trim().split(/\s+/);
  if (parts.length !== fields.length) {
    throw new Error(`"${schedule}" is not a five-field cron schedule`);
  }
  const [minutes, hours, days, months, weekdays] = parts.map((part, index) =>
    parseField(part, fields[index]!),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (weekdays.has(7)) weekdays.add(0);
  const anyDay = parts[2] === '*';
  const anyWeekday = parts[4] === '*';
  return (at) => {
    const dayMatches = days.has(at.getUTCDate());
    const weekdayMatches = weekdays.has(at.getUTCDay());
    const day = anyDay || anyWeekday ? dayMatches && weekdayMatches : dayMatches || weekdayMatches;
    return (
      minutes.has(at.getUTCMinutes()) &&
      hours.has(at.getUTCHours()) &&
      months.has(at.getUTCMonth() + 1) &&
      day
    );
  };
}
