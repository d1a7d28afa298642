-- The enquiry workflow: how staff work an enquiry to an outcome.
--
-- Status, assignee, notes, replies and logged calls, read marks, follow-ups, related enquiries,
-- the timeline, bulk actions and the staff list's search and counts. Every change is checked
-- and audited here, whatever the browser sends.

CREATE TABLE public.enquiry_reads (
    user_id uuid NOT NULL,
    submission_id uuid NOT NULL,
    read_at timestamp with time zone DEFAULT now() NOT NULL
);

COMMENT ON TABLE public.enquiry_reads IS 'Which enquiries each staff member has opened: an enquiry is unread for a staff member until they open it. Written only by public.mark_enquiry_read(); each admin reads their own rows.';

COMMENT ON COLUMN public.enquiry_reads.user_id IS 'The staff account that opened the enquiry (auth.users.id).';

COMMENT ON COLUMN public.enquiry_reads.submission_id IS 'The enquiry opened (contact_submissions.id).';

COMMENT ON COLUMN public.enquiry_reads.read_at IS 'When that staff member last marked it opened.';

CREATE TABLE public.enquiry_follow_ups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    submission_id uuid NOT NULL,
    due_on date NOT NULL,
    note text,
    state text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    set_by uuid,
    set_by_email text,
    closed_at timestamp with time zone,
    closed_by uuid,
    closed_by_email text,
    reminded_at timestamp with time zone,
    CONSTRAINT enquiry_follow_ups_closed_by_email_length CHECK (((closed_by_email IS NULL) OR (char_length(closed_by_email) <= 255))),
    CONSTRAINT enquiry_follow_ups_closed_when_not_open CHECK (((state = 'open'::text) = (closed_at IS NULL))),
    CONSTRAINT enquiry_follow_ups_note_length CHECK (((note IS NULL) OR ((char_length(note) >= 1) AND (char_length(note) <= 5000)))),
    CONSTRAINT enquiry_follow_ups_note_trimmed CHECK ((note !~ '^\s|\s$'::text)),
    CONSTRAINT enquiry_follow_ups_set_by_email_length CHECK (((set_by_email IS NULL) OR (char_length(set_by_email) <= 255))),
    CONSTRAINT enquiry_follow_ups_state_valid CHECK ((state = ANY (ARRAY['open'::text, 'done'::text, 'cleared'::text, 'replaced'::text])))
);

COMMENT ON TABLE public.enquiry_follow_ups IS 'When staff mean to get back to an enquiry: a date and an optional note. At most one open per enquiry; done, cleared and replaced ones stay as history. Written only by the follow-up RPCs; admins read them; deleted with the enquiry.';

COMMENT ON COLUMN public.enquiry_follow_ups.id IS 'Server-generated key.';

COMMENT ON COLUMN public.enquiry_follow_ups.submission_id IS 'The enquiry; the follow-up is deleted with it.';

COMMENT ON COLUMN public.enquiry_follow_ups.due_on IS 'The day to follow up, a London calendar day; today or later when set.';

COMMENT ON COLUMN public.enquiry_follow_ups.note IS 'What to follow up about: trimmed, 1-5000 characters, or null.';

COMMENT ON COLUMN public.enquiry_follow_ups.state IS 'open, done, cleared (removed from the record by staff) or replaced (a newer follow-up was set).';

COMMENT ON COLUMN public.enquiry_follow_ups.created_at IS 'When it was set, by the database clock.';

COMMENT ON COLUMN public.enquiry_follow_ups.set_by IS 'The staff member who set it; null once the account is deleted.';

COMMENT ON COLUMN public.enquiry_follow_ups.set_by_email IS 'Their address at the time, kept when the account is deleted; removed by an erasure of that address.';

COMMENT ON COLUMN public.enquiry_follow_ups.closed_at IS 'When it was marked done, cleared or replaced; null while open.';

COMMENT ON COLUMN public.enquiry_follow_ups.closed_by IS 'The staff member who closed it; null once the account is deleted.';

COMMENT ON COLUMN public.enquiry_follow_ups.closed_by_email IS 'Their address at the time; removed by an erasure of that address.';

COMMENT ON COLUMN public.enquiry_follow_ups.reminded_at IS 'When its reminder mail was queued; set once, by private.send_follow_up_reminders().';

CREATE TABLE public.enquiry_notes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    submission_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    author_id uuid,
    author_email text,
    body text NOT NULL,
    CONSTRAINT enquiry_notes_author_email_length CHECK (((author_email IS NULL) OR (char_length(author_email) <= 255))),
    CONSTRAINT enquiry_notes_body_length CHECK (((char_length(body) >= 1) AND (char_length(body) <= 5000))),
    CONSTRAINT enquiry_notes_body_trimmed CHECK ((body !~ '^\s|\s$'::text))
);

COMMENT ON TABLE public.enquiry_notes IS 'Internal staff notes on an enquiry. Append-only: admins add and read them; they go only with their enquiry.';

COMMENT ON COLUMN public.enquiry_notes.id IS 'Server-generated key.';

COMMENT ON COLUMN public.enquiry_notes.submission_id IS 'The enquiry the note is about; the note is deleted with it.';

COMMENT ON COLUMN public.enquiry_notes.created_at IS 'When the note was written; set by the server.';

COMMENT ON COLUMN public.enquiry_notes.author_id IS 'The staff member who wrote it (the caller, stamped by a trigger); null through the service role or once the user is deleted.';

COMMENT ON COLUMN public.enquiry_notes.author_email IS 'The author''s e-mail from their token at the time, kept when the user is deleted.';

COMMENT ON COLUMN public.enquiry_notes.body IS 'The note, trimmed, 1-5000 characters.';

CREATE TABLE public.enquiry_replies (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    submission_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    channel text NOT NULL,
    author_id uuid,
    author_name text,
    author_email text,
    body text,
    outcome text,
    note text,
    last_contacted_before timestamp with time zone,
    CONSTRAINT enquiry_replies_author_email_length CHECK (((author_email IS NULL) OR (char_length(author_email) <= 255))),
    CONSTRAINT enquiry_replies_author_name_length CHECK (((author_name IS NULL) OR (char_length(author_name) <= 100))),
    CONSTRAINT enquiry_replies_body_for_reply CHECK (((channel = 'reply'::text) = (body IS NOT NULL))),
    CONSTRAINT enquiry_replies_body_length CHECK (((body IS NULL) OR ((char_length(body) >= 1) AND (char_length(body) <= 10000)))),
    CONSTRAINT enquiry_replies_channel_valid CHECK ((channel = ANY (ARRAY['reply'::text, 'phone'::text, 'email'::text]))),
    CONSTRAINT enquiry_replies_note_length CHECK (((note IS NULL) OR ((channel <> 'reply'::text) AND ((char_length(note) >= 1) AND (char_length(note) <= 2000))))),
    CONSTRAINT enquiry_replies_outcome_for_phone CHECK (
CASE
    WHEN (channel = 'phone'::text) THEN (outcome = ANY (ARRAY['reached'::text, 'voicemail'::text, 'no_answer'::text]))
    ELSE (outcome IS NULL)
END)
);

