/**
 * What one read of the free consultation times costs the database: a fresh embedded backend with
 * five admins, each with a working fortnight as real staff have it (weekday hours, a day off, a
 * date with other hours, busy times read from their calendar, bookings spread over the offer),
 * and an enquiry assigned to no one, so every admin taking consultations hosts it. For 1, 3 and
 * 5 hosts (the others stop taking consultations), public.consultation_slots is called with the
 * enquiry's book token, one call at a time, and timed from sending to its answer over loopback;
 * the server's JIT setting is left as the engine's default and reported.
 * DATABASE_URL (scripts/pg-throwaway.sh) runs it on another PostgreSQL server.
 */
import { createUser, startTestBackend } from '../../tests/integration/support/backend.ts';
import { backendEngine } from './local-site.ts';

/** The host counts measured. */
export const SLOT_HOSTS = [1, 3, 5] as const;
/** Calls before the timed ones, so plans and caches are warm as on a live server. */
const WARM_UP = 2;

export type SlotsRow = { hosts: number; slots: number; ms: number[] };
export type SlotsResult = {
  /** The database server, as backendEngine() names it. */
  engine: string;
  /** The server's jit setting, and whether it can JIT at all: what the slot functions override. */
  jit: string;
  runs: number;
  rows: SlotsRow[];
};

/**
 * Each admin's fortnight: a day off, shorter hours on another date, three busy times a weekday
 * from their calendar (a stand-up, a meeting, a long block every other day) and a booking on most
 * weekdays, each at a time of its own per admin, so hosts overlap as a real team's do.
 */
export const FORTNIGHT = `
with staff as (
  select user_id as staff_id, row_number() over (order by user_id) as n
    from public.user_roles where role = 'admin' and user_id = any($1::uuid[])
), days as (
  select staff_id, n, day::date as day
    from staff, generate_series(current_date, current_date + 15, interval '1 day') as day
   where extract(isodow from day) < 6
), time_off as (
  insert into public.staff_time_off (staff_id, starts_on, ends_on, note)
  select staff_id, current_date + 3 + n::int, current_date + 3 + n::int, 'Day off' from staff
), date_hours as (
  insert into public.staff_date_hours (staff_id, on_date, starts_at, ends_at)
  select staff_id, current_date + 8 + n::int, time '10:00', time '13:00' from staff
), busy as (
  insert into private.staff_busy_times (staff_id, starts_at, ends_at)
  select staff_id, (day + time '09:30') at time zone 'Europe/London',
         (day + time '09:45') at time zone 'Europe/London' from days
  union all
  select staff_id, (day + make_time(11 + (n::int % 3), 0, 0)) at time zone 'Europe/London',
         (day + make_time(12 + (n::int % 3), 0, 0)) at time zone 'Europe/London' from days
  union all
  select staff_id, (day + time '14:00') at time zone 'Europe/London',
         (day + time '16:00') at time zone 'Europe/London' from days
   where (extract(day from day)::int + n::int) % 2 = 0
), enquiries as (
  insert into public.contact_submissions
    ("Name", "Email", "Company", "Interest", "Timeline", "Message", assigned_to)
  select 'Booked ' || n || ' ' || day, 'booked.' || n || '.' || day || '@example.com',
         'Bench Ltd', 'analytics', 'immediate', 'We would like a consultation.', staff_id
    from days
   where extract(isodow from day) <> 5
  returning id, assigned_to, "Email"
)
insert into public.consultation_bookings (submission_id, staff_id, starts_at, ends_at, blocked_until)
select enquiries.id, enquiries.assigned_to, slot.starts_at, slot.starts_at + interval '30 minutes',
       slot.starts_at + interval '45 minutes'
  from enquiries
  join days on enquiries."Email" = 'booked.' || days.n || '.' || days.day || '@example.com'
  cross join lateral (
    select (days.day + make_time(15 + (days.n::int % 2), 0, 0)) at time zone 'Europe/London' as starts_at
  ) as slot
 where slot.starts_at > now() + interval '1 day'`;

export async function measureSlots(runs: number): Promise<SlotsResult> {
  const backend = await startTestBackend({ enquiryLimits: 'local' });
  try {
    // New admins take consultations on weekdays, 09:00 to 17:00 London, from the start.
    const admins: string[] = [];
    for (let n = 1; n <= Math.max(...SLOT_HOSTS); n += 1) {
      const admin = await createUser(backend, {
        email: `bench.host.${n}@example.com`,
        password: 'bench-password-1',
      });
      await backend.sql(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
        admin.id,
      ]);
      admins.push(admin.id);
    }
    await backend.sql(FORTNIGHT, [admins]);
    const [enquiry] = await backend.sql<{ token: string }>(
      `with enquiry as (
         insert into public.contact_submissions
           ("Name", "Email", "Company", "Interest", "Timeline", "Message")
         values ('Bench Prospect', 'bench.prospect@example.com', 'Bench Ltd', 'analytics',
                 'immediate', 'We would like a consultation.')
         returning id, created_at)
       select private.consultation_book_token(id, created_at) as token from enquiry`,
    );
    const [{ jit } = { jit: '?' }] = await backend.sql<{ jit: string }>(
      `select current_setting('jit') || case when pg_jit_available() then ''
              else ' (no JIT provider in this build)' end as jit`,
    );
    const rows: SlotsRow[] = [];
    for (const hosts of SLOT_HOSTS) {
      await backend.sql(
        `update public.staff_availability set accepts_bookings = staff_id = any($1::uuid[])`,
        [admins.slice(0, hosts)],
      );
      const row: SlotsRow = { hosts, slots: 0, ms: [] };
      for (let run = -WARM_UP; run < runs; run += 1) {
        const started = performance.now();
        const [answer] = await backend.sql<{ slots: { slots: string[] } }>(
          `select public.consultation_slots($1) as slots`,
          [enquiry!.token],
        );
        const elapsed = performance.now() - started;
        if (run >= 0) row.ms.push(elapsed);
        row.slots = answer!.slots.slots.length;
      }
      rows.push(row);
    }
    return { engine: await backendEngine(backend), jit, runs, rows };
  } finally {
    await backend.stop();
  }
}
