-- The prospect's answers: mail an enquirer sends back to a mail of ours.
--
-- Every mail to an enquirer carries the Reply-To reply+<token>@<inbound domain>. The token is
-- random and kept per enquiry, so it names the enquiry to us and to nobody who has not seen one of
-- our mails to them. The mail API posts each received message to the mail-events function, which
-- stores it through public.receive_enquiry_answer(): an answer from the enquiry's own mailbox joins
-- the record, makes the enquiry unread, puts it back on the reply clock and alerts its assignee;
-- any other answer is held for an admin to attach or discard, never attached by itself.

CREATE TABLE private.enquiry_reply_tokens (
    submission_id uuid NOT NULL,
    token text DEFAULT encode(extensions.gen_random_bytes(16), 'hex'::text) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT enquiry_reply_tokens_token_format CHECK ((token ~ '^[0-9a-f]{32}$'::text))
);

COMMENT ON TABLE private.enquiry_reply_tokens IS 'The token in the Reply-To (reply+<token>@<inbound domain>) of mail to an enquirer: random, one per enquiry, made when its first mail is claimed; deleted with the enquiry, after which an answer to it is held.';

COMMENT ON COLUMN private.enquiry_reply_tokens.submission_id IS 'The enquiry the token names.';

COMMENT ON COLUMN private.enquiry_reply_tokens.token IS '128 random bits in lower-case hex (mail systems may fold the case of an address).';

COMMENT ON COLUMN private.enquiry_reply_tokens.created_at IS 'When the token was made.';

ALTER TABLE ONLY private.enquiry_reply_tokens
    ADD CONSTRAINT enquiry_reply_tokens_pkey PRIMARY KEY (submission_id);

ALTER TABLE ONLY private.enquiry_reply_tokens
    ADD CONSTRAINT enquiry_reply_tokens_token_key UNIQUE (token);

ALTER TABLE private.enquiry_reply_tokens ENABLE ROW LEVEL SECURITY;

ALTER TABLE ONLY private.enquiry_reply_tokens
    ADD CONSTRAINT enquiry_reply_tokens_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

CREATE TABLE private.enquiry_answers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    provider_email_id text NOT NULL,
    submission_id uuid,
    state text NOT NULL,
    held_reason text,
    received_at timestamp with time zone NOT NULL,
    from_address text NOT NULL,
    subject text DEFAULT ''::text NOT NULL,
    body text NOT NULL,
    truncated boolean DEFAULT false NOT NULL,
    attachments jsonb DEFAULT '[]'::jsonb NOT NULL,
    message_id text,
    reviewed_by uuid,
    reviewed_at timestamp with time zone,
    CONSTRAINT enquiry_answers_attachments_array CHECK ((jsonb_typeof(attachments) = 'array'::text)),
    CONSTRAINT enquiry_answers_body_length CHECK ((char_length(body) <= 20000)),
    CONSTRAINT enquiry_answers_from_length CHECK (((char_length(from_address) >= 3) AND (char_length(from_address) <= 320))),
    CONSTRAINT enquiry_answers_held_reason CHECK ((((state = 'held'::text) AND (held_reason = ANY (ARRAY['other_sender'::text, 'unknown_token'::text]))) OR ((state = 'attached'::text) AND ((held_reason IS NULL) OR (reviewed_at IS NOT NULL))))),
    CONSTRAINT enquiry_answers_message_id_length CHECK (((message_id IS NULL) OR (char_length(message_id) <= 998))),
    CONSTRAINT enquiry_answers_provider_email_id_length CHECK (((char_length(provider_email_id) >= 1) AND (char_length(provider_email_id) <= 200))),
    CONSTRAINT enquiry_answers_state_valid CHECK ((state = ANY (ARRAY['attached'::text, 'held'::text]))),
    CONSTRAINT enquiry_answers_subject_length CHECK ((char_length(subject) <= 300))
);

COMMENT ON TABLE private.enquiry_answers IS 'Mail received at a reply address: the prospect''s answers on their enquiry (attached), and answers held for review (another sender, or a token that names no enquiry). Written by public.receive_enquiry_answer(); attached or discarded by an admin with public.review_enquiry_answer(); deleted with the enquiry, by erasure of the sender, and by retention.';

