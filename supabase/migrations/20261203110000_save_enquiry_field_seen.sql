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

-- Bulk actions carry what the list showed and skip (and report) rows changed since.
drop function if exists "private"."bulk_enquiry_action"(_ids jsonb, _action text, _value text);

drop function if exists "public"."bulk_enquiry_action"(_ids jsonb, _action text, _value text);

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text DEFAULT NULL::text, _seen jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ids uuid[];
  requested integer;
  affected integer;
  changed jsonb;
  counts jsonb := '{}'::jsonb;
  facts jsonb := '{}'::jsonb;
  audit_action text;
  assignee uuid;
  seen_field text;
  stale uuid[];
  skipped jsonb := '[]'::jsonb;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may change enquiries in bulk.';
  end if;
  if _action is null
     or _action not in ('spam', 'delete', 'release', 'assign', 'status', 'not_spam') then
    raise exception using
      errcode = '22023',
      message = 'Choose what to do with the selected enquiries: assign, status, spam, not_spam, release or delete.',
      hint = 'enquiry_bulk_action_invalid';
  end if;
  if _ids is null
     or pg_catalog.jsonb_typeof(_ids) <> 'array'
     or pg_catalog.jsonb_array_length(_ids) not between 1 and 100
     or exists (
       select 1
         from pg_catalog.jsonb_array_elements(_ids) as element
        where pg_catalog.jsonb_typeof(element) <> 'string'
           or (element #>> '{}') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     ) then
    raise exception using
      errcode = '22023',
      message = 'Select between 1 and 100 enquiries.',
      detail = 'The ids must be a JSON array of enquiry ids (uuids).',
      hint = 'enquiry_bulk_ids_invalid';
  end if;
  if _action = 'assign' then
    if _value is not null then
      if _value !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
         or not private.has_role(_value::uuid, 'admin') then
        raise exception using
          errcode = '22023',
          message = 'Enquiries can only be assigned to staff with the admin role.',
          hint = 'enquiry_bulk_assignee_invalid';
      end if;
      assignee := _value::uuid;
    end if;
  elsif _action = 'status' then
    if _value is null or _value not in ('new', 'in_progress', 'won', 'lost') then
      raise exception using
        errcode = '22023',
        message = 'Choose a status: new, in progress, won or lost. Spam has its own action.',
        hint = 'enquiry_bulk_status_invalid';
    end if;
  elsif _value is not null then
    raise exception using
      errcode = '22023',
      message = 'This action takes no value.',
      hint = 'enquiry_bulk_value_invalid';
  end if;

  select pg_catalog.array_agg(distinct element::uuid)
    into ids
    from pg_catalog.jsonb_array_elements_text(_ids) as element;
  requested := pg_catalog.cardinality(ids);

  -- What the list showed for each row: a row changed since (to anything but this action's
  -- value) is left as it is and reported, so a stale list never replaces a colleague's change.
  if _seen is not null and pg_catalog.jsonb_typeof(_seen) <> 'object' then
    raise exception using
      errcode = '22023',
      message = 'What the list showed must be a JSON object of enquiry id to value.',
      hint = 'enquiry_bulk_seen_invalid';
  end if;
  seen_field := case _action
    when 'assign' then 'assigned_to'
    when 'status' then 'status'
    when 'spam' then 'status'
  end;
  if _seen is not null and seen_field is not null then
    perform 1 from public.contact_submissions as enquiry where enquiry.id = any(ids) for update;
    select pg_catalog.array_agg(enquiry.id),
           pg_catalog.jsonb_agg(
             pg_catalog.jsonb_build_object(
               'id', enquiry.id, 'current', pg_catalog.to_jsonb(enquiry) -> seen_field
             ) || coalesce(private.enquiry_field_last_change(enquiry.id, seen_field), '{}'::jsonb)
             order by enquiry.id
           )
      into stale, skipped
      from public.contact_submissions as enquiry
     where enquiry.id = any(ids)
       and _seen ? enquiry.id::text
       and not private.enquiry_field_holds(enquiry, seen_field, _seen ->> enquiry.id::text)
       and not private.enquiry_field_holds(
         enquiry, seen_field, case when _action = 'spam' then 'spam' else _value end
       );
    ids := array(select pg_catalog.unnest(ids) except select pg_catalog.unnest(coalesce(stale, '{}')));
    skipped := coalesce(skipped, '[]'::jsonb);
  end if;

  perform pg_catalog.set_config('kestrel.enquiry_bulk_action', _action, true);

  if _action = 'spam' then
    audit_action := 'admin_enquiries_marked_spam';
    with touched as (
      update public.contact_submissions as enquiry
         set status = 'spam'
        from public.contact_submissions as before
       where before.id = enquiry.id
         and enquiry.id = any(ids)
         and enquiry.status <> 'spam'
      returning enquiry.id, before.status as value
    )
    select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(touched)) into changed from touched;
    facts := pg_catalog.jsonb_build_object(
      'changes', private.group_bulk_changes(coalesce(changed, '[]'::jsonb), 'from')
    );
  elsif _action = 'status' then
    audit_action := 'admin_enquiries_status_set';
    with touched as (
      update public.contact_submissions as enquiry
         set status = _value
        from public.contact_submissions as before
       where before.id = enquiry.id
         and enquiry.id = any(ids)
         and enquiry.status <> _value
      returning enquiry.id, before.status as value
    )
    select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(touched)) into changed from touched;
    facts := pg_catalog.jsonb_build_object(
      'status', _value,
      'changes', private.group_bulk_changes(coalesce(changed, '[]'::jsonb), 'from')
    );
  elsif _action = 'assign' then
    audit_action := 'admin_enquiries_assigned';
    with touched as (
      update public.contact_submissions as enquiry
         set assigned_to = assignee
        from public.contact_submissions as before
       where before.id = enquiry.id
         and enquiry.id = any(ids)
         and enquiry.assigned_to is distinct from assignee
      returning enquiry.id, before.assigned_to as value
    )
    select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(touched)) into changed from touched;
    facts := pg_catalog.jsonb_build_object(
      'assigned_to', assignee,
      'changes', private.group_bulk_changes(coalesce(changed, '[]'::jsonb), 'from')
    );
  elsif _action = 'not_spam' then
    audit_action := 'admin_enquiries_marked_not_spam';
    with markings as (
      -- every marking as spam the audit trail can tie to one of these enquiries, with the status
      -- it had just before.
      select entry.resource_id as id, entry.created_at, entry.details ->> 'from' as status
        from public.audit_log as entry
       where entry.action = 'admin_enquiry_status_changed'
         and entry.resource = 'contact_submissions'
         and entry.resource_id = any(ids::text[])
         and entry.details ->> 'to' = 'spam'
      union all
      select marked.id, entry.created_at, change ->> 'from'
        from public.audit_log as entry
       cross join lateral pg_catalog.jsonb_array_elements(
               case when pg_catalog.jsonb_typeof(entry.details -> 'changes') = 'array'
                    then entry.details -> 'changes' else '[]'::jsonb end
             ) as change
       cross join lateral pg_catalog.jsonb_array_elements_text(change -> 'ids') as marked (id)
       where entry.action = 'admin_enquiries_marked_spam'
         and entry.resource = 'contact_submissions'
         and marked.id = any(ids::text[])
    ),
    restored as (
      select distinct on (markings.id)
             markings.id::uuid as id,
             case when markings.status in ('new', 'in_progress', 'won', 'lost')
                  then markings.status else 'new' end as status
        from markings
       order by markings.id, markings.created_at desc
    ),
    touched as (
      update public.contact_submissions as enquiry
         set status = coalesce(restored.status, 'new')
        from public.contact_submissions as before
        left join restored on restored.id = before.id
       where before.id = enquiry.id
         and enquiry.id = any(ids)
         and enquiry.status = 'spam'
      returning enquiry.id, enquiry.status as value
    )
    select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(touched)) into changed from touched;
    facts := pg_catalog.jsonb_build_object(
      'changes', private.group_bulk_changes(coalesce(changed, '[]'::jsonb), 'to')
    );
  elsif _action = 'release' then
    audit_action := 'admin_enquiries_released';
    with touched as (
      update public.contact_submissions as enquiry
         set held_at = null
       where enquiry.id = any(ids)
         and enquiry.held_at is not null
      returning enquiry.id
    )
    select pg_catalog.jsonb_agg(touched.id order by touched.id) into changed from touched;
    facts := pg_catalog.jsonb_build_object('ids', coalesce(changed, '[]'::jsonb));
  else
    audit_action := 'admin_enquiries_deleted';
    select pg_catalog.jsonb_agg(enquiry.id order by enquiry.id)
      into changed
      from public.contact_submissions as enquiry
     where enquiry.id = any(ids);
    counts := private.delete_enquiries(ids);
    facts := pg_catalog.jsonb_build_object('ids', coalesce(changed, '[]'::jsonb));
  end if;
  affected := coalesce(pg_catalog.jsonb_array_length(changed), 0);

  perform pg_catalog.set_config('kestrel.enquiry_bulk_action', '', true);

  insert into public.audit_log (user_id, user_email, action, resource, resource_id, details)
  values (
    auth.uid(),
    pg_catalog.left(auth.jwt() ->> 'email', 255),
    audit_action,
    'contact_submissions',
    null,
    pg_catalog.jsonb_build_object('requested', requested, 'count', affected) || counts || facts
  );

  return pg_catalog.jsonb_build_object(
      'action', _action, 'requested', requested, 'count', affected, 'skipped', skipped
    )
    || counts
    || (facts - 'ids');
