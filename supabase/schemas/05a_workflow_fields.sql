-- The enquiry workflow: how staff work an enquiry to an outcome.
--
-- Status, assignee, notes, replies and logged calls, read marks, follow-ups, related enquiries,
-- the timeline, bulk actions and the staff list's search and counts. Every change is checked
-- and audited here, whatever the browser sends.
--
-- This file: the admin check the workflow's functions share, the checks on an enquiry's workflow
-- fields and the one-field save that refuses to overwrite a colleague's change. Notes, replies,
-- logged calls and the timeline are in 05b, follow-ups in 05c, the staff list in 05d, bulk
-- actions in 05e.

CREATE FUNCTION private.check_enquiry_workflow() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.assigned_to is not null
     and (tg_op = 'INSERT' or new.assigned_to is distinct from old.assigned_to)
     and not private.has_role(new.assigned_to, 'admin') then
    raise exception using
      errcode = 'P0001',
      message = 'Enquiries can only be assigned to staff with the admin role.',
      hint = 'contact_submissions_assignee_not_staff';
  end if;
  if new.last_contacted_at is not null
     and (tg_op = 'INSERT' or new.last_contacted_at is distinct from old.last_contacted_at)
     and new.last_contacted_at > pg_catalog.now() + interval '1 day' then
    raise exception using
      errcode = 'P0001',
      message = 'The last-contacted date cannot be in the future.',
      hint = 'contact_submissions_last_contacted_future';
  end if;
  return new;
end;
$$;

COMMENT ON FUNCTION private.check_enquiry_workflow() IS 'BEFORE INSERT/UPDATE trigger on contact_submissions: the assignee must hold the admin role and last_contacted_at may not be more than a day ahead.';

REVOKE ALL ON FUNCTION private.check_enquiry_workflow() FROM PUBLIC;

CREATE FUNCTION private.require_enquiry_admin() RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if not (select private.is_admin()) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins who have verified their second factor may do this.';
  end if;
end;
$$;

COMMENT ON FUNCTION private.require_enquiry_admin() IS 'Raises 42501 unless the caller is an admin at aal2 (private.is_admin()).';

REVOKE ALL ON FUNCTION private.require_enquiry_admin() FROM PUBLIC;
GRANT ALL ON FUNCTION private.require_enquiry_admin() TO authenticated;
GRANT ALL ON FUNCTION private.require_enquiry_admin() TO service_role;

