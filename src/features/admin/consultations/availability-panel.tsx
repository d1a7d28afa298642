import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { SectionCard } from '@/components/ui/section-card';
import {
  busyCalendarQuery,
  dateHoursQuery,
  feedQuery,
  settingsQuery,
  timeOffQuery,
  weeklyHoursQuery,
} from '@/features/admin/consultations/availability-queries';
import { DEFAULT_SETTINGS } from '@/features/admin/consultations/booking-rules';
import { BookingRulesForm } from '@/features/admin/consultations/booking-rules-form';
import { BookingsSwitch } from '@/features/admin/consultations/bookings-switch';
import { BusyCalendarSection } from '@/features/admin/consultations/busy-calendar-section';
import { londonToday } from '@/features/admin/consultations/calendar-day';
import { ConsultationFeedSection } from '@/features/admin/consultations/consultation-feed-section';
import { DateHoursSection } from '@/features/admin/consultations/date-hours-section';
import { TimeOffSection } from '@/features/admin/consultations/time-off-section';
import { WeeklyHoursForm } from '@/features/admin/consultations/weekly-hours-form';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

/** The heading, description and introduction of the availability page of the staff area. */
export const availabilityPage = {
  section: 'availability',
  title: 'Availability',
  description: 'When prospects may book a free consultation with you.',
  intro:
    'When prospects may book a free 30-minute consultation with you, and where your bookings show. Everything here is yours alone: each staff member sets their own.',
} as const;

/** A query's data, null once it has failed, undefined while it loads. */
function settled<T>(query: { data: T | undefined; isError: boolean }): T | undefined | null {
  return query.isError ? null : query.data;
}

function LoadFailed({ what, error }: { what: string; error: unknown }) {
  return (
    <p className="text-sm text-red-800">
      {what} could not be loaded: {rpcErrorMessage(error)}
    </p>
  );
}

/**
 * The signed-in staff member's own availability for consultations: taking bookings, the rules,
 * weekly hours, days off, hours on particular dates, their busy calendar and their feed.
 */
export function AvailabilityPanel({ staffId }: { staffId: string }) {
  const client = useSupabaseClient();
  // The day the page opened on, in London: what "to come" and "already past" are measured from.
  const [today] = useState(() => londonToday());
  const settings = useQuery(settingsQuery(client, staffId));
  const weekly = useQuery(weeklyHoursQuery(client, staffId));
  const timeOff = useQuery(timeOffQuery(client, staffId, today));
  const dateHours = useQuery(dateHoursQuery(client, staffId, today));
  const busyCalendar = useQuery(busyCalendarQuery(client, staffId));
  const feed = useQuery(feedQuery(client, staffId));
  const current = settings.data === null ? DEFAULT_SETTINGS : settings.data;

  return (
    <div className="max-w-4xl space-y-6">
      <SectionCard title="Taking bookings">
        {settings.isError ? (
          <LoadFailed what="Your booking settings" error={settings.error} />
        ) : current === undefined ? (
          <p className="text-sm text-ink-muted">Loading your booking settings…</p>
        ) : (
          <>
            <BookingsSwitch staffId={staffId} settings={current} />
            <BookingRulesForm staffId={staffId} settings={current} />
          </>
        )}
      </SectionCard>

      <SectionCard title="Weekly hours">
        <p className="text-sm text-ink-muted">
          The hours you take consultations each week, one or more ranges a day, in 24-hour time
          {current ? ` (${current.time_zone})` : ''}.
        </p>
        {weekly.isError ? (
          <LoadFailed what="Your weekly hours" error={weekly.error} />
        ) : weekly.data === undefined || (settings.data === undefined && !settings.isError) ? (
          <p className="text-sm text-ink-muted">Loading your weekly hours…</p>
        ) : (
          <WeeklyHoursForm
            staffId={staffId}
            saved={weekly.data}
            suggested={settings.data === null && weekly.data.length === 0}
            settingsSaved={settings.data !== null}
          />
        )}
      </SectionCard>

      <SectionCard title="Days off">
        <p className="text-sm text-ink-muted">Whole days when nobody can book you.</p>
        <TimeOffSection
          staffId={staffId}
          today={today}
          settingsSaved={Boolean(settings.data)}
          rows={settled(timeOff)}
        />
      </SectionCard>

      <SectionCard title="Hours on a date">
        <p className="text-sm text-ink-muted">
          Different hours on a particular date: they replace that weekday&apos;s hours on the day.
          For a whole day away, add it to your days off.
        </p>
        <DateHoursSection
          staffId={staffId}
          today={today}
          settingsSaved={Boolean(settings.data)}
          rows={settled(dateHours)}
        />
      </SectionCard>

      <SectionCard title="Busy calendar">
        <p className="text-sm text-ink-muted">
          Connect your own calendar so that times you are busy there are not offered.
        </p>
        <BusyCalendarSection staffId={staffId} status={settled(busyCalendar)} />
      </SectionCard>

      <SectionCard title="Your bookings in your calendar">
        <p className="text-sm text-ink-muted">
          A private address your calendar app can subscribe to, listing the consultations booked
          with you.
        </p>
        <ConsultationFeedSection staffId={staffId} status={settled(feed)} />
      </SectionCard>
    </div>
  );
}
