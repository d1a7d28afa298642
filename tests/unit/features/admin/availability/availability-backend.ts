import type { Tables } from '@/lib/database.types';

import {
  filterOn,
  type PostgrestAnswer,
  type PostgrestHandler,
  type PostgrestRequest,
} from '../../../support/supabase-network';

export const STAFF_ID = '00000000-0000-4000-8000-0000000000aa';

type Settings = Omit<Tables<'staff_availability'>, 'updated_at'>;
type WeeklyRow = Tables<'staff_weekly_hours'>;
type TimeOffRow = Tables<'staff_time_off'>;
type DateHoursRow = Tables<'staff_date_hours'>;

const DEFAULTS: Omit<Settings, 'staff_id'> = {
  time_zone: 'Europe/London',
  buffer_minutes: 15,
  min_notice_minutes: 120,
  horizon_days: 14,
  accepts_bookings: true,
};

export type AvailabilityState = {
  settings?: Partial<Settings> | null;
  weekly?: Omit<WeeklyRow, 'staff_id'>[];
  timeOff?: Omit<TimeOffRow, 'staff_id'>[];
  dateHours?: Omit<DateHoursRow, 'staff_id'>[];
  calendar?: {
    has_url: boolean;
    url_hint: string | null;
    synced_at: string | null;
    last_error: string | null;
    busy_count: number;
  };
  feedActive?: boolean;
  /**
   * The booked consultations consultations_outside_hours() answers, given the change it was
   * asked about (its body); none when left out.
   */
  outside?: (change: Record<string, unknown>) => OutsideBooking[];
};

/** One row of consultations_outside_hours(). */
export type OutsideBooking = {
  id: string;
  submission_id: string;
  name: string;
  company: string;
  starts_at: string;
  ends_at: string;
  visitor_time_zone: string;
  reason: string;
};

/**
 * The availability tables and functions of one staff member as PostgREST would answer them, kept
 * in memory so a write shows in the next read. `refuse` answers a request with an error instead
 * (e.g. the insert of weekly hours), when its handler name and method match.
 */
export function availabilityBackend(
  initial: AvailabilityState = {},
  refuse: (request: PostgrestRequest) => PostgrestAnswer | undefined = () => undefined,
) {
  let settings: Settings | null =
    initial.settings === null || initial.settings === undefined
      ? null
      : { ...DEFAULTS, staff_id: STAFF_ID, ...initial.settings };
  let weekly: WeeklyRow[] = (initial.weekly ?? []).map((row) => ({ ...row, staff_id: STAFF_ID }));
  let timeOff: TimeOffRow[] = (initial.timeOff ?? []).map((row) => ({
    ...row,
    staff_id: STAFF_ID,
  }));
  let dateHours: DateHoursRow[] = (initial.dateHours ?? []).map((row) => ({
    ...row,
    staff_id: STAFF_ID,
  }));
  let calendar = initial.calendar ?? {
    has_url: false,
    url_hint: null,
    synced_at: null,
    last_error: null,
    busy_count: 0,
  };
  let feedActive = initial.feedActive ?? false;
  let made = 0;
  const newId = () => `new-row-${(made += 1)}`;

  /** A time column reads back with its seconds, "09:00:00". */
  const withSeconds = <Row extends { starts_at: string; ends_at: string }>(row: Row): Row => ({
    ...row,
    starts_at: `${row.starts_at}:00`,
    ends_at: `${row.ends_at}:00`,
  });

  function guarded(handler: PostgrestHandler): PostgrestHandler {
    return (request) => refuse(request) ?? handler(request);
  }

  function removeBy<Row extends { id: string }>(rows: Row[], request: PostgrestRequest): Row[] {
    const id = filterOn(request, 'id');
    const ids = Array.isArray(id?.value) ? id.value : [id?.value];
    return rows.filter((row) => !ids.includes(row.id));
  }

  const tables: Record<string, PostgrestHandler> = {
    staff_availability: guarded((request) => {
      if (request.method === 'POST') {
        const body = request.body as Partial<Settings>;
        const ignore = request.prefer.includes('resolution=ignore-duplicates');
        if (!settings) settings = { ...DEFAULTS, staff_id: STAFF_ID, ...body };
        else if (!ignore) settings = { ...settings, ...body };
        return { data: [settings] };
      }
      return { data: settings ? [settings] : [] };
    }),
    staff_weekly_hours: guarded((request) => {
      if (request.method === 'DELETE') {
        weekly = removeBy(weekly, request);
        return {};
      }
      if (request.method === 'POST') {
        const rows = request.body as Omit<WeeklyRow, 'id'>[];
        weekly = [...weekly, ...rows.map((row) => ({ ...withSeconds(row), id: newId() }))];
        return {};
      }
      return {
        data: [...weekly].sort(
          (a, b) => a.weekday - b.weekday || a.starts_at.localeCompare(b.starts_at),
        ),
      };
    }),
    staff_time_off: guarded((request) => {
      if (request.method === 'DELETE') {
        timeOff = removeBy(timeOff, request);
        return {};
      }
      if (request.method === 'POST') {
        timeOff = [...timeOff, { ...(request.body as Omit<TimeOffRow, 'id'>), id: newId() }];
        return {};
      }
      return { data: [...timeOff].sort((a, b) => a.starts_on.localeCompare(b.starts_on)) };
    }),
    staff_date_hours: guarded((request) => {
      if (request.method === 'DELETE') {
        dateHours = removeBy(dateHours, request);
        return {};
      }
      if (request.method === 'POST') {
        const row = request.body as Omit<DateHoursRow, 'id'>;
        dateHours = [...dateHours, { ...withSeconds(row), id: newId() }];
        return {};
      }
      return {
        data: [...dateHours].sort(
          (a, b) => a.on_date.localeCompare(b.on_date) || a.starts_at.localeCompare(b.starts_at),
        ),
      };
    }),
  };

  const rpc: Record<string, PostgrestHandler> = {
    busy_calendar_status: guarded(() => ({ data: [calendar] })),
    set_busy_calendar_url: guarded((request) => {
      const url = String((request.body as { p_url: string }).p_url);
      calendar = url
        ? {
            has_url: true,
            url_hint: `${new URL(url).host}/…`,
            synced_at: null,
            last_error: null,
            busy_count: 0,
          }
        : { has_url: false, url_hint: null, synced_at: null, last_error: null, busy_count: 0 };
      return {};
    }),
    consultation_feed_status: guarded(() => ({
      data: [{ active: feedActive, created_at: feedActive ? '2026-11-28T09:30:00Z' : null }],
    })),
    rotate_consultation_feed: guarded(() => {
      feedActive = true;
      return { data: `feed-token-${(made += 1)}` };
    }),
    revoke_consultation_feed: guarded(() => {
      feedActive = false;
      return {};
    }),
    consultations_outside_hours: guarded((request) => ({
      data: initial.outside?.(request.body as Record<string, unknown>) ?? [],
    })),
  };

  return {
    tables,
    rpc,
    rows: () => ({ settings, weekly, timeOff, dateHours, calendar, feedActive }),
  };
}