CREATE FUNCTION private.enquiry_field_holds(_enquiry public.contact_submissions, _field text, _value text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case _field
    when 'status' then _enquiry.status is not distinct from _value
    when 'assigned_to' then _enquiry.assigned_to is not distinct from _value::uuid
    when 'last_contacted_at' then _enquiry.last_contacted_at is not distinct from _value::timestamp with time zone
  end;
$$;

COMMENT ON FUNCTION private.enquiry_field_holds(_enquiry public.contact_submissions, _field text, _value text) IS 'Whether a workflow field (status, assigned_to or last_contacted_at) of the enquiry holds the value given as text (null for none), compared as its own type so "2026-12-04T10:00:00Z" equals the stored time.';

REVOKE ALL ON FUNCTION private.enquiry_field_holds(_enquiry public.contact_submissions, _field text, _value text) FROM PUBLIC;

CREATE FUNCTION private.enquiry_field_last_change(_submission_id uuid, _field text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select pg_catalog.jsonb_build_object(
           'changed_by', coalesce(private.staff_display_name(entry.user_id), entry.user_email),
           'changed_at', entry.created_at
         )
    from public.audit_log as entry
   where entry.resource = 'contact_submissions'
     and (
       (entry.resource_id = _submission_id::text
        and entry.action = any (case _field
          when 'status' then array['admin_enquiry_status_changed']
          when 'assigned_to' then array['admin_enquiry_assigned']
          else array['admin_enquiry_last_contacted_set', 'admin_enquiry_contact_undone']
        end))
       or (entry.resource_id is null
           and entry.action = any (case _field
             when 'status' then array[
               'admin_enquiries_status_set', 'admin_enquiries_marked_spam', 'admin_enquiries_marked_not_spam'
             ]
             when 'assigned_to' then array['admin_enquiries_assigned']
             else array[]::text[]
           end)
           and pg_catalog.strpos(entry.details::text, _submission_id::text) > 0)
     )
   order by entry.created_at desc
   limit 1;
$$;

COMMENT ON FUNCTION private.enquiry_field_last_change(_submission_id uuid, _field text) IS 'Who last changed a workflow field of an enquiry and when, from the audit log (a single change or a bulk action naming it): {changed_by (the staff name, else the address kept on the entry; null for the system), changed_at}, or null when the log holds none.';

REVOKE ALL ON FUNCTION private.enquiry_field_last_change(_submission_id uuid, _field text) FROM PUBLIC;

CREATE FUNCTION private.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
  last_change jsonb;
begin
  perform private.require_enquiry_admin();
  if _field is null or _field not in ('status', 'assigned_to', 'last_contacted_at') then
    raise exception using
      errcode = '22023',
      message = 'Only the status, the assignee and the last-contacted date are saved one at a time.',
      hint = 'enquiry_field_invalid';
  end if;

  select * into enquiry
    from public.contact_submissions as target
   where target.id = _submission_id
     for update;
  if not found then
    return null;
  end if;

  if private.enquiry_field_holds(enquiry, _field, _value) then
    return pg_catalog.to_jsonb(enquiry);
  end if;
  if not private.enquiry_field_holds(enquiry, _field, _seen) then
    last_change := private.enquiry_field_last_change(enquiry.id, _field);
    raise exception using
      errcode = 'P0001',
      message = 'This enquiry changed after you opened it, so your change was not saved.',
      detail = pg_catalog.jsonb_build_object(
        'field', _field,
        'seen', _seen,
        'current', pg_catalog.to_jsonb(enquiry) -> _field,
        'changed_by', last_change -> 'changed_by',
        'changed_at', last_change -> 'changed_at',
        'enquiry', pg_catalog.to_jsonb(enquiry)
      )::text,
      hint = 'enquiry_changed_since_seen';
  end if;

  update public.contact_submissions as target
     set status = case when _field = 'status' then _value else target.status end,
         assigned_to = case when _field = 'assigned_to' then _value::uuid else target.assigned_to end,
         last_contacted_at = case
           when _field = 'last_contacted_at' then _value::timestamp with time zone
           else target.last_contacted_at
         end
   where target.id = enquiry.id
  returning * into enquiry;
  return pg_catalog.to_jsonb(enquiry);
end;
$$;

COMMENT ON FUNCTION private.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) IS 'Admins only (aal2): sets one workflow field (status, assigned_to or last_contacted_at) of an enquiry to _value, but only while it still holds _seen (what the writer last saw; null for none), so a stale screen never replaces a colleague''s change. Already _value: nothing written. Changed since: P0001, hint enquiry_changed_since_seen, detail JSON {field, seen, current, changed_by, changed_at, enquiry}. Returns the enquiry row as JSON, or null when there is none. Audited by the row''s trigger. Called by public.save_enquiry_field().';

REVOKE ALL ON FUNCTION private.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) TO authenticated;

CREATE FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.save_enquiry_field(_submission_id, _field, _value, _seen);
$$;

COMMENT ON FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) IS 'Admins only: sets one of status, assigned_to or last_contacted_at to _value while it still holds _seen (what the caller last saw); refused with hint enquiry_changed_since_seen, naming who changed it and when, when it has changed since. Returns the enquiry row, or null when there is none.';

REVOKE ALL ON FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) TO authenticated;
GRANT ALL ON FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) TO service_role;

CREATE TRIGGER contact_submissions_check_workflow BEFORE INSERT OR UPDATE OF assigned_to, last_contacted_at ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.check_enquiry_workflow();
