-- Migration: the enquiry list's bulk actions also assign (or unassign) the selected enquiries, set
-- their workflow status, and take spam ones back into the workflow ("not spam").
--
-- public.bulk_enquiry_action(_ids, _action, _value default null) replaces the two-argument
-- function in one step (dropped and created here), so a call with _ids and _action alone still
-- works. _value carries what assign and status need:
--   assign    _value is the id of a user holding the admin role, or null to unassign; changes
--             only the enquiries assigned to someone else
--   status    _value is new, in_progress, won or lost (spam has its own action, so an enquiry
--             never becomes spam without the entry that lets "not spam" undo it); changes only
--             the enquiries with another status, spam ones included
--   not_spam  no value; changes only spam enquiries, each back to the status it had before it
--             was last marked spam when the audit trail still says (a per-enquiry
--             admin_enquiry_status_changed entry to spam, or a bulk admin_enquiries_marked_spam
--             entry naming it), else new. Restoring is what staff mean by "not spam": a won
--             client caught by mistake should come back won, not re-enter the reply queue as new.
--             An entry older than the audit retention period is gone, hence the fallback
--   spam, delete, release  as before; they take no value
--
-- At most 100 ids per call (was 500): the single audit entry now names every enquiry it changed
-- with its old or new value, and audit_log.details holds at most 8 KB. The list selects one page
-- (25 rows) at a time.
--
-- Audit: still exactly one entry per call, none per row (kestrel.enquiry_bulk_action set while
-- the rows change, as the per-row trigger has known since 20261126090100). Details:
--   admin_enquiries_marked_spam      {requested, count, changes: [{from: status, ids}]}
--   admin_enquiries_status_set       {requested, count, status, changes: [{from: status, ids}]}
--   admin_enquiries_assigned         {requested, count, assigned_to, changes: [{from: user id or
--                                    null, ids}]}
--   admin_enquiries_marked_not_spam  {requested, count, changes: [{to: status, ids}]}
--   admin_enquiries_released         {requested, count, ids}
--   admin_enquiries_deleted          {requested, count, per-table counts, ids}
-- Grouping the ids by value keeps the entry small and lets "not spam" find an enquiry's status
-- before a bulk spam marking.
--
-- Security: as before, private.bulk_enquiry_action is security definer and checks
-- (select private.is_admin()) (admin role and aal2) itself, refusing with 42501;
-- public.bulk_enquiry_action is a security invoker wrapper.
--
-- Named refusals (22023, the hint names the rule):
--   enquiry_bulk_action_invalid    _action is none of the six
--   enquiry_bulk_ids_invalid       _ids is not a JSON array of 1-100 enquiry ids (uuids)
--   enquiry_bulk_assignee_invalid  assign: _value is not the id of a user holding the admin role
--   enquiry_bulk_status_invalid    status: _value is not new, in_progress, won or lost
--   enquiry_bulk_value_invalid     spam, delete, release or not_spam given a value
--
-- Objects: functions private.bulk_enquiry_action(jsonb, text) and
-- public.bulk_enquiry_action(jsonb, text) (dropped), private.bulk_enquiry_action(jsonb, text,
-- text), public.bulk_enquiry_action(jsonb, text, text), private.group_bulk_changes(jsonb, text).

drop function public.bulk_enquiry_action(jsonb, text);
drop function private.bulk_enquiry_action(jsonb, text);

create function private.group_bulk_changes(_rows jsonb, _key text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    pg_catalog.jsonb_agg(
      pg_catalog.jsonb_build_object(_key, grouped.value, 'ids', grouped.ids)
      order by grouped.value collate "C" nulls first
    ),
    '[]'::jsonb
  )
    from (
      select changed ->> 'value' as value,
             pg_catalog.jsonb_agg(changed -> 'id' order by (changed ->> 'id') collate "C") as ids
        from pg_catalog.jsonb_array_elements(_rows) as changed
       group by changed ->> 'value'
    ) as grouped;
$$;

comment on function private.group_bulk_changes(jsonb, text) is
  'Turns [{id, value}] into [{<_key>: value, ids: [...]}], one element per value (null first): the changes list of a bulk action''s audit entry.';

revoke execute on function private.group_bulk_changes(jsonb, text) from public, anon, authenticated;

create function private.bulk_enquiry_action(_ids jsonb, _action text, _value text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  ids uuid[];
  requested integer;
  affected integer;
  changed jsonb;
  counts jsonb := '{}'::jsonb;
  facts jsonb := '{}'::jsonb;
  audit_action text;
  assignee uuid;
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

  return pg_catalog.jsonb_build_object('action', _action, 'requested', requested, 'count', affected)
    || counts
    || (facts - 'ids');
end;
$$;

comment on function private.bulk_enquiry_action(jsonb, text, text) is
  'Admins only (aal2): one action on up to 100 enquiries (assign to a staff admin or null, set a workflow status, mark spam, not spam back to the status before spam, release, delete) with one audit entry naming the changed ids and values. Called by public.bulk_enquiry_action().';

revoke execute on function private.bulk_enquiry_action(jsonb, text, text) from public, anon;
grant execute on function private.bulk_enquiry_action(jsonb, text, text) to authenticated;

create function public.bulk_enquiry_action(_ids jsonb, _action text, _value text default null)
returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.bulk_enquiry_action(_ids, _action, _value);
$$;

comment on function public.bulk_enquiry_action(jsonb, text, text) is
  'Admins only: one action (assign, status, spam, not_spam, release or delete) on up to 100 enquiries given as a JSON array of ids; _value is the assignee (null to unassign) or the status. Returns {action, requested, count} with the changes by value (and per-table counts for delete). One audit entry per call.';

revoke execute on function public.bulk_enquiry_action(jsonb, text, text) from public, anon;
grant execute on function public.bulk_enquiry_action(jsonb, text, text) to authenticated;