COMMENT ON TABLE public.enquiry_replies IS 'Replies and recorded contacts of an enquiry. Written only by send_enquiry_reply() and record_enquiry_contact(); a recorded contact may be removed by its author through undo_enquiry_contact() within seconds; read by admins, otherwise deleted only with their enquiry.';

COMMENT ON COLUMN public.enquiry_replies.id IS 'Server-generated key; a reply''s mail job carries it.';

COMMENT ON COLUMN public.enquiry_replies.submission_id IS 'The enquiry; the reply goes with it.';

COMMENT ON COLUMN public.enquiry_replies.created_at IS 'When it was sent or recorded, by the database clock.';

COMMENT ON COLUMN public.enquiry_replies.channel IS 'reply (written here and mailed through the outbox), phone (a logged call) or email (replied from the staff member''s own mailbox).';

COMMENT ON COLUMN public.enquiry_replies.author_id IS 'The staff member; null once their account is deleted.';

COMMENT ON COLUMN public.enquiry_replies.author_name IS 'The staff member''s name at the time (account full_name, else the address''s local part).';

COMMENT ON COLUMN public.enquiry_replies.author_email IS 'The staff member''s address at the time, the Reply-To of a reply; removed by an erasure of that address.';

COMMENT ON COLUMN public.enquiry_replies.body IS 'The reply''s text (1-10000 characters); null for a recorded contact.';

COMMENT ON COLUMN public.enquiry_replies.outcome IS 'How a call went: reached, voicemail or no_answer (phone only; null for the other channels). reached and voicemail count as a contact, no_answer does not.';

COMMENT ON COLUMN public.enquiry_replies.note IS 'A staff note on a recorded contact (1-2000 characters), e.g. what was agreed; null when none, and always null for a sent reply (its text is body).';

COMMENT ON COLUMN public.enquiry_replies.last_contacted_before IS 'The enquiry''s last_contacted_at before this contact moved it, so that an undo can put it back; null when it was unset or the contact did not move it.';

ALTER TABLE ONLY public.enquiry_follow_ups
    ADD CONSTRAINT enquiry_follow_ups_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.enquiry_notes
    ADD CONSTRAINT enquiry_notes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.enquiry_reads
    ADD CONSTRAINT enquiry_reads_pkey PRIMARY KEY (user_id, submission_id);

ALTER TABLE ONLY public.enquiry_replies
    ADD CONSTRAINT enquiry_replies_pkey PRIMARY KEY (id);

ALTER TABLE public.enquiry_follow_ups ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.enquiry_notes ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.enquiry_reads ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.enquiry_replies ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.enquiry_reads FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.enquiry_reads TO authenticated;
GRANT SELECT,DELETE ON TABLE public.enquiry_reads TO service_role;

REVOKE ALL ON TABLE public.enquiry_follow_ups FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.enquiry_follow_ups TO authenticated;
GRANT SELECT ON TABLE public.enquiry_follow_ups TO service_role;

GRANT UPDATE(due_on) ON TABLE public.enquiry_follow_ups TO service_role;

REVOKE ALL ON TABLE public.enquiry_notes FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.enquiry_notes TO authenticated;
GRANT SELECT ON TABLE public.enquiry_notes TO service_role;

GRANT INSERT(submission_id) ON TABLE public.enquiry_notes TO authenticated;
GRANT INSERT(submission_id) ON TABLE public.enquiry_notes TO service_role;

GRANT INSERT(body) ON TABLE public.enquiry_notes TO authenticated;
GRANT INSERT(body) ON TABLE public.enquiry_notes TO service_role;

REVOKE ALL ON TABLE public.enquiry_replies FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.enquiry_replies TO authenticated;
GRANT SELECT ON TABLE public.enquiry_replies TO service_role;

ALTER TABLE ONLY public.enquiry_follow_ups
    ADD CONSTRAINT enquiry_follow_ups_closed_by_fkey FOREIGN KEY (closed_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.enquiry_follow_ups
    ADD CONSTRAINT enquiry_follow_ups_set_by_fkey FOREIGN KEY (set_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.enquiry_follow_ups
    ADD CONSTRAINT enquiry_follow_ups_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.enquiry_notes
    ADD CONSTRAINT enquiry_notes_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.enquiry_notes
    ADD CONSTRAINT enquiry_notes_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.enquiry_reads
    ADD CONSTRAINT enquiry_reads_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.enquiry_reads
    ADD CONSTRAINT enquiry_reads_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.enquiry_replies
    ADD CONSTRAINT enquiry_replies_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.enquiry_replies
    ADD CONSTRAINT enquiry_replies_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

CREATE VIEW public.enquiry_list WITH (security_invoker='true') AS
 SELECT s.id,
    s.created_at,
    s."Name",
    s."Email",
    s."Company",
    s."Job",
    s."Phone",
    s."Interest",
    s."Timeline",
    s."Message",
    s.status,
    s.assigned_to,
    s.last_contacted_at,
    s.held_at,
    s.first_response_at,
    s.landing_page,
    s.referrer_host,
    s.utm_source,
    s.utm_medium,
    s.utm_campaign,
    (EXISTS ( SELECT 1
           FROM public.enquiry_reads r
          WHERE ((r.submission_id = s.id) AND (r.user_id = ( SELECT auth.uid() AS uid))))) AS read_by_me,
    lower(s."Name") AS name_key,
    lower(s."Company") AS company_key,
    array_position(ARRAY['new'::text, 'in_progress'::text, 'won'::text, 'lost'::text, 'spam'::text], s.status) AS status_rank
   FROM public.contact_submissions s;

COMMENT ON VIEW public.enquiry_list IS 'The staff enquiry list: contact_submissions with the caller''s read mark and sort keys. security_invoker, so RLS of contact_submissions and enquiry_reads applies to the caller. Recreate it when contact_submissions gains a column.';

COMMENT ON COLUMN public.enquiry_list.read_by_me IS 'True when the calling staff member has opened the enquiry (a row in enquiry_reads).';

COMMENT ON COLUMN public.enquiry_list.name_key IS 'The name in lower case: sorts A to Z whatever the case.';

COMMENT ON COLUMN public.enquiry_list.company_key IS 'The company in lower case: sorts A to Z whatever the case.';

COMMENT ON COLUMN public.enquiry_list.status_rank IS 'The status in the workflow''s order: new 1, in_progress 2, won 3, lost 4, spam 5.';

REVOKE ALL ON TABLE public.enquiry_list FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.enquiry_list TO authenticated;
GRANT SELECT ON TABLE public.enquiry_list TO service_role;

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

REVOKE ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.bulk_enquiry_action(_ids jsonb, _action text, _value text, _seen jsonb) TO service_role;

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

CREATE FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
  closed public.enquiry_follow_ups;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may close follow-ups.';
  end if;
  if _outcome is null or _outcome not in ('done', 'cleared') then
    raise exception using
      errcode = '22023',
      message = 'A follow-up is closed as done or cleared.',
      hint = 'enquiry_follow_up_outcome_invalid';
  end if;

  -- the enquiry's row is the lock every follow-up change takes, so a set and a close of the
  -- same enquiry's follow-up run one after the other.
  select target.* into enquiry
    from public.contact_submissions as target
   where target.id = (
     select follow_up.submission_id from public.enquiry_follow_ups as follow_up
      where follow_up.id = _follow_up_id
   )
     for update;
  if enquiry.id is null then
    raise exception using
      errcode = 'P0002',
      message = 'There is no such follow-up.',
      hint = 'enquiry_follow_up_not_found';
  end if;

  update public.enquiry_follow_ups as follow_up
     set state = _outcome, closed_at = pg_catalog.now(), closed_by = auth.uid(),
         closed_by_email = pg_catalog.left(auth.jwt() ->> 'email', 255)
   where follow_up.id = _follow_up_id and follow_up.state = 'open'
  returning follow_up.* into closed;
  if closed.id is null then
    perform private.raise_enquiry_follow_up_changed(
      enquiry,
      _follow_up_id,
      'This follow-up was closed or replaced after you opened the enquiry, so nothing was changed.'
    );
  end if;

  perform private.write_enquiry_audit(
    'admin_enquiry_follow_up_' || _outcome,
    closed.submission_id,
    pg_catalog.jsonb_build_object('follow_up_id', closed.id, 'due_on', closed.due_on)
  );
end;
$$;

CREATE FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.close_enquiry_follow_up(_follow_up_id, _outcome);
$$;

COMMENT ON FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) IS 'Admins only: marks an open follow-up done or cleared and audits it (admin_enquiry_follow_up_done or _cleared), holding the enquiry''s row lock as set_enquiry_follow_up() does. One a colleague closed or replaced since is refused through private.raise_enquiry_follow_up_changed(). Called by public.close_enquiry_follow_up().';

COMMENT ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) IS 'Admins only (aal2): closes an open follow-up as done or cleared. 42501 for others, 22023 for another outcome, P0002 for an unknown follow-up; one no longer open (closed or replaced since it was seen) is refused with P0001, hint enquiry_changed_since_seen, detail JSON {field: follow_up, seen, current, change, changed_by, changed_at, enquiry} naming who closed or replaced it and when.';

