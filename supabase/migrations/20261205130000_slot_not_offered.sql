-- A time never offered (off the grid, outside the hours, too soon or too far ahead) was answered
-- "That time was just taken", which is untrue and sends a visitor looking for a race that never
-- happened. It now has its own refusal, consultation_slot_not_offered, with the same nearest free
-- times; "just taken" stays for a time a booking or a busy time now holds.

CREATE OR REPLACE FUNCTION private.place_consultation(_enquiry public.contact_submissions, _starts_at timestamp with time zone, _time_zone text, _moving public.consultation_bookings, _only_staff uuid) RETURNS public.consultation_bookings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  settings private.consultation_settings;
  host record;
  placed public.consultation_bookings;
begin
  select * into settings from private.consultation_settings;
  if not private.is_time_zone(_time_zone) then
    raise exception using
      errcode = 'P0001',
      message = 'The time zone is not one we know. Please choose another.',
      hint = 'consultation_time_zone_invalid';
  end if;
  -- round robin: of the hosts free then, the one booked longest ago (never booked first); the
  -- host of a booking being moved keeps it when free.
  for host in
    select candidate.staff_id, availability.buffer_minutes
      from private.consultation_hosts(_enquiry.assigned_to) as candidate
      join public.staff_availability as availability on availability.staff_id = candidate.staff_id
     where (_only_staff is null or candidate.staff_id = _only_staff)
       and exists (
         select 1 from private.staff_free_slots(candidate.staff_id, _starts_at,
                         _starts_at + interval '1 second', _moving.id) as slot
          where slot.starts_at = _starts_at)
     order by candidate.staff_id is distinct from _moving.staff_id,
              (select pg_catalog.max(booking.created_at) from public.consultation_bookings as booking
                where booking.staff_id = candidate.staff_id) nulls first,
              candidate.staff_id
  loop
    begin
      if _moving.id is null then
        insert into public.consultation_bookings
          (submission_id, staff_id, starts_at, ends_at, blocked_until, visitor_time_zone)
        values (
          _enquiry.id, host.staff_id, _starts_at,
          _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes),
          _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes + host.buffer_minutes),
          _time_zone)
        returning * into placed;
      else
        update public.consultation_bookings as booking
           set staff_id = host.staff_id,
               starts_at = _starts_at,
               ends_at = _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes),
               blocked_until = _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes + host.buffer_minutes),
               visitor_time_zone = _time_zone,
               sequence = booking.sequence + 1,
               reminder_queued_at = null,
               updated_at = pg_catalog.now()
         where booking.id = _moving.id
        returning * into placed;
      end if;
      return placed;
    exception
      when exclusion_violation then
        -- booked by someone else a moment ago: the next host free then, if any.
        null;
      when unique_violation then
        raise exception using
          errcode = 'P0001',
          message = 'A consultation is already booked for this enquiry.',
          hint = 'consultation_already_booked';
    end;
  end loop;
  -- Taken: a host would be free then but for a booking or a busy time that now holds it (someone
  -- was quicker, or a calendar was read). Otherwise the time was never on offer: off the grid,
  -- outside the hours, too soon or too far ahead.
  if exists (
    select 1
      from private.consultation_hosts(case when _only_staff is null then _enquiry.assigned_to else _only_staff end) as candidate
      join public.staff_availability as availability on availability.staff_id = candidate.staff_id
     where exists (
             select 1 from public.consultation_bookings as booking
              where booking.staff_id = candidate.staff_id and booking.status = 'booked'
                and booking.id is distinct from _moving.id
                and pg_catalog.tstzrange(booking.starts_at, booking.blocked_until)
                    && pg_catalog.tstzrange(_starts_at, _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes + availability.buffer_minutes)))
        or exists (
             select 1 from private.staff_busy_times as busy
              where busy.staff_id = candidate.staff_id
                and pg_catalog.tstzrange(busy.starts_at, busy.ends_at)
                    && pg_catalog.tstzrange(_starts_at, _starts_at + pg_catalog.make_interval(mins => settings.meeting_minutes)))
  ) then
    raise exception using
      errcode = 'P0001',
      message = 'That time was just taken. Here are the nearest free times.',
      detail = private.nearest_free_slots(
        case when _only_staff is null then _enquiry.assigned_to else _only_staff end,
        _starts_at, _moving.id)::text,
      hint = 'consultation_slot_taken';
  end if;
  raise exception using
    errcode = 'P0001',
    message = 'That time is not one we offer. Here are the nearest free times.',
    detail = private.nearest_free_slots(
      case when _only_staff is null then _enquiry.assigned_to else _only_staff end,
      _starts_at, _moving.id)::text,
    hint = 'consultation_slot_not_offered';
end;
$$;

COMMENT ON FUNCTION private.place_consultation(_enquiry public.contact_submissions, _starts_at timestamp with time zone, _time_zone text, _moving public.consultation_bookings, _only_staff uuid) IS 'Books (or, given _moving, moves) a consultation at _starts_at with a host free then, round robin; under concurrent requests the exclusion constraint lets one through and the other gets P0001 hint consultation_slot_taken with the nearest free times as a JSON array in DETAIL; a time no host ever offered gets hint consultation_slot_not_offered, with the same DETAIL.';