COMMENT ON COLUMN private.enquiry_answers.provider_email_id IS 'The mail API''s id of the received message: a webhook delivered twice stores one answer.';

COMMENT ON COLUMN private.enquiry_answers.submission_id IS 'The enquiry it answers; for a held answer whose token names none, the latest enquiry from the same mailbox, if any; else null.';

COMMENT ON COLUMN private.enquiry_answers.state IS 'attached (on the enquiry''s record) or held (waiting for an admin).';

COMMENT ON COLUMN private.enquiry_answers.held_reason IS 'Why it was held: other_sender (sent from another mailbox than the enquiry''s) or unknown_token (the token names no enquiry, e.g. one deleted); kept on an answer an admin attached.';

COMMENT ON COLUMN private.enquiry_answers.received_at IS 'When the mail API received it.';

COMMENT ON COLUMN private.enquiry_answers.from_address IS 'The address it came from (From header).';

COMMENT ON COLUMN private.enquiry_answers.subject IS 'Its subject, bounded.';

COMMENT ON COLUMN private.enquiry_answers.body IS 'Its text without the quoted history and signature, bounded.';

COMMENT ON COLUMN private.enquiry_answers.truncated IS 'True when the text was cut to the bound.';

COMMENT ON COLUMN private.enquiry_answers.attachments IS 'What was attached, by name and size only: [{"filename", "size", "content_type"}]; the files are not kept.';

COMMENT ON COLUMN private.enquiry_answers.message_id IS 'Its Message-ID header, which a staff reply names in In-Reply-To so it shows in the same thread.';

COMMENT ON COLUMN private.enquiry_answers.reviewed_by IS 'The admin who attached a held answer.';

COMMENT ON COLUMN private.enquiry_answers.reviewed_at IS 'When a held answer was attached.';

ALTER TABLE ONLY private.enquiry_answers
    ADD CONSTRAINT enquiry_answers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY private.enquiry_answers
    ADD CONSTRAINT enquiry_answers_provider_email_id_key UNIQUE (provider_email_id);

ALTER TABLE private.enquiry_answers ENABLE ROW LEVEL SECURITY;

