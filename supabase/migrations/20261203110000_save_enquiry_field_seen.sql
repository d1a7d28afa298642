-- Staff change an enquiry's status, assignee and last-contacted date only through
-- save_enquiry_field(), which refuses a change over one a colleague made since the writer last
-- looked (and names who made it); the direct column updates that let a stale screen overwrite
-- them go.

drop policy "admins update enquiries" on "public"."contact_submissions";

REVOKE UPDATE(status, assigned_to, last_contacted_at) ON TABLE public.contact_submissions FROM authenticated;

CREATE INDEX audit_log_enquiry_idx ON public.audit_log USING btree (resource_id, created_at DESC) WHERE (resource = 'contact_submissions'::text);

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.enquiry_field_holds(_enquiry contact_submissions, _field text, _value text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case _field
    when 'status' then _enquiry.status is not distinct from _value
    when 'assigned_to' then _enquiry.assigned_to is not distinct from _value::uuid
    when 'last_contacted_at' then _enquiry.last_contacted_at is not distinct from _value::timestamp with time zone
  end;
$function$
;

CREATE OR REPLACE FUNCTION private.enquiry_field_last_change(_submission_id uuid, _field text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.save_enquiry_field(_submission_id, _field, _value, _seen);
$function$
;

REVOKE ALL ON FUNCTION private.enquiry_field_holds(_enquiry public.contact_submissions, _field text, _value text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.enquiry_field_holds(_enquiry public.contact_submissions, _field text, _value text) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.enquiry_field_last_change(_submission_id uuid, _field text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.enquiry_field_last_change(_submission_id uuid, _field text) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) TO authenticated;
REVOKE ALL ON FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) TO authenticated;
GRANT ALL ON FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) TO service_role;

COMMENT ON FUNCTION private.enquiry_field_holds(_enquiry public.contact_submissions, _field text, _value text) IS 'Whether a workflow field (status, assigned_to or last_contacted_at) of the enquiry holds the value given as text (null for none), compared as its own type so "2026-12-04T10:00:00Z" equals the stored time.';
COMMENT ON FUNCTION private.enquiry_field_last_change(_submission_id uuid, _field text) IS 'Who last changed a workflow field of an enquiry and when, from the audit log (a single change or a bulk action naming it): {changed_by (the staff name, else the address kept on the entry; null for the system), changed_at}, or null when the log holds none.';
COMMENT ON FUNCTION private.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) IS 'Admins only (aal2): sets one workflow field (status, assigned_to or last_contacted_at) of an enquiry to _value, but only while it still holds _seen (what the writer last saw; null for none), so a stale screen never replaces a colleague''s change. Already _value: nothing written. Changed since: P0001, hint enquiry_changed_since_seen, detail JSON {field, seen, current, changed_by, changed_at, enquiry}. Returns the enquiry row as JSON, or null when there is none. Audited by the row''s trigger. Called by public.save_enquiry_field().';
COMMENT ON FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) IS 'Admins only: sets one of status, assigned_to or last_contacted_at to _value while it still holds _seen (what the caller last saw); refused with hint enquiry_changed_since_seen, naming who changed it and when, when it has changed since. Returns the enquiry row, or null when there is none.';
COMMENT ON TABLE public.contact_submissions IS 'Enquiries from the website contact form. Anyone may insert; only admins may read them, and change them only through public.save_enquiry_field() and public.bulk_enquiry_action(), which refuse a change over one made since the writer last looked.';
