-- Migration: one admin action on many enquiries: mark them spam, delete them, or release held
-- ones, with one audit entry per action.
--
-- Purpose: clearing a flood one enquiry at a time is hopeless, and auditing each row buries the
-- one fact that matters (who cleared how many, when). public.bulk_enquiry_action(_ids, _action)
-- takes up to 500 enquiry ids and one action:
--   spam     status = 'spam' where it is not already
--   delete   through private.delete_enquiries, so notes, client addresses, outbox mail and
--            digest entries go too
--   release  clears held_at; sends nothing: the acknowledgement was skipped when the enquiry
--            arrived and staff already saw it in the digest, so staff reply in person
-- and writes exactly one audit entry (admin_enquiries_marked_spam, admin_enquiries_deleted or
-- admin_enquiries_released; resource contact_submissions, no resource id) with the counts.
--
-- How the per-row audit trigger stays quiet: the action sets the transaction-local setting
-- kestrel.enquiry_bulk_action to its action name while it changes the rows, and
-- private.audit_enquiry_change() writes nothing while it is set; it is cleared before the
-- function returns. Only a function can set it: the Data API runs no SQL of the client's and
-- sets only its own request.* settings.
--
-- Security: private.bulk_enquiry_action is security definer (it reads and removes outbox rows
-- no API role may touch), checks (select private.is_admin()) itself (admin role and aal2) and
-- raises 42501 for anyone else; public.bulk_enquiry_action is a security invoker wrapper, so no
-- security definer function is reachable through the API.
--
-- Named refusals (22023, the hint names the rule):
--   enquiry_bulk_action_invalid  _action is not spam, delete or release
--   enquiry_bulk_ids_invalid     _ids is not a JSON array of 1-500 enquiry ids (uuids)
--
-- Objects: functions private.audit_enquiry_change() (replaced), private.bulk_enquiry_action,
-- public.bulk_enquiry_action.

create or replace function private.audit_enquiry_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- a bulk action writes one entry for all its rows itself.
  if coalesce(pg_catalog.current_setting('kestrel.enquiry_bulk_action', true), '') <> '' then
    return null;
  end if;
  if tg_op = 'DELETE' then
    perform private.write_enquiry_audit(
      'admin_enquiry_deleted', old.id, pg_catalog.jsonb_build_object('status', old.status)
    );
    return old;
  end if;
  if new.status is distinct from old.status then
    perform private.write_enquiry_audit(
      'admin_enquiry_status_changed',
      new.id,
      pg_catalog.jsonb_build_object('from', old.status, 'to', new.status)
    );
  end if;
  if new.assigned_to is distinct from old.assigned_to then
    perform private.write_enquiry_audit(
      'admin_enquiry_assigned',
      new.id,
      pg_catalog.jsonb_build_object('from', old.assigned_to, 'to', new.assigned_to)
    );
  end if;
  if new.last_contacted_at is distinct from old.last_contacted_at then
    perform private.write_enquiry_audit(
      'admin_enquiry_last_contacted_set',
      new.id,
      pg_catalog.jsonb_build_object('from', old.last_contacted_at, 'to', new.last_contacted_at)
    );
  end if;
  return new;
end;
$$;

comment on function private.audit_enquiry_change() is
  'AFTER UPDATE/DELETE trigger on contact_submissions: one audit_log entry per changed workflow field, and one per deletion; nothing inside a bulk action (kestrel.enquiry_bulk_action set), which writes its own single entry.';

create function private.bulk_enquiry_action(_ids jsonb, _action text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  ids uuid[];
  requested integer;
  affected integer;
  counts jsonb := '{}'::jsonb;
  audit_action text;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may change enquiries in bulk.';
  end if;
  if _action is null or _action not in ('spam', 'delete', 'release') then
    raise exception using
      errcode = '22023',
      message = 'Choose what to do with the selected enquiries: spam, delete or release.',
      hint = 'enquiry_bulk_action_invalid';
  end if;
  if _ids is null
     or pg_catalog.jsonb_typeof(_ids) <> 'array'
     or pg_catalog.jsonb_array_length(_ids) not between 1 and 500
     or exists (
       select 1
         from pg_catalog.jsonb_array_elements(_ids) as element
        where pg_catalog.jsonb_typeof(element) <> 'string'
           or (element #>> '{}') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     ) then
    raise exception using
      errcode = '22023',
      message = 'Select between 1 and 500 enquiries.',
      detail = 'The ids must be a JSON array of enquiry ids (uuids).',
      hint = 'enquiry_bulk_ids_invalid';
  end if;

  select pg_catalog.array_agg(distinct element::uuid)
    into ids
    from pg_catalog.jsonb_array_elements_text(_ids) as element;
  requested := pg_catalog.cardinality(ids);

  perform pg_catalog.set_config('kestrel.enquiry_bulk_action', _action, true);

  if _action = 'spam' then
    audit_action := 'admin_enquiries_marked_spam';
    with changed as (
      update public.contact_submissions as enquiry
         set status = 'spam'
       where enquiry.id = any(ids)
         and enquiry.status <> 'spam'
      returning 1
    )
    select pg_catalog.count(*)::integer into affected from changed;
  elsif _action = 'release' then
    audit_action := 'admin_enquiries_released';
    with changed as (
      update public.contact_submissions as enquiry
         set held_at = null
       where enquiry.id = any(ids)
         and enquiry.held_at is not null
      returning 1
    )
    select pg_catalog.count(*)::integer into affected from changed;
  else
    audit_action := 'admin_enquiries_deleted';
    counts := private.delete_enquiries(ids);
    affected := (counts ->> 'contact_submissions')::integer;
  end if;

  perform pg_catalog.set_config('kestrel.enquiry_bulk_action', '', true);

  insert into public.audit_log (user_id, user_email, action, resource, resource_id, details)
  values (
    auth.uid(),
    pg_catalog.left(auth.jwt() ->> 'email', 255),
    audit_action,
    'contact_submissions',
    null,
    pg_catalog.jsonb_build_object('requested', requested, 'count', affected) || counts
  );

  return pg_catalog.jsonb_build_object('action', _action, 'requested', requested, 'count', affected)
    || counts;
end;
$$;

comment on function private.bulk_enquiry_action(jsonb, text) is
  'Admins only (aal2): marks spam, deletes (with notes, addresses and mail) or releases up to 500 enquiries in one action with one audit entry carrying the counts. Called by public.bulk_enquiry_action().';

revoke execute on function private.bulk_enquiry_action(jsonb, text) from public, anon;
grant execute on function private.bulk_enquiry_action(jsonb, text) to authenticated;

create function public.bulk_enquiry_action(_ids jsonb, _action text)
returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.bulk_enquiry_action(_ids, _action);
$$;

comment on function public.bulk_enquiry_action(jsonb, text) is
  'Admins only: one action (spam, delete or release) on up to 500 enquiries given as a JSON array of ids; returns {action, requested, count} (and per-table counts for delete). One audit entry per call.';

revoke execute on function public.bulk_enquiry_action(jsonb, text) from public, anon;
grant execute on function public.bulk_enquiry_action(jsonb, text) to authenticated;
