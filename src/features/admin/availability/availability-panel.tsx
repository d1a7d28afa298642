import { useQuery } from '@tanstack/react-query';
import { Fragment, useMemo, useRef, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { SectionCard } from '@/components/ui/section-card';
import { staffDateTime } from '@/components/ui/staff-date';
import type {
  AvailabilityDraft,
  AvailabilityDraftPart,
} from '@/features/admin/availability/availability-draft';
import {
  busyCalendarQuery,
  dateHoursQuery,
  feedQuery,
  settingsQuery,
  timeOffQuery,
  weeklyHoursQuery,
} from '@/features/admin/availability/availability-queries';
import { DEFAULT_SETTINGS } from '@/features/admin/availability/booking-rules';
import { BookingRulesForm } from '@/features/admin/availability/booking-rules-form';
import { BookingsSwitch } from '@/features/admin/availability/bookings-switch';
import { BusyCalendarSection } from '@/features/admin/availability/busy-calendar-section';
import { londonToday } from '@/features/admin/availability/calendar-day';
import { ConsultationFeedSection } from '@/features/admin/availability/consultation-feed-section';
import { DateHoursSection } from '@/features/admin/availability/date-hours-section';
import { TimeOffSection } from '@/features/admin/availability/time-off-section';
import { UnsavedChangesPrompt } from '@/features/admin/availability/unsaved-changes-prompt';
import { useAvailabilityDraft } from '@/features/admin/availability/use-availability-draft';
import { WeeklyHoursForm } from '@/features/admin/availability/weekly-hours-form';
import { zoneLabel } from '@/features/admin/consultations/consultation-time';
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
 * Says that the unsaved changes of an earlier visit are back, and lets them be discarded; after
 * a Discard, says so in the same place, which keeps the focus.
 */
function DraftNotice({
  restoredAt,
  discarded,
  onDiscard,
}: {
  restoredAt: number | null;
  discarded: boolean;
  onDiscard: () => void;
}) {
  const status = useRef<HTMLDivElement>(null);
  return (
    <div ref={status} role="status" tabIndex={-1} className="outline-none">
      {restoredAt !== null ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3">
          <p className="min-w-0 text-sm text-ink">
            <strong>Draft restored:</strong> the changes you had not saved (last edited{' '}
            {staffDateTime(new Date(restoredAt).toISOString())}) are back below. Save each part to
            keep it.
          </p>
          <button
            type="button"
            onClick={() => {
              onDiscard();
              status.current?.focus();
            }}
            className={buttonClass({ variant: 'outline', size: 'sm', className: 'min-h-11' })}
          >
            Discard
          </button>
        </div>
      ) : discarded ? (
        <p className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          Draft discarded: the page shows what is saved.
        </p>
      ) : null}
    </div>
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
  const draft = useAvailabilityDraft(staffId);
  const [discarded, setDiscarded] = useState(false);
  const { update } = draft;
  // One reporter per form, the same across renders (the weekly form reports from an effect).
  const report = useMemo(() => {
    const reporter =
      <Part extends AvailabilityDraftPart>(part: Part) =>
      (value: AvailabilityDraft[Part]) => {
        setDiscarded(false);
        update(part, value);
      };
    return {
      weekly: reporter('weekly'),
      rules: reporter('rules'),
      timeOff: reporter('timeOff'),
      dateHours: reporter('dateHours'),
    };
  }, [update]);
  const { initial } = draft;

  return (
    <div className="max-w-4xl space-y-6">
      <UnsavedChangesPrompt unsaved={draft.dirty} />
      <DraftNotice
        restoredAt={draft.restoredAt}
        discarded={discarded}
        onDiscard={() => {
          draft.discard();
          setDiscarded(true);
        }}
      />
      {/* Drawn again from what is saved after a Discard. */}
      <Fragment key={draft.generation}>
        <SectionCard title="Taking bookings">
          {settings.isError ? (
            <LoadFailed what="Your booking settings" error={settings.error} />
          ) : current === undefined ? (
            <p className="text-sm text-ink-muted">Loading your booking settings…</p>
          ) : (
            <>
              <BookingsSwitch staffId={staffId} settings={current} />
              <BookingRulesForm
                staffId={staffId}
                settings={current}
                draft={initial.rules}
                onDraftChange={report.rules}
              />
            </>
          )}
        </SectionCard>

        <SectionCard title="Weekly hours">
          <p className="text-sm text-ink-muted">
            The hours you take consultations each week, one or more ranges a day, in 24-hour time
            {current ? ` (${zoneLabel(current.time_zone)})` : ''}.
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
              draft={initial.weekly}
              onDraftChange={report.weekly}
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
            draft={initial.timeOff}
            onDraftChange={report.timeOff}
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
            draft={initial.dateHours}
            onDraftChange={report.dateHours}
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
      </Fragment>
    </div>
  );
}