REVOKE ALL ON FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) TO authenticated;

REVOKE ALL ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) TO authenticated;
GRANT ALL ON FUNCTION public.close_enquiry_follow_up(_follow_up_id uuid, _outcome text) TO service_role;

CREATE FUNCTION private.contact_counts(_channel text, _outcome text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select _channel in ('reply', 'email')
      or (_channel = 'phone' and _outcome in ('reached', 'voicemail'));
$$;

COMMENT ON FUNCTION private.contact_counts(_channel text, _outcome text) IS 'Whether a reply or recorded contact counts as contacting the prospect (moves last_contacted_at, may be the first response): every reply and e-mail, and a call that reached them or left a voicemail; not a call nobody answered.';

REVOKE ALL ON FUNCTION private.contact_counts(_channel text, _outcome text) FROM PUBLIC;

CREATE FUNCTION private.contact_undo_window() RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select interval '15 seconds';
$$;

COMMENT ON FUNCTION private.contact_undo_window() IS 'How long after recording a contact its author may undo it (15 seconds); the staff area offers Undo for less, so a press near the end still arrives in time.';

REVOKE ALL ON FUNCTION private.contact_undo_window() FROM PUBLIC;

CREATE FUNCTION private.enquiry_follow_ups_due() RETURNS TABLE(id uuid, submission_id uuid, due_on date, note text, name text, company text, status text, assigned_to uuid, assignee_email text, set_by_email text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list follow-ups.';
  end if;
  return query
  select follow_up.id,
         follow_up.submission_id,
         follow_up.due_on,
         follow_up.note,
         enquiry."Name",
         enquiry."Company",
         enquiry.status,
         enquiry.assigned_to,
         account.email::text,
         follow_up.set_by_email
    from public.enquiry_follow_ups as follow_up
    join public.contact_submissions as enquiry on enquiry.id = follow_up.submission_id
    left join auth.users as account on account.id = enquiry.assigned_to
   where follow_up.state = 'open'
     and follow_up.due_on <= private.london_today()
   order by follow_up.due_on, follow_up.created_at, follow_up.id
   limit 500;
end;
$$;

CREATE FUNCTION public.enquiry_follow_ups_due() RETURNS TABLE(id uuid, submission_id uuid, due_on date, note text, name text, company text, status text, assigned_to uuid, assignee_email text, set_by_email text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.enquiry_follow_ups_due();
$$;

COMMENT ON FUNCTION private.enquiry_follow_ups_due() IS 'Admins only: open follow-ups due today or earlier (London), oldest first, with their enquiry and its assignee, at most 500. Called by public.enquiry_follow_ups_due().';

COMMENT ON FUNCTION public.enquiry_follow_ups_due() IS 'Admins only (aal2): open follow-ups due today or earlier in London, oldest first, with the enquiry''s name, company, status and assignee. 42501 for others.';

REVOKE ALL ON FUNCTION private.enquiry_follow_ups_due() FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_follow_ups_due() TO authenticated;

REVOKE ALL ON FUNCTION public.enquiry_follow_ups_due() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.enquiry_follow_ups_due() FROM PUBLIC;
GRANT ALL ON FUNCTION public.enquiry_follow_ups_due() TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_follow_ups_due() TO service_role;

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

CREATE FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  -- A line break between fields, which a search text never holds (enquiry_ids_matching turns
  -- control characters into spaces), so no match runs from one field into the next. Null fields
  -- are left out: enquiry_search_text(term, null, null, null) is the term as the search reads it.
  select pg_catalog.lower(
    extensions.unaccent(
      'extensions.unaccent'::regdictionary,
      pg_catalog.concat_ws(E'\n', _name, _email, _company, _message)
    )
  );
$$;

COMMENT ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) IS 'The fields the enquiry search looks in (Name, Email, Company, Message) as one text, without accents (unaccent) and in lower case. Indexed (contact_submissions_search_text_idx).';

REVOKE ALL ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) TO anon;
GRANT ALL ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) TO authenticated;
GRANT ALL ON FUNCTION private.enquiry_search_text(_name text, _email text, _company text, _message text) TO service_role;

