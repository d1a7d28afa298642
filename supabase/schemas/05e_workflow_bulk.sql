-- The enquiry workflow: bulk actions on the enquiries selected in the staff list.
--
-- One call assigns, sets the status of, marks spam or not spam, releases or deletes up to 100
-- enquiries, skips those changed since the list showed them, and writes one audit entry naming
-- the changed ids and values.

CREATE FUNCTION private.group_bulk_changes(_rows jsonb, _key text) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
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

COMMENT ON FUNCTION private.group_bulk_changes(_rows jsonb, _key text) IS 'Turns [{id, value}] into [{<_key>: value, ids: [...]}], one element per value (null first): the changes list of a bulk action''s audit entry.';

REVOKE ALL ON FUNCTION private.group_bulk_changes(_rows jsonb, _key text) FROM PUBLIC;

CREATE FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text DEFAULT NULL::text, _seen jsonb DEFAULT NULL::jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

CREATE FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text DEFAULT NULL::text, _seen jsonb DEFAULT NULL::jsonb) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.bulk_enquiry_action(_ids, _action, _value, _seen);
$$;

COMMENT ON FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) IS 'Admins only (aal2): one action on up to 100 enquiries (assign to a staff admin or null, set a workflow status, mark spam, not spam back to the status before spam, release, delete) with one audit entry naming the changed ids and values. With _seen (enquiry id to the status or assignee the list showed), assign, status and spam leave a row changed since as it is and report it in skipped. Called by public.bulk_enquiry_action().';

COMMENT ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) IS 'Admins only: one action (assign, status, spam, not_spam, release or delete) on up to 100 enquiries given as a JSON array of ids; _value is the assignee (null to unassign) or the status. _seen maps each id to the status (status, spam) or assignee (assign) the caller saw; a row changed since is skipped. Returns {action, requested, count, skipped: [{id, current, changed_by, changed_at}]} with the changes by value (and per-table counts for delete). One audit entry per call.';

REVOKE ALL ON FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION private.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) TO authenticated;

REVOKE ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) TO service_role;