ALTER TABLE ONLY private.enquiry_answers
    ADD CONSTRAINT enquiry_answers_reviewed_by_fkey FOREIGN KEY (reviewed_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY private.enquiry_answers
    ADD CONSTRAINT enquiry_answers_submission_id_fkey FOREIGN KEY (submission_id) REFERENCES public.contact_submissions(id) ON DELETE CASCADE;

CREATE INDEX enquiry_answers_submission_id_received_at_idx ON private.enquiry_answers USING btree (submission_id, received_at);

CREATE INDEX enquiry_answers_reviewed_by_idx ON private.enquiry_answers USING btree (reviewed_by);

CREATE INDEX enquiry_answers_received_at_idx ON private.enquiry_answers USING btree (received_at) WHERE (submission_id IS NULL);

CREATE FUNCTION private.enquiry_reply_token(_submission_id uuid) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  found text;
begin
  insert into private.enquiry_reply_tokens (submission_id)
  values (_submission_id)
  on conflict (submission_id) do nothing;
  select stored.token into found
    from private.enquiry_reply_tokens as stored
   where stored.submission_id = _submission_id;
  return found;
end;
$$;

COMMENT ON FUNCTION private.enquiry_reply_token(_submission_id uuid) IS 'The enquiry''s reply token, made on first use.';

REVOKE ALL ON FUNCTION private.enquiry_reply_token(_submission_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_reply_token(_submission_id uuid) TO service_role;

CREATE FUNCTION private.mail_thread(_submission_id uuid, _recipient text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry_email text;
begin
  if _submission_id is null or _recipient is null then
    return null;
  end if;
  select enquiry."Email" into enquiry_email
    from public.contact_submissions as enquiry
   where enquiry.id = _submission_id;
  -- only mail to the enquirer answers back to the record; staff mail about it does not.
  if enquiry_email is null or private.mailbox_key(enquiry_email) <> private.mailbox_key(_recipient) then
    return null;
  end if;
  return pg_catalog.jsonb_build_object(
    'enquiry_id', _submission_id,
    'token', private.enquiry_reply_token(_submission_id),
    'answer_message_id', (
      select answer.message_id
        from private.enquiry_answers as answer
       where answer.submission_id = _submission_id
         and answer.state = 'attached'
         and answer.message_id is not null
       order by answer.received_at desc
       limit 1
    )
  );
end;
$$;

COMMENT ON FUNCTION private.mail_thread(_submission_id uuid, _recipient text) IS 'For a mail to the enquirer: {"enquiry_id", "token" (its Reply-To token), "answer_message_id" (the Message-ID of their latest answer, or null)}, which the sender turns into the Reply-To, Message-ID, In-Reply-To and References of one thread; null for any other mail.';

REVOKE ALL ON FUNCTION private.mail_thread(_submission_id uuid, _recipient text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_thread(_submission_id uuid, _recipient text) TO service_role;

CREATE FUNCTION private.queue_answer_alert(_answer private.enquiry_answers) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
  assignee_email text;
  limits private.enquiry_limits;
  send_at timestamptz;
  gathering private.enquiry_mail_jobs;
  counter text;
begin
  if _answer.submission_id is not null then
    select * into enquiry from public.contact_submissions as s where s.id = _answer.submission_id;
    select account.email::text into assignee_email
      from auth.users as account
     where account.id = enquiry.assigned_to;
  end if;
  select * into limits from private.enquiry_limits where id;

  -- one recipient's count decides alert or gathering: two answers must not both read it below
  -- the limit.
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtext('answer_alerts:' || coalesce(assignee_email, '')));

  -- at most answer_alerts_per_hour go to one recipient in any hour, counted by when each goes
  -- out: the next may go an hour after the one that many alerts back.
  select job.next_attempt_at + interval '1 hour'
    into send_at
    from private.enquiry_mail_jobs as job
   where job.kind = 'answer_alert'
     and job.recipient is not distinct from assignee_email
     and job.status <> 'skipped'
     and job.next_attempt_at > pg_catalog.now() - interval '1 hour'
   order by job.next_attempt_at desc
   limit 1 offset limits.answer_alerts_per_hour - 1;
  send_at := greatest(coalesce(send_at, pg_catalog.now()), pg_catalog.now());

  if send_at > pg_catalog.now() then
    -- past the limit one alert waits for its turn and counts what comes meanwhile.
    select job.* into gathering
      from private.enquiry_mail_jobs as job
     where job.kind = 'answer_alert'
       and job.recipient is not distinct from assignee_email
       and job.status = 'pending'
       and job.attempts = 0
       and job.next_attempt_at > pg_catalog.now()
     order by job.next_attempt_at
     limit 1
       for update;
    if gathering.id is not null then
      -- an answer on an enquiry is there to read; one that names none would be kept where nobody
      -- sees it, so it is only counted, and the caller does not keep it.
      counter := case when _answer.submission_id is null then 'unkept' else 'more' end;
      update private.enquiry_mail_jobs as job
         set payload = pg_catalog.jsonb_set(
               job.payload,
               array[counter],
               pg_catalog.to_jsonb(coalesce((job.payload ->> counter)::integer, 0) + 1)),
             updated_at = pg_catalog.now()
       where job.id = gathering.id;
      return _answer.submission_id is not null;
    end if;
  end if;

  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload, next_attempt_at)
  values (
    'answer_alert',
    _answer.submission_id,
    assignee_email,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'enquiry', case when enquiry.id is not null then pg_catalog.jsonb_build_object(
        'id', enquiry.id, 'name', enquiry."Name", 'company', enquiry."Company",
        'created_at', enquiry.created_at
      ) end,
      'answer', pg_catalog.jsonb_build_object(
        'id', _answer.id,
        'from', _answer.from_address,
        'subject', _answer.subject,
        'received_at', _answer.received_at,
        'attachments', pg_catalog.jsonb_array_length(_answer.attachments),
        -- with no enquiry to open, the alert itself is where staff read it.
        'text', case when _answer.submission_id is null then _answer.body end
      ),
      'held_reason', _answer.held_reason
    )),
    send_at
  );
  return true;
