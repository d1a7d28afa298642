-- The enquiry workflow: notes, replies and logged calls, and the timeline that shows them.
--
-- A reply is mailed from the staff area; a call, or an answer sent from the staff member's own
-- mailbox, is recorded and may be undone by its author for a few seconds. Which of them count as
-- contacting the prospect is decided here.

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

ALTER TABLE ONLY public.enquiry_notes
    ADD CONSTRAINT enquiry_notes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.enquiry_replies
    ADD CONSTRAINT enquiry_replies_pkey PRIMARY KEY (id);

ALTER TABLE public.enquiry_notes ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.enquiry_replies ENABLE ROW LEVEL SECURITY;

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

ALTER TABLE ONLY public.enquiry_notes
    ADD CONSTRAINT enquiry_notes_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.enquiry_notes
    ADD CONSTRAINT enquiry_notes_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.enquiry_replies
    ADD CONSTRAINT enquiry_replies_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.enquiry_replies
    ADD CONSTRAINT enquiry_replies_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

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
      -- the enquirer's answers by mail, and answers held for review.
      select answer.received_at, 2,
             case answer.state when 'attached' then 'prospect_answer' else 'prospect_answer_held' end,
             answer.from_address,
             pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
               'answer_id', answer.id, 'from', answer.from_address, 'subject', answer.subject,
               'body', answer.body, 'truncated', answer.truncated,
               'attachments', answer.attachments, 'held_reason', answer.held_reason
             ))
        from private.enquiry_answers as answer
       where answer.submission_id = _submission_id
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
               'reply_id', job.payload -> 'reply_id',
               'delivery_state', job.delivery_state
             ))
        from private.enquiry_mail_jobs as job
       where job.submission_id = _submission_id
          or (job.kind = 'staff_digest' and exists (
                select 1 from pg_catalog.jsonb_array_elements(
                  case when pg_catalog.jsonb_typeof(job.payload -> 'enquiries') = 'array'
                       then job.payload -> 'enquiries' else '[]'::jsonb end) as entry
                 where entry ->> 'id' = _submission_id::text))
      union all
      -- a bounce or a complaint is an event of its own, when the mail API reported it.
      select job.delivery_changed_at, 4,
             'mail_' || job.kind || '_' || job.delivery_state,
             null,
             pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
               'job_id', job.id,
               'delivery_detail', job.delivery_detail
             ))
        from private.enquiry_mail_jobs as job
       where job.submission_id = _submission_id
         and job.delivery_state in ('bounced', 'complained')
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

COMMENT ON FUNCTION private.enquiry_timeline(_submission_id uuid) IS 'Admins only: the events of one enquiry in order, read from what is already stored (the enquiry, the admin_* entries of audit_log, which only database code writes, bulk actions'' entries for each enquiry they changed, enquiry_notes, enquiry_replies with a call''s outcome and note, the enquirer''s answers by mail, the outbox); an undone contact shows as contact_undone, not as the contact). Each event names its actor by staff name (else the address kept) with actor_id in details. Called by public.enquiry_timeline().';

COMMENT ON FUNCTION public.enquiry_timeline(_submission_id uuid) IS 'Admins only (aal2): one enquiry''s events oldest first: received, status/assignee/last-contacted changes, notes, replies and recorded contacts, the enquirer''s answers by mail (prospect_answer, or prospect_answer_held for review), and each mail (acknowledgement, alert, digest, reply, reminder, escalation) with its outcome and delivery_state, a bounce or complaint as its own event (mail_<kind>_bounced, _complained). Empty for an unknown enquiry; 42501 for others.';

REVOKE ALL ON FUNCTION private.enquiry_timeline(_submission_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_timeline(_submission_id uuid) TO authenticated;

REVOKE ALL ON FUNCTION public.enquiry_timeline(_submission_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.enquiry_timeline(_submission_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.enquiry_timeline(_submission_id uuid) TO service_role;

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

REVOKE ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) TO authenticated;
GRANT ALL ON FUNCTION public.record_enquiry_contact(_submission_id uuid, _channel text, _outcome text, _note text, _seen_last_contacted timestamp with time zone) TO service_role;

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

COMMENT ON FUNCTION private.send_enquiry_reply(_submission_id uuid, _body text) IS 'Admins only: stores a reply to the enquiry, queues it as a reply mail to the enquirer (Reply-To the enquiry''s reply address, so their answer comes back to the record) unless that would pass the hourly caps, when the mail is parked for review instead; counts it as a contact and audits it. Called by public.send_enquiry_reply().';

COMMENT ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) IS 'Admins only (aal2): replies to an enquiry by e-mail from the site''s sender, with the caller''s name, in the thread of the enquirer''s answers; returns {"reply_id", "held_for_review"}: past 20 replies an hour from one staff member or 60 from the team the mail is parked for review, not sent. 42501 for others, 22023 for an empty or over-long text.';

REVOKE ALL ON FUNCTION private.send_enquiry_reply(_submission_id uuid, _body text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.send_enquiry_reply(_submission_id uuid, _body text) TO authenticated;

REVOKE ALL ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) TO authenticated;
GRANT ALL ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) TO service_role;

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

REVOKE ALL ON FUNCTION public.undo_enquiry_contact(_contact_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.undo_enquiry_contact(_contact_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.undo_enquiry_contact(_contact_id uuid) TO service_role;

CREATE INDEX enquiry_notes_author_id_idx ON public.enquiry_notes USING btree (author_id);

CREATE INDEX enquiry_notes_submission_id_created_at_idx ON public.enquiry_notes USING btree (submission_id, created_at DESC);

CREATE INDEX enquiry_replies_author_id_idx ON public.enquiry_replies USING btree (author_id);

CREATE INDEX enquiry_replies_submission_id_created_at_idx ON public.enquiry_replies USING btree (submission_id, created_at);

CREATE TRIGGER enquiry_notes_audit_insert AFTER INSERT ON public.enquiry_notes FOR EACH ROW EXECUTE FUNCTION private.audit_enquiry_note();

CREATE TRIGGER enquiry_notes_stamp_author BEFORE INSERT ON public.enquiry_notes FOR EACH ROW EXECUTE FUNCTION private.stamp_enquiry_note();

CREATE POLICY "admins add enquiry notes" ON public.enquiry_notes FOR INSERT TO authenticated WITH CHECK ((( SELECT private.is_admin() AS is_admin) AND (author_id = ( SELECT auth.uid() AS uid))));

CREATE POLICY "admins read enquiry notes" ON public.enquiry_notes FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));

CREATE POLICY "admins read enquiry replies" ON public.enquiry_replies FOR SELECT TO authenticated USING (( SELECT private.is_admin() AS is_admin));