CREATE FUNCTION private.phone_search_key(_phone text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select case
           when digits.national like '44%'
             then pg_catalog.ltrim(pg_catalog.substr(digits.national, 3), '0')
           else digits.national
         end
    from (
      select pg_catalog.ltrim(
        pg_catalog.regexp_replace(coalesce(_phone, ''), '[^0-9]', '', 'g'),
        '0'
      ) as national
    ) as digits;
$$;

COMMENT ON FUNCTION private.phone_search_key(_phone text) IS 'A phone number as the enquiry search compares it: its digits without leading zeros and without a leading UK country code 44, so 07700 900123 and +44 7700 900123 are both 7700900123. Indexed (contact_submissions_phone_key_idx).';

REVOKE ALL ON FUNCTION private.phone_search_key(_phone text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.phone_search_key(_phone text) TO anon;
GRANT ALL ON FUNCTION private.phone_search_key(_phone text) TO authenticated;
GRANT ALL ON FUNCTION private.phone_search_key(_phone text) TO service_role;

CREATE FUNCTION private.enquiry_ids_matching(_search text) RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  term text := pg_catalog.left(
    pg_catalog.btrim(pg_catalog.regexp_replace(coalesce(_search, ''), '[[:cntrl:]]', ' ', 'g')),
    100
  );
  pattern text;
  phone text := '';
begin
  perform private.require_enquiry_admin();
  if term = '' then
    return null;
  end if;
  -- \ first, so the escapes added for % and _ are not escaped again.
  pattern := '%' || pg_catalog.replace(
    pg_catalog.replace(
      pg_catalog.replace(private.enquiry_search_text(term, null, null, null), '\', '\\'),
      '%',
      '\%'
    ),
    '_',
    '\_'
  ) || '%';
  if term ~ '^[0-9 +()./-]+$' then
    phone := private.phone_search_key(term);
  end if;
  -- Two queries rather than one with "phone <> '' and ...": each is planned for what it asks,
  -- and an OR arm no index serves would make the whole search a scan.
  if phone = '' then
    return array(
      select s.id
        from public.contact_submissions as s
       where private.enquiry_search_text(s."Name", s."Email", s."Company", s."Message") like pattern
    );
  end if;
  return array(
    select s.id
      from public.contact_submissions as s
     where private.enquiry_search_text(s."Name", s."Email", s."Company", s."Message") like pattern
        or (s."Phone" is not null
            and private.phone_search_key(s."Phone") like '%' || phone || '%')
  );
end;
$_$;

COMMENT ON FUNCTION private.enquiry_ids_matching(_search text) IS 'Admins only (aal2; 42501): the enquiry search rule. The ids of the enquiries whose Name, Email, Company or Message holds the text (control characters made spaces, trimmed, first 100 characters, accents and case ignored, \ % _ * literal) or, for a text of phone characters, whose phone holds its digits (leading 0, 00 and 44 ignored on both sides). Null for a blank text, which every enquiry matches. Read by search_enquiry_list and enquiry_list_counts.';

REVOKE ALL ON FUNCTION private.enquiry_ids_matching(_search text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_ids_matching(_search text) TO authenticated;

CREATE FUNCTION private.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) RETURNS TABLE(status text, total bigint, held bigint, unread bigint, held_unread bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  assignee text := coalesce(_assignee, '');
  assignee_id uuid;
  ids uuid[];
begin
  perform private.require_enquiry_admin();
  ids := private.enquiry_ids_matching(_search);
  if assignee = 'me' then
    assignee_id := (select auth.uid());
  elsif assignee not in ('', 'none') then
    begin
      assignee_id := assignee::uuid;
    exception when invalid_text_representation then
      raise exception using
        errcode = '22023',
        message = 'The assignee filter is empty, none, me or a staff member''s id.';
    end;
  end if;
  return query
    select
      m.status,
      pg_catalog.count(*),
      pg_catalog.count(*) filter (where m.held_at is not null),
      pg_catalog.count(*) filter (where not m.read_by_me),
      pg_catalog.count(*) filter (where m.held_at is not null and not m.read_by_me)
    from public.enquiry_list as m
    where (ids is null or m.id = any(ids))
      and (coalesce(_interest, '') = '' or m."Interest" = _interest)
      and (coalesce(_timeline, '') = '' or m."Timeline" = _timeline)
      and (assignee = ''
           or (assignee = 'none' and m.assigned_to is null)
           or m.assigned_to = assignee_id)
    group by m.status
    order by m.status;
end;
$$;

CREATE FUNCTION public.enquiry_list_counts(_search text DEFAULT ''::text, _interest text DEFAULT ''::text, _timeline text DEFAULT ''::text, _assignee text DEFAULT ''::text) RETURNS TABLE(status text, total bigint, held bigint, unread bigint, held_unread bigint)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.enquiry_list_counts(_search, _interest, _timeline, _assignee);
$$;

COMMENT ON FUNCTION private.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) IS 'Counts per status (total, held, unread by the caller, both) for the list''s search, interest, timeline and assignee; see public.enquiry_list_counts.';

COMMENT ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) IS 'Admins only (aal2): one row per status with the enquiries matching the list''s search (private.enquiry_ids_matching), interest, timeline and assignee ('''' anyone, none, me, or a staff id): total, held, unread by the caller, and held_unread. Statuses with none are left out.';

REVOKE ALL ON FUNCTION private.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) TO authenticated;

REVOKE ALL ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_list_counts(_search text, _interest text, _timeline text, _assignee text) TO service_role;

CREATE FUNCTION private.enquiry_timeline(_submission_id uuid) RETURNS TABLE(occurred_at timestamp with time zone, event text, actor text, details jsonb)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

CREATE FUNCTION public.enquiry_timeline(_submission_id uuid) RETURNS TABLE(occurred_at timestamp with time zone, event text, actor text, details jsonb)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.enquiry_timeline(_submission_id);
$$;

COMMENT ON FUNCTION private.enquiry_timeline(_submission_id uuid) IS 'Admins only: the events of one enquiry in order, read from what is already stored (the enquiry, the admin_* entries of audit_log, which only database code writes, bulk actions'' entries for each enquiry they changed, enquiry_notes, enquiry_replies with a call''s outcome and note, the outbox); an undone contact shows as contact_undone, not as the contact). Each event names its actor by staff name (else the address kept) with actor_id in details. Called by public.enquiry_timeline().';

COMMENT ON FUNCTION public.enquiry_timeline(_submission_id uuid) IS 'Admins only (aal2): one enquiry''s events oldest first: received, status/assignee/last-contacted changes, notes, replies and recorded contacts, and each mail (acknowledgement, alert, digest, reply, reminder, escalation) with its outcome. Empty for an unknown enquiry; 42501 for others.';

REVOKE ALL ON FUNCTION private.enquiry_timeline(_submission_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_timeline(_submission_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.enquiry_timeline(_submission_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.enquiry_timeline(_submission_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.enquiry_timeline(_submission_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_timeline(_submission_id uuid) TO service_role;

CREATE FUNCTION private.mark_enquiry_read(_submission_id uuid, _read boolean) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  me uuid := (select auth.uid());
begin
  perform private.require_enquiry_admin();
  if _submission_id is null
     or not exists (select 1 from public.contact_submissions as s where s.id = _submission_id) then
    raise exception using
      errcode = 'P0002',
      message = 'No enquiry with this id.',
      hint = 'enquiry_not_found';
  end if;
  if coalesce(_read, true) then
    insert into public.enquiry_reads (user_id, submission_id)
    values (me, _submission_id)
    on conflict (user_id, submission_id) do update set read_at = pg_catalog.now();
  else
    delete from public.enquiry_reads as r
     where r.user_id = me and r.submission_id = _submission_id;
  end if;
end;
$$;

CREATE FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean DEFAULT true) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.mark_enquiry_read(_submission_id, _read);
$$;

COMMENT ON FUNCTION private.mark_enquiry_read(_submission_id uuid, _read boolean) IS 'Marks an enquiry opened (or not) by the calling admin; see public.mark_enquiry_read.';

COMMENT ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) IS 'Admins only (aal2): marks the enquiry opened by the caller, or not opened with _read false. P0002 enquiry_not_found for an unknown id.';

REVOKE ALL ON FUNCTION private.mark_enquiry_read(_submission_id uuid, _read boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mark_enquiry_read(_submission_id uuid, _read boolean) TO authenticated;

REVOKE ALL ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) TO authenticated;
GRANT ALL ON FUNCTION public.mark_enquiry_read(_submission_id uuid, _read boolean) TO service_role;

CREATE FUNCTION private.require_reply_enquiry(_submission_id uuid) RETURNS public.contact_submissions
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may reply to enquiries or record contacts.';
  end if;
  select * into enquiry
    from public.contact_submissions as found
   where found.id = _submission_id
     for update;
  if enquiry.id is null then
    raise exception using
      errcode = 'P0002',
      message = 'No such enquiry.',
      hint = 'enquiry_not_found';
  end if;
  return enquiry;
end;
$$;

COMMENT ON FUNCTION private.require_reply_enquiry(_submission_id uuid) IS 'For the reply and contact RPCs: refuses non-admins (42501) and unknown enquiries (P0002, hint enquiry_not_found); returns the enquiry locked for update.';

REVOKE ALL ON FUNCTION private.require_reply_enquiry(_submission_id uuid) FROM PUBLIC;

CREATE FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text DEFAULT NULL::text, _note text DEFAULT NULL::text, _seen_last_contacted timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
  outcome text := _outcome;
  note text := nullif(pg_catalog.btrim(coalesce(_note, ''), E' \t\r\n'), '');
  counts boolean;
  contact_id uuid;
  last_change jsonb;
begin
  enquiry := private.require_reply_enquiry(_submission_id);
  if _channel is null or _channel not in ('phone', 'email') then
    raise exception using
      errcode = '22023',
      message = 'A contact is recorded as phone (a call) or email (a reply from your own mailbox).',
      hint = 'enquiry_contact_channel_invalid';
  end if;
  if _channel = 'phone' then
    outcome := coalesce(outcome, 'reached');
  end if;
  if (_channel = 'phone' and outcome not in ('reached', 'voicemail', 'no_answer'))
     or (_channel = 'email' and outcome is not null) then
    raise exception using
      errcode = '22023',
      message = 'A call is recorded as reached, voicemail or no answer; an e-mail has no outcome.',
      hint = 'enquiry_contact_outcome_invalid';
  end if;
  if pg_catalog.char_length(note) > 2000 then
    raise exception using
      errcode = '22023',
      message = 'A note on a call can be at most 2,000 characters.',
      hint = 'enquiry_contact_note_invalid';
  end if;
  counts := private.contact_counts(_channel, outcome);
  -- a contact that counts moves the last-contacted date: only from the one the writer saw, so a
  -- colleague's call or date since is named, not silently replaced.
  if counts and enquiry.last_contacted_at is distinct from _seen_last_contacted then
    last_change := private.enquiry_field_last_change(enquiry.id, 'last_contacted_at');
    raise exception using
      errcode = 'P0001',
      message = 'The last-contacted date changed after you opened this enquiry, so the contact was not recorded.',
      detail = pg_catalog.jsonb_build_object(
        'field', 'last_contacted_at',
        'seen', _seen_last_contacted,
        'current', enquiry.last_contacted_at,
        'changed_by', last_change -> 'changed_by',
        'changed_at', last_change -> 'changed_at',
        'enquiry', pg_catalog.to_jsonb(enquiry)
      )::text,
      hint = 'enquiry_changed_since_seen';
  end if;

  insert into public.enquiry_replies (
    submission_id, channel, outcome, note, last_contacted_before, author_id, author_name, author_email
  )
  values (
    enquiry.id,
    _channel,
    outcome,
    note,
    case when counts then enquiry.last_contacted_at end,
    auth.uid(),
    private.staff_display_name(auth.uid()),
    pg_catalog.left((select account.email from auth.users as account where account.id = auth.uid()), 255)
  )
  returning id into contact_id;

  if counts then
    update public.contact_submissions as target
       set last_contacted_at = pg_catalog.now()
     where target.id = enquiry.id;
  end if;

  perform private.write_enquiry_audit(
    'admin_enquiry_contact_recorded',
    enquiry.id,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'contact_id', contact_id, 'channel', _channel, 'outcome', outcome
    ))
  );
  return contact_id;
end;
$$;

CREATE FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text DEFAULT NULL::text, _note text DEFAULT NULL::text, _seen_last_contacted timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS uuid
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.record_enquiry_contact(_submission_id, _channel, _outcome, _note, _seen_last_contacted);
$$;

COMMENT ON FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) IS 'Admins only: records a call (phone, with its outcome: reached, voicemail or no_answer; reached when none is given) or a reply from the staff member''s own mailbox (email), with an optional note, and audits it. Only a contact that counts (private.contact_counts) moves last_contacted_at, and only while it still holds _seen_last_contacted (what the writer saw; null for none): otherwise P0001, hint enquiry_changed_since_seen, with the detail save_enquiry_field() gives for last_contacted_at, and nothing is recorded. Called by public.record_enquiry_contact().';

COMMENT ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) IS 'Admins only (aal2): records that the enquirer was called (with the outcome: reached, voicemail or no_answer) or answered from the staff member''s own mailbox, with an optional note; returns the contact id. A call nobody answered changes nothing on the enquiry; one that counts moves the last-contacted date only from _seen_last_contacted (what the caller saw, null for none), else P0001 with hint enquiry_changed_since_seen naming who changed it and when. 42501 for others, 22023 for another channel, outcome or an over-long note.';

REVOKE ALL ON FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) TO authenticated;

REVOKE ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) TO service_role;

CREATE FUNCTION private.related_enquiries(_submission_id uuid, _limit integer) RETURNS TABLE(id uuid, name text, email text, company text, status text, created_at timestamp with time zone, held boolean, same_email boolean, same_company boolean, total bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  email_key text;
  company_key text;
  shown integer := least(greatest(coalesce(_limit, 10), 1), 50);
begin
  perform private.require_enquiry_admin();

  select pg_catalog.lower(enquiry."Email"),
         pg_catalog.lower(pg_catalog.regexp_replace(enquiry."Company", '\s', '', 'g'))
    into email_key, company_key
    from public.contact_submissions as enquiry
   where enquiry.id = _submission_id;
  if not found then
    return;
  end if;
  if company_key = '' then
    company_key := null;
  end if;

  -- One index scan per side (a union, not an or, so each side keeps its own index).
  return query
    with matched as (
      select other.id
        from public.contact_submissions as other
       where pg_catalog.lower(other."Email") = email_key
      union
      select other.id
        from public.contact_submissions as other
       where pg_catalog.lower(pg_catalog.regexp_replace(other."Company", '\s', '', 'g'))
             = company_key
    )
    select other.id,
           other."Name",
           other."Email",
           other."Company",
           other.status,
           other.created_at,
           other.held_at is not null,
           pg_catalog.lower(other."Email") = email_key,
           coalesce(
             pg_catalog.lower(pg_catalog.regexp_replace(other."Company", '\s', '', 'g'))
               = company_key,
             false
           ),
           pg_catalog.count(*) over ()
      from matched
      join public.contact_submissions as other on other.id = matched.id
     where other.id <> _submission_id
     order by other.created_at desc, other.id desc
     limit shown;
end;
$$;

CREATE FUNCTION public.related_enquiries(_submission_id uuid, _limit integer DEFAULT 10) RETURNS TABLE(id uuid, name text, email text, company text, status text, created_at timestamp with time zone, held boolean, same_email boolean, same_company boolean, total bigint)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select * from private.related_enquiries(_submission_id, _limit);
$$;

COMMENT ON FUNCTION private.related_enquiries(_submission_id uuid, _limit integer) IS 'The other enquiries from the same address or company as one enquiry, newest first; see public.related_enquiries.';

COMMENT ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) IS 'Admins only (aal2): the other enquiries sent from the same e-mail address (any letter case) or naming the same company (any letter case and spacing), newest first, at most _limit (1 to 50, default 10), each with same_email, same_company, held and total (every match, for "and N more"). The enquiry itself is left out; 42501 for others.';

REVOKE ALL ON FUNCTION private.related_enquiries(_submission_id uuid, _limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION private.related_enquiries(_submission_id uuid, _limit integer) TO authenticated;

REVOKE ALL ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) TO authenticated;
GRANT ALL ON FUNCTION public.related_enquiries(_submission_id uuid, _limit integer) TO service_role;

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

REVOKE ALL ON FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) TO authenticated;
GRANT ALL ON FUNCTION public.save_enquiry_field(_submission_id uuid, _field text, _value text, _seen text) TO service_role;

CREATE FUNCTION private.send_enquiry_reply(_submission_id uuid, _body text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
  body text := pg_catalog.btrim(coalesce(_body, ''), E' \t\r\n');
  author_name text;
  author_email text;
  reply_id uuid;
  job_id uuid;
  held_reason text;
begin
  enquiry := private.require_reply_enquiry(_submission_id);
  if body = '' or pg_catalog.char_length(body) > 10000 then
    raise exception using
      errcode = '22023',
      message = 'Write a reply of 1 to 10,000 characters.',
      hint = 'enquiry_reply_body_invalid';
  end if;

  author_name := private.staff_display_name(auth.uid());
  author_email := pg_catalog.left((select account.email from auth.users as account where account.id = auth.uid()), 255);
  if author_email is null or author_email ~ '[[:cntrl:]]' then
    raise exception using
      errcode = '22023',
      message = 'Your account has no usable e-mail address to receive the answer.',
      hint = 'enquiry_reply_author_invalid';
  end if;

  insert into public.enquiry_replies (submission_id, channel, author_id, author_name, author_email, body)
  values (enquiry.id, 'reply', auth.uid(), author_name, author_email, body)
  returning id into reply_id;

  held_reason := private.reply_mail_over_cap(auth.uid());

  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload, status, last_error)
  values (
    'reply',
    enquiry.id,
    enquiry."Email",
    pg_catalog.jsonb_build_object(
      'reply_id', reply_id,
      'staff_name', author_name,
      'staff_email', author_email,
      'body', body
    ),
    case when held_reason is null then 'pending' else 'failed' end,
    held_reason
  )
  returning id into job_id;
  if held_reason is null then
    insert into private.reply_mail_releases (job_id, author_id) values (job_id, auth.uid());
  end if;

  -- a reply parked for review has not reached the prospect: it is no contact and no first
  -- response, so the reply clock keeps running and its reminders still come.
  if held_reason is null then
    update public.contact_submissions as target
       set last_contacted_at = pg_catalog.now()
     where target.id = enquiry.id;
  end if;

  perform private.write_enquiry_audit(
    'admin_enquiry_reply_sent',
    enquiry.id,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'reply_id', reply_id,
      'held_for_review', held_reason is not null or null
    ))
  );
  return pg_catalog.jsonb_build_object('reply_id', reply_id, 'held_for_review', held_reason is not null);
end;
$$;

CREATE FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.send_enquiry_reply(_submission_id, _body);
$$;

COMMENT ON FUNCTION private.send_enquiry_reply(_submission_id uuid, _body text) IS 'Admins only: stores a reply to the enquiry, queues it as a reply mail to the enquirer (Reply-To the staff member) unless that would pass the hourly caps, when the mail is parked for review instead; counts it as a contact and audits it. Called by public.send_enquiry_reply().';

COMMENT ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) IS 'Admins only (aal2): replies to an enquiry by e-mail from the site''s sender, with the caller''s name and Reply-To address; returns {"reply_id", "held_for_review"}: past 20 replies an hour from one staff member or 60 from the team the mail is parked for review, not sent. 42501 for others, 22023 for an empty or over-long text.';

REVOKE ALL ON FUNCTION private.send_enquiry_reply(_submission_id uuid, _body text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.send_enquiry_reply(_submission_id uuid, _body text) TO authenticated;

REVOKE ALL ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) TO authenticated;
GRANT ALL ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) TO service_role;

CREATE FUNCTION private.send_follow_up_reminders(_now timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  today date := private.london_today(_now);
  queued_count integer;
begin
  -- due today, or on one of the 6 days before when the clock did not run on the day; a
  -- follow-up already reminded, closed or a week stale gets nothing. The stamp and the job are
  -- one statement: a concurrent run waits on the row and then finds it reminded.
  with due as (
    update public.enquiry_follow_ups as follow_up
       set reminded_at = pg_catalog.now()
     where follow_up.state = 'open'
       and follow_up.reminded_at is null
       and follow_up.due_on <= today
       and follow_up.due_on > today - 7
    returning follow_up.id, follow_up.submission_id, follow_up.due_on, follow_up.note,
              follow_up.set_by, follow_up.set_by_email
  ),
  queued as (
    insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload)
    select 'follow_up_reminder',
           enquiry.id,
           -- a current admin only: the mail names the prospect. Null goes to the staff address.
           coalesce(
             assignee.email,
             case when private.has_role(setter.id, 'admin') then setter.email end
           ),
           pg_catalog.jsonb_build_object(
             'enquiry', pg_catalog.jsonb_build_object(
               'id', enquiry.id,
               'name', enquiry."Name",
               'company', enquiry."Company",
               'created_at', enquiry.created_at
             ),
             'follow_up', pg_catalog.jsonb_build_object(
               'id', due.id, 'due_on', due.due_on, 'note', due.note
             ),
             'assignee', case when assignee.id is null then null else pg_catalog.jsonb_build_object(
               'name', private.staff_display_name(assignee.id), 'email', assignee.email
             ) end
           )
      from due
      join public.contact_submissions as enquiry on enquiry.id = due.submission_id
      left join auth.users as assignee on assignee.id = enquiry.assigned_to
      left join auth.users as setter on setter.id = due.set_by
    returning 1
  )
  select pg_catalog.count(*)::integer into queued_count from queued;
  return queued_count;
end;
$$;

COMMENT ON FUNCTION private.send_follow_up_reminders(_now timestamp with time zone) IS 'Queues, as of _now, one follow_up_reminder per open follow-up due on London''s day (or up to 6 days before, for a missed run) to the enquiry''s assignee, else to whoever set it while they hold the admin role, else the staff address; stamps reminded_at in the same statement so each follow-up is reminded once. Returns how many were queued. Every 5 minutes by pg_cron or the embedded backend''s reply clock.';

REVOKE ALL ON FUNCTION private.send_follow_up_reminders(_now timestamp with time zone) FROM PUBLIC;

CREATE FUNCTION private.raise_enquiry_follow_up_changed(_enquiry public.contact_submissions, _seen uuid, _message text) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  open_one public.enquiry_follow_ups;
  seen_one public.enquiry_follow_ups;
  change text;
  changed_by text;
  changed_at timestamp with time zone;
begin
  select * into open_one
    from public.enquiry_follow_ups as follow_up
   where follow_up.submission_id = _enquiry.id and follow_up.state = 'open';
  select * into seen_one
    from public.enquiry_follow_ups as follow_up
   where follow_up.id = _seen and follow_up.submission_id = _enquiry.id;
  if seen_one.id is not null and seen_one.state <> 'open' then
    -- what became of the follow-up the writer saw: done, cleared or replaced, by whom and when.
    change := seen_one.state;
    changed_by := coalesce(private.staff_display_name(seen_one.closed_by), seen_one.closed_by_email);
    changed_at := seen_one.closed_at;
  elsif open_one.id is not null then
    -- the writer saw none (or not this one): who set the one open now.
    change := 'set';
    changed_by := coalesce(private.staff_display_name(open_one.set_by), open_one.set_by_email);
    changed_at := open_one.created_at;
  end if;
  raise exception using
    errcode = 'P0001',
    message = _message,
    detail = pg_catalog.jsonb_build_object(
      'field', 'follow_up',
      'seen', _seen,
      'current', case when open_one.id is null then null else pg_catalog.to_jsonb(open_one) end,
      'change', change,
      'changed_by', changed_by,
      'changed_at', changed_at,
      'enquiry', pg_catalog.to_jsonb(_enquiry)
    )::text,
    hint = 'enquiry_changed_since_seen';
end;
$$;

COMMENT ON FUNCTION private.raise_enquiry_follow_up_changed(_enquiry public.contact_submissions, _seen uuid, _message text) IS 'For the follow-up RPCs: raises P0001 with _message, hint enquiry_changed_since_seen and detail JSON {field: follow_up, seen (the follow-up id the writer saw open, or null), current (the open follow-up now, or null), change (set, replaced, done or cleared), changed_by (staff name, else the address kept), changed_at, enquiry}: what became of the one seen when it is closed, else who set the one open now.';

REVOKE ALL ON FUNCTION private.raise_enquiry_follow_up_changed(_enquiry public.contact_submissions, _seen uuid, _message text) FROM PUBLIC;

CREATE FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  trimmed_note text := nullif(pg_catalog.regexp_replace(coalesce(_note, ''), '^\s+|\s+$', '', 'g'), '');
  caller_email text := pg_catalog.left(auth.jwt() ->> 'email', 255);
  enquiry public.contact_submissions;
  open_one public.enquiry_follow_ups;
  follow_up_id uuid;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may set follow-ups.';
  end if;
  select target.* into enquiry
    from public.contact_submissions as target
   where target.id = _submission_id
     for update;
  if enquiry.id is null then
    raise exception using
      errcode = 'P0002',
      message = 'No such enquiry.',
      hint = 'enquiry_not_found';
  end if;
  if _due_on is null or _due_on < private.london_today() then
    raise exception using
      errcode = '22023',
      message = 'Choose today or a later date for the follow-up.',
      hint = 'enquiry_follow_up_date_past';
  end if;
  if pg_catalog.char_length(trimmed_note) > 5000 then
    raise exception using
      errcode = '22023',
      message = 'A follow-up note can be at most 5000 characters.',
      hint = 'enquiry_follow_up_note_too_long';
  end if;

  select * into open_one
    from public.enquiry_follow_ups as follow_up
   where follow_up.submission_id = enquiry.id and follow_up.state = 'open';
  if open_one.id is distinct from _replaces then
    -- already what this writer asks for: nothing to write, nothing lost.
    if open_one.due_on = _due_on and open_one.note is not distinct from trimmed_note then
      return open_one.id;
    end if;
    perform private.raise_enquiry_follow_up_changed(
      enquiry,
      _replaces,
      'The follow-up changed after you opened the enquiry, so yours was not set.'
    );
  end if;

  update public.enquiry_follow_ups as follow_up
     set state = 'replaced', closed_at = pg_catalog.now(), closed_by = auth.uid(),
         closed_by_email = caller_email
   where follow_up.id = open_one.id;

  insert into public.enquiry_follow_ups (submission_id, due_on, note, set_by, set_by_email)
  values (enquiry.id, _due_on, trimmed_note, auth.uid(), caller_email)
  returning id into follow_up_id;

  perform private.write_enquiry_audit(
    'admin_enquiry_follow_up_set',
    enquiry.id,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'follow_up_id', follow_up_id,
      'due_on', _due_on,
      'has_note', trimmed_note is not null,
      'replaced_follow_up_id', open_one.id
    ))
  );
  return follow_up_id;
end;
$_$;

CREATE FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text DEFAULT NULL::text, _replaces uuid DEFAULT NULL::uuid) RETURNS uuid
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.set_enquiry_follow_up(_submission_id, _due_on, _note, _replaces);
$$;

COMMENT ON FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) IS 'Admins only: sets the enquiry''s follow-up, due on a London day not in the past, with a trimmed note of at most 5000 characters or none, replacing the open one only while it is _replaces (the one the writer last saw open; null for none), under the enquiry''s row lock; audited as admin_enquiry_follow_up_set without the note. An open one with the same day and note is no change. Otherwise refused through private.raise_enquiry_follow_up_changed(). Called by public.set_enquiry_follow_up().';

COMMENT ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) IS 'Admins only (aal2): sets the enquiry''s one open follow-up for a day, today or later in London, with an optional note; returns its id. _replaces is the open follow-up the caller last saw (null for none): when the open one is another (a colleague set, replaced or closed one since), P0001 with hint enquiry_changed_since_seen and detail JSON {field: follow_up, seen, current, change, changed_by, changed_at, enquiry}. 42501 for others, 22023 for a past date or an over-long note, P0002 for an unknown enquiry.';

REVOKE ALL ON FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) TO authenticated;
GRANT ALL ON FUNCTION public.set_enquiry_follow_up(_submission_id uuid, _due_on date, _note text, _replaces uuid) TO service_role;

CREATE FUNCTION private.stamp_enquiry_note() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.author_id := auth.uid();
  new.author_email := pg_catalog.left(auth.jwt() ->> 'email', 255);
  new.created_at := pg_catalog.now();
  return new;
end;
$$;

COMMENT ON FUNCTION private.stamp_enquiry_note() IS 'BEFORE INSERT trigger on enquiry_notes: author_id and author_email from the caller''s JWT, created_at now.';

REVOKE ALL ON FUNCTION private.stamp_enquiry_note() FROM PUBLIC;

CREATE FUNCTION private.undo_enquiry_contact(_contact_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  contact public.enquiry_replies;
  enquiry public.contact_submissions;
  restored_contacted timestamptz;
  restored_first timestamptz;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may undo a recorded contact.';
  end if;
  select * into contact
    from public.enquiry_replies as found
   where found.id = _contact_id
     for update;
  if contact.id is null then
    raise exception using
      errcode = 'P0002',
      message = 'This call or contact is no longer recorded.',
      hint = 'enquiry_contact_not_found';
  end if;
  if contact.channel = 'reply' then
    raise exception using
      errcode = '22023',
      message = 'A sent reply cannot be undone: its e-mail is already on its way.',
      hint = 'enquiry_contact_undo_reply';
  end if;
  if contact.author_id is distinct from auth.uid() then
    raise exception using
      errcode = '42501',
      message = 'Only the staff member who recorded this contact can undo it.',
      hint = 'enquiry_contact_undo_not_author';
  end if;
  if contact.created_at < pg_catalog.now() - private.contact_undo_window() then
    raise exception using
      errcode = '22023',
      message = 'It is too late to undo this: a contact can be undone only in the first few seconds.',
      hint = 'enquiry_contact_undo_expired';
  end if;

  select * into enquiry
    from public.contact_submissions as found
   where found.id = contact.submission_id
     for update;

  restored_contacted := enquiry.last_contacted_at;
  restored_first := enquiry.first_response_at;
  if private.contact_counts(contact.channel, contact.outcome) then
    -- only what still holds the contact's own time: a later change by anyone else stays.
    if enquiry.last_contacted_at = contact.created_at then
      restored_contacted := contact.last_contacted_before;
    end if;
    if enquiry.first_response_at = contact.created_at then
      select pg_catalog.min(other.created_at) into restored_first
        from public.enquiry_replies as other
       where other.submission_id = contact.submission_id
         and other.id <> contact.id
         and other.created_at >= contact.created_at
         and private.contact_counts(other.channel, other.outcome);
      -- a date set by hand since the contact keeps the first response it has.
      if restored_first is null
         and restored_contacted is not null
         and restored_contacted is distinct from contact.last_contacted_before then
        restored_first := enquiry.first_response_at;
      end if;
    end if;
  end if;

  delete from public.enquiry_replies as removed where removed.id = contact.id;

  perform pg_catalog.set_config('kestrel.enquiry_contact_undo', 'on', true);
  update public.contact_submissions as target
     set last_contacted_at = restored_contacted,
         first_response_at = restored_first
   where target.id = enquiry.id
     and (target.last_contacted_at is distinct from restored_contacted
          or target.first_response_at is distinct from restored_first);
  perform pg_catalog.set_config('kestrel.enquiry_contact_undo', '', true);

  perform private.write_enquiry_audit(
    'admin_enquiry_contact_undone',
    enquiry.id,
    pg_catalog.jsonb_build_object(
      'contact_id', contact.id,
      'channel', contact.channel,
      'outcome', contact.outcome,
      'last_contacted_at', pg_catalog.jsonb_build_object('from', enquiry.last_contacted_at, 'to', restored_contacted),
      'first_response_at', pg_catalog.jsonb_build_object('from', enquiry.first_response_at, 'to', restored_first)
    )
  );
end;
$$;

CREATE FUNCTION public.undo_enquiry_contact(_contact_id uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.undo_enquiry_contact(_contact_id);
$$;

COMMENT ON FUNCTION private.undo_enquiry_contact(_contact_id uuid) IS 'Admins only: removes a recorded contact (phone or email) within contact_undo_window() for its author, restores the last-contacted date and first response it set where nobody has changed them since, and audits it once (admin_enquiry_contact_undone). Called by public.undo_enquiry_contact().';

COMMENT ON FUNCTION public.undo_enquiry_contact(_contact_id uuid) IS 'Admins only (aal2): undoes a call or own-mailbox reply the caller recorded in the last few seconds, putting back what it changed. 42501 for others and for another staff member''s contact, P0002 for an unknown one, 22023 for a sent reply or once the window has passed.';

REVOKE ALL ON FUNCTION private.undo_enquiry_contact(_contact_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.undo_enquiry_contact(_contact_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.undo_enquiry_contact(_contact_id uuid) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.undo_enquiry_contact(_contact_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.undo_enquiry_contact(_contact_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.undo_enquiry_contact(_contact_id uuid) TO service_role;

CREATE FUNCTION public.search_enquiry_list(_search text DEFAULT ''::text) RETURNS SETOF public.enquiry_list
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  ids uuid[] := private.enquiry_ids_matching(_search);
begin
  return query
    select l.* from public.enquiry_list as l where ids is null or l.id = any(ids);
end;
$$;

COMMENT ON FUNCTION public.search_enquiry_list(_search text) IS 'Admins only (aal2; 42501 for others): the enquiry list''s rows matching a search as staff typed it (see private.enquiry_ids_matching). Filter, order, page and count the result as the enquiry_list view.';

REVOKE ALL ON FUNCTION public.search_enquiry_list(_search text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.search_enquiry_list(_search text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.search_enquiry_list(_search text) TO authenticated;
GRANT ALL ON FUNCTION public.search_enquiry_list(_search text) TO service_role;

CREATE INDEX contact_submissions_phone_key_idx ON public.contact_submissions USING gin (private.phone_search_key("Phone") extensions.gin_trgm_ops) WHERE ("Phone" IS NOT NULL);

CREATE INDEX contact_submissions_search_text_idx ON public.contact_submissions USING gin (private.enquiry_search_text("Name", "Email", "Company", "Message") extensions.gin_trgm_ops);

CREATE INDEX enquiry_follow_ups_closed_by_idx ON public.enquiry_follow_ups USING btree (closed_by);

CREATE UNIQUE INDEX enquiry_follow_ups_one_open_idx ON public.enquiry_follow_ups USING btree (submission_id) WHERE (state = 'open'::text);

CREATE INDEX enquiry_follow_ups_open_due_on_idx ON public.enquiry_follow_ups USING btree (due_on) WHERE (state = 'open'::text);

CREATE INDEX enquiry_follow_ups_set_by_idx ON public.enquiry_follow_ups USING btree (set_by);

CREATE INDEX enquiry_follow_ups_submission_id_created_at_idx ON public.enquiry_follow_ups USING btree (submission_id, created_at DESC);

CREATE INDEX enquiry_notes_author_id_idx ON public.enquiry_notes USING btree (author_id);

CREATE INDEX enquiry_notes_submission_id_created_at_idx ON public.enquiry_notes USING btree (submission_id, created_at DESC);

CREATE INDEX enquiry_reads_submission_id_idx ON public.enquiry_reads USING btree (submission_id);

CREATE INDEX enquiry_replies_author_id_idx ON public.enquiry_replies USING btree (author_id);

CREATE INDEX enquiry_replies_submission_id_created_at_idx ON public.enquiry_replies USING btree (submission_id, created_at);

CREATE TRIGGER contact_submissions_check_workflow BEFORE INSERT OR UPDATE OF assigned_to, last_contacted_at ON public.contact_submissions FOR EACH ROW EXECUTE FUNCTION private.check_enquiry_workflow();

CREATE TRIGGER enquiry_notes_audit_insert AFTER INSERT ON public.enquiry_notes FOR EACH ROW EXECUTE FUNCTION private.audit_enquiry_note();

CREATE TRIGGER enquiry_notes_stamp_author BEFORE INSERT ON public.enquiry_notes FOR EACH ROW EXECUTE FUNCTION private.stamp_enquiry_note();

CREATE POLICY "admins add enquiry notes" ON public.enquiry_notes FOR INSERT TO authenticated WITH CHECK ((( SELECT private.is_admin() AS is_admin) AND (author_id = ( SELECT auth.uid() AS uid))));

CREATE POLICY "admins read enquiry follow-ups" ON public.enquiry_follow_ups FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins read enquiry notes" ON public.enquiry_notes FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins read enquiry replies" ON public.enquiry_replies FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins read their own read marks" ON public.enquiry_reads FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) AND ( SELECT private.is_admin() AS is_admin)));