end;
$$;

COMMENT ON FUNCTION private.queue_answer_alert(_answer private.enquiry_answers) IS 'Queues one short answer_alert mail about a received answer: to the enquiry''s assignee, or the team inbox when unassigned or when the answer names no enquiry (then with its text, there being no record to open). At most answer_alerts_per_hour alerts go to one recipient in any hour (by when each is due): past it one alert waits for its turn and counts the answers received meanwhile (payload more; unkept for those naming no enquiry). Returns false for an answer naming no enquiry that only such a count carries: the caller does not keep it.';

REVOKE ALL ON FUNCTION private.queue_answer_alert(_answer private.enquiry_answers) FROM PUBLIC;

CREATE FUNCTION public.receive_enquiry_answer(email_id text, token text, from_address text, subject text, body text, truncated boolean, attachments jsonb, message_id text, received_at timestamp with time zone) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  enquiry public.contact_submissions;
  stored private.enquiry_answers;
  target uuid;
  reason text;
begin
  if email_id is null or pg_catalog.char_length(email_id) not between 1 and 200 then
    raise exception using errcode = '22023', message = 'A received message needs its id (1 to 200 characters).';
  end if;
  if from_address is null or pg_catalog.char_length(from_address) not between 3 and 320
     or pg_catalog.strpos(from_address, '@') = 0 then
    raise exception using errcode = '22023', message = 'A received message needs the address it came from.';
  end if;
  if received_at is null or body is null then
    raise exception using errcode = '22023', message = 'A received message needs its time and text.';
  end if;
  if attachments is null or pg_catalog.jsonb_typeof(attachments) <> 'array' then
    raise exception using errcode = '22023', message = 'The attachments are a list.';
  end if;

  select s.* into enquiry
    from private.enquiry_reply_tokens as stored_token
    join public.contact_submissions as s on s.id = stored_token.submission_id
   where stored_token.token = pg_catalog.lower(receive_enquiry_answer.token);

  if enquiry.id is null then
    reason := 'unknown_token';
    -- held where staff will see it: the latest enquiry from the same mailbox, if any.
    select s.id into target
      from public.contact_submissions as s
     where private.mailbox_key(s."Email") = private.mailbox_key(from_address)
     order by s.created_at desc
     limit 1;
  elsif private.mailbox_key(enquiry."Email") <> private.mailbox_key(from_address) then
    reason := 'other_sender';
    target := enquiry.id;
  else
    target := enquiry.id;
  end if;

  insert into private.enquiry_answers as answer (
    provider_email_id, submission_id, state, held_reason, received_at, from_address, subject,
    body, truncated, attachments, message_id
  )
  values (
    email_id,
    target,
    case when reason is null then 'attached' else 'held' end,
    reason,
    received_at,
    from_address,
    pg_catalog.left(coalesce(subject, ''), 300),
    pg_catalog.left(body, 20000),
    coalesce(truncated, false) or pg_catalog.char_length(body) > 20000,
    (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
              'filename', pg_catalog.left(item ->> 'filename', 255),
              'size', case when item ->> 'size' ~ '^[0-9]{1,12}$' then (item ->> 'size')::bigint end,
              'content_type', pg_catalog.left(item ->> 'content_type', 255)
            )), '[]'::jsonb)
       from (select item from pg_catalog.jsonb_array_elements(attachments) as item
              where pg_catalog.jsonb_typeof(item) = 'object' limit 50) as listed),
    nullif(pg_catalog.left(message_id, 998), '')
  )
  on conflict on constraint enquiry_answers_provider_email_id_key do nothing
  returning answer.* into stored;
  if stored.id is null then
    return 'duplicate';
  end if;

  if stored.state = 'attached' then
    -- unread again for everyone who had opened it, the assignee first among them.
    delete from public.enquiry_reads as read_mark where read_mark.submission_id = stored.submission_id;
  end if;
  if not private.queue_answer_alert(stored) then
    -- no enquiry shows it and no mail carries its text: kept, nobody would ever read it.
    delete from private.enquiry_answers as answer where answer.id = stored.id;
    return 'unkept';
  end if;
  return stored.state;