end;
$function$
;

CREATE OR REPLACE FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text DEFAULT NULL::text, _seen jsonb DEFAULT NULL::jsonb)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.bulk_enquiry_action(_ids, _action, _value, _seen);
$function$
;



REVOKE ALL ON FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) TO authenticated;
REVOKE ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) TO service_role;
-- check by hand: FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text) has no grants left in supabase/schemas
-- check by hand: FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text) has no grants left in supabase/schemas

COMMENT ON FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) IS 'Admins only (aal2): one action on up to 100 enquiries (assign to a staff admin or null, set a workflow status, mark spam, not spam back to the status before spam, release, delete) with one audit entry naming the changed ids and values. With _seen (enquiry id to the status or assignee the list showed), assign, status and spam leave a row changed since as it is and report it in skipped. Called by public.bulk_enquiry_action().';
COMMENT ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) IS 'Admins only: one action (assign, status, spam, not_spam, release or delete) on up to 100 enquiries given as a JSON array of ids; _value is the assignee (null to unassign) or the status. _seen maps each id to the status (status, spam) or assignee (assign) the caller saw; a row changed since is skipped. Returns {action, requested, count, skipped: [{id, current, changed_by, changed_at}]} with the changes by value (and per-table counts for delete). One audit entry per call.';

-- The timeline names everyone by staff name, carries who acted (actor_id) and keeps an undone call.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.enquiry_timeline(_submission_id uuid)
 RETURNS TABLE(occurred_at timestamp with time zone, event text, actor text, details jsonb)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may read an enquiry''s timeline.';
  end if;
  return query
  select events.occurred_at, events.event, events.actor, events.details
    from (
      select enquiry.created_at as occurred_at, 0 as rank, 'received'::text as event, null::text as actor,
             pg_catalog.jsonb_build_object('held', enquiry.held_at is not null) as details
        from public.contact_submissions as enquiry
       where enquiry.id = _submission_id
      union all
      -- changes of status, assignee and last-contacted date, and other admin actions; notes,
      -- replies and contacts come from their own tables below, and a last-contacted change made
      -- by a reply or contact is that reply's (matched on its audit entry, which outlives an
      -- undone contact).
      select entry.created_at, 1,
             pg_catalog.regexp_replace(entry.action, '^admin_enquiry_', ''),
             coalesce(private.staff_display_name(entry.user_id), entry.user_email),
             entry.details || pg_catalog.jsonb_build_object('actor_id', entry.user_id)
        from public.audit_log as entry
       where entry.resource = 'contact_submissions'
         and entry.resource_id = _submission_id::text
         and pg_catalog.left(entry.action, 6) = 'admin_'
         and entry.action not in (
           'admin_enquiry_note_added', 'admin_enquiry_reply_sent', 'admin_enquiry_contact_recorded'
         )
         and not (
           entry.action = 'admin_enquiry_last_contacted_set'
           and exists (
             select 1 from public.audit_log as cause
              where cause.resource = 'contact_submissions'
                and cause.resource_id = entry.resource_id
                and cause.action in ('admin_enquiry_reply_sent', 'admin_enquiry_contact_recorded')
                and cause.created_at = entry.created_at
           )
         )
      union all
      -- a bulk action writes one entry for all its enquiries: this enquiry's change in it, shown
      -- as the same event a change of one enquiry is.
      select entry.created_at, 1,
             case entry.action when 'admin_enquiries_assigned' then 'assigned' else 'status_changed' end,
             coalesce(private.staff_display_name(entry.user_id), entry.user_email),
             pg_catalog.jsonb_build_object(
               'actor_id', entry.user_id,
               'from', case entry.action
                         when 'admin_enquiries_marked_not_spam' then pg_catalog.to_jsonb('spam'::text)
                         else change -> 'from' end,
               'to', case entry.action
                       when 'admin_enquiries_marked_spam' then pg_catalog.to_jsonb('spam'::text)
                       when 'admin_enquiries_status_set' then entry.details -> 'status'
                       when 'admin_enquiries_marked_not_spam' then change -> 'to'
                       else entry.details -> 'assigned_to' end,
               'bulk', true
             )
        from public.audit_log as entry
       cross join lateral pg_catalog.jsonb_array_elements(
               case when pg_catalog.jsonb_typeof(entry.details -> 'changes') = 'array'
                    then entry.details -> 'changes' else '[]'::jsonb end
             ) as change
       where entry.resource = 'contact_submissions'
         and entry.resource_id is null
         and entry.action in (
           'admin_enquiries_marked_spam', 'admin_enquiries_status_set',
           'admin_enquiries_marked_not_spam', 'admin_enquiries_assigned'
         )
         and change -> 'ids' ? _submission_id::text
      union all
      select entry.created_at, 1, 'hold_released', coalesce(private.staff_display_name(entry.user_id), entry.user_email),
             pg_catalog.jsonb_build_object('bulk', true, 'actor_id', entry.user_id)
        from public.audit_log as entry
       where entry.resource = 'contact_submissions'
         and entry.resource_id is null
         and entry.action = 'admin_enquiries_released'
         and pg_catalog.jsonb_typeof(entry.details -> 'ids') = 'array'
         and entry.details -> 'ids' ? _submission_id::text
      union all
      select note.created_at, 2, 'note_added',
             coalesce(private.staff_display_name(note.author_id), note.author_email),
             pg_catalog.jsonb_build_object('note_id', note.id, 'body', note.body, 'actor_id', note.author_id)
        from public.enquiry_notes as note
       where note.submission_id = _submission_id
      union all
      select reply.created_at, 2,
             case reply.channel when 'reply' then 'reply_sent' else 'contact_recorded' end,
             coalesce(reply.author_name, private.staff_display_name(reply.author_id), reply.author_email),
             pg_catalog.jsonb_build_object(
               'actor_id', reply.author_id,
               'reply_id', reply.id, 'channel', reply.channel,
               'author_name', reply.author_name, 'body', reply.body,
               'outcome', reply.outcome, 'note', reply.note
             )
        from public.enquiry_replies as reply
       where reply.submission_id = _submission_id
      union all
      select change.created_at, 2, 'consultation_' || change.change,
             coalesce(
               (select private.staff_display_name(account.id)
                  from auth.users as account
                 where account.email = change.actor_email
                 limit 1),
               change.actor_email
             ),
             pg_catalog.jsonb_build_object(
               'booking_id', change.booking_id, 'starts_at', change.starts_at,
               'ends_at', change.ends_at, 'staff_name', change.staff_name, 'by', change.changed_by
             )
        from private.consultation_changes as change
       where change.submission_id = _submission_id
      union all
      -- each mail job once, at its outcome: sent, skipped (e.g. held), failed, or still queued.
      select coalesce(job.sent_at, case when job.status in ('failed', 'skipped') then job.updated_at end, job.created_at),
             3,
             'mail_' || job.kind || '_' || case job.status when 'sending' then 'pending' else job.status end,
             null,
             pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
               'job_id', job.id,
               'skip_reason', job.skip_reason,
               'last_error', job.last_error,
               'reply_id', job.payload -> 'reply_id'
             ))
        from private.enquiry_mail_jobs as job
       where job.submission_id = _submission_id
          or (job.kind = 'staff_digest' and exists (
                select 1 from pg_catalog.jsonb_array_elements(
                  case when pg_catalog.jsonb_typeof(job.payload -> 'enquiries') = 'array'
                       then job.payload -> 'enquiries' else '[]'::jsonb end) as entry
                 where entry ->> 'id' = _submission_id::text))
    ) as events
   where exists (select 1 from public.contact_submissions as enquiry where enquiry.id = _submission_id)
   order by events.occurred_at, events.rank, events.event;
end;
$function$
;



COMMENT ON FUNCTION private.enquiry_timeline(_submission_id uuid) IS 'Admins only: the events of one enquiry in order, read from what is already stored (the enquiry, the admin_* entries of audit_log, which only database code writes, bulk actions'' entries for each enquiry they changed, enquiry_notes, enquiry_replies with a call''s outcome and note, the outbox); an undone contact shows as contact_undone, not as the contact). Each event names its actor by staff name (else the address kept) with actor_id in details. Called by public.enquiry_timeline().';
