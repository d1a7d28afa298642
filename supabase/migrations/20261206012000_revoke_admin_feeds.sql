-- Revoking an admin now revokes everything they had out of the database. A former admin's
-- private bookings feed kept serving prospects' names and companies, and the hourly job kept
-- reading their calendar, because only their enquiries were unassigned when the role went. A
-- trigger on user_roles now deletes the feed, the busy calendar address and its busy times when an
-- account stops being an admin, by whatever path (revoke_admin_role, a direct delete or update by
-- the service role); and the feed and the calendar reader check the admin role on every request,
-- so a row left behind serves nothing. Rows already left behind are deleted here.

CREATE OR REPLACE FUNCTION public.busy_calendars_to_read() RETURNS TABLE(staff_id uuid, url text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select calendar.staff_id, calendar.url from private.staff_busy_calendars as calendar
   where private.has_role(calendar.staff_id, 'admin')
   order by calendar.staff_id;
$$;

COMMENT ON FUNCTION public.busy_calendars_to_read() IS 'Service role only (the busy-calendar reader): every calendar address to read, of staff who hold the admin role.';

CREATE OR REPLACE FUNCTION public.consultation_feed(p_token text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  owner uuid;
begin
  -- the role is checked on every request, so no feed outlives its owner's admin role.
  select feed.staff_id into owner from private.consultation_feeds as feed
   where feed.token_hash = private.sha256_hex(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8'))
     and private.has_role(feed.staff_id, 'admin');
  if owner is null then
    return null;
  end if;
  return pg_catalog.jsonb_build_object(
    'staff_name', private.staff_display_name(owner),
    'bookings', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'id', booking.id,
               'uid', booking.id::text || '@consultations.kestrel-data',
               'sequence', booking.sequence,
               'status', booking.status,
               'starts_at', booking.starts_at,
               'ends_at', booking.ends_at,
               'name', enquiry."Name",
               'company', enquiry."Company",
               'submission_id', booking.submission_id
             ) order by booking.starts_at)
        from public.consultation_bookings as booking
        join public.contact_submissions as enquiry on enquiry.id = booking.submission_id
       where booking.staff_id = owner
         and booking.ends_at > pg_catalog.now() - interval '30 days'), '[]'::jsonb)
  );
end;
$$;

COMMENT ON FUNCTION public.consultation_feed(p_token text) IS 'Service role only (the feed function): the bookings (from 30 days back) of the staff member whose feed token this is, or null for an unknown or revoked token and for one whose owner no longer holds the admin role.';

CREATE FUNCTION private.end_former_admin_calendars() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if old.role = 'admin'
     and (tg_op = 'DELETE' or new.role is distinct from 'admin' or new.user_id <> old.user_id)
     and not private.has_role(old.user_id, 'admin') then
    delete from private.consultation_feeds as feed where feed.staff_id = old.user_id;
    delete from private.staff_busy_times as busy where busy.staff_id = old.user_id;
    delete from private.staff_busy_calendars as calendar where calendar.staff_id = old.user_id;
  end if;
  return null;
end;
$$;

COMMENT ON FUNCTION private.end_former_admin_calendars() IS 'AFTER DELETE/UPDATE trigger on user_roles: when an account no longer holds the admin role, by whatever path, its bookings feed, its busy calendar address and its busy times are deleted.';

REVOKE ALL ON FUNCTION private.end_former_admin_calendars() FROM PUBLIC;

CREATE TRIGGER user_roles_end_former_admin_calendars AFTER DELETE OR UPDATE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.end_former_admin_calendars();

DELETE FROM private.consultation_feeds AS feed WHERE NOT private.has_role(feed.staff_id, 'admin');

DELETE FROM private.staff_busy_times AS busy WHERE NOT private.has_role(busy.staff_id, 'admin');

DELETE FROM private.staff_busy_calendars AS calendar WHERE NOT private.has_role(calendar.staff_id, 'admin');