end;
$$;

COMMENT ON FUNCTION public.receive_enquiry_answer(email_id text, token text, from_address text, subject text, body text, truncated boolean, attachments jsonb, message_id text, received_at timestamp with time zone) IS 'mail-events function only (service_role): stores one received answer once per email_id. From the mailbox of the enquiry its token names, it is attached: the enquiry becomes unread, goes back on the reply clock, and its assignee (else the team) gets one answer_alert (within its hourly limit, else counted in the next). From another mailbox, or with a token that names no enquiry, it is held for review with the same alert; one that names no enquiry and that no alert would carry is not kept (unkept). Returns attached, held, unkept or duplicate; 22023 for a malformed message.';

REVOKE ALL ON FUNCTION public.receive_enquiry_answer(email_id text, token text, from_address text, subject text, body text, truncated boolean, attachments jsonb, message_id text, received_at timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.receive_enquiry_answer(email_id text, token text, from_address text, subject text, body text, truncated boolean, attachments jsonb, message_id text, received_at timestamp with time zone) TO service_role;

CREATE FUNCTION private.review_enquiry_answer(_answer_id uuid, _action text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  answer private.enquiry_answers;
begin
  perform private.require_enquiry_admin();
  if _action is null or _action not in ('attach', 'discard') then
    raise exception using
      errcode = '22023',
      message = 'Attach the answer or discard it.',
      hint = 'enquiry_answer_action_invalid';
  end if;
  select * into answer
    from private.enquiry_answers as held
   where held.id = _answer_id
     and held.state = 'held'
     and held.submission_id is not null
     for update;
  if answer.id is null then
    raise exception using
      errcode = 'P0002',
      message = 'This answer is no longer held: another admin may have dealt with it.',
      hint = 'enquiry_answer_not_held';
  end if;
  if _action = 'attach' then
    update private.enquiry_answers as target
       set state = 'attached', reviewed_by = auth.uid(), reviewed_at = pg_catalog.now()
     where target.id = answer.id;
    delete from public.enquiry_reads as read_mark
     where read_mark.submission_id = answer.submission_id
       and read_mark.user_id <> auth.uid();
  else
    delete from private.enquiry_answers as target where target.id = answer.id;
  end if;
  perform private.write_enquiry_audit(
    case _action when 'attach' then 'admin_enquiry_answer_attached' else 'admin_enquiry_answer_discarded' end,
    answer.submission_id,
    pg_catalog.jsonb_build_object('answer_id', answer.id, 'held_reason', answer.held_reason)
  );
  return case _action when 'attach' then 'attached' else 'discarded' end;
end;
$$;

CREATE FUNCTION public.review_enquiry_answer(_answer_id uuid, _action text) RETURNS text
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.review_enquiry_answer(_answer_id, _action);
$$;

COMMENT ON FUNCTION private.review_enquiry_answer(_answer_id uuid, _action text) IS 'Admins only: attaches a held answer to its enquiry (then unread for the others and on the reply clock) or discards it (deleted), audited. Called by public.review_enquiry_answer().';

COMMENT ON FUNCTION public.review_enquiry_answer(_answer_id uuid, _action text) IS 'Admins only (aal2): _action attach or discard a held answer shown on an enquiry''s timeline; returns attached or discarded. 22023 enquiry_answer_action_invalid, P0002 enquiry_answer_not_held (dealt with already), 42501 for others.';

REVOKE ALL ON FUNCTION private.review_enquiry_answer(_answer_id uuid, _action text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.review_enquiry_answer(_answer_id uuid, _action text) TO authenticated;

REVOKE ALL ON FUNCTION public.review_enquiry_answer(_answer_id uuid, _action text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.review_enquiry_answer(_answer_id uuid, _action text) TO authenticated;
GRANT ALL ON FUNCTION public.review_enquiry_answer(_answer_id uuid, _action text) TO service_role;
