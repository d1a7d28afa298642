-- The enquirer's answers by mail: a reply token per enquiry for the Reply-To of mail to them,
-- answers stored on the record (or held for review), the answer alert, the thread a mail to the
-- enquirer belongs to, the reply clock running again after an answer, and the answers in
-- retention, subject access and erasure.

alter table "private"."enquiry_mail_jobs" drop constraint "enquiry_mail_jobs_kind_valid";

alter table "private"."enquiry_mail_jobs" drop constraint "enquiry_mail_jobs_recipient_by_kind";

drop function if exists "private"."enquiries_needing_reply"();

drop function if exists "public"."claim_enquiry_mail_jobs"(max_jobs integer);

drop function if exists "public"."enquiries_needing_reply"();


  create table "private"."enquiry_answers" (
    "id" uuid not null default gen_random_uuid(),
    "provider_email_id" text not null,
    "submission_id" uuid,
    "state" text not null,
    "held_reason" text,
    "received_at" timestamp with time zone not null,
    "from_address" text not null,
    "subject" text not null default ''::text,
    "body" text not null,
    "truncated" boolean not null default false,
    "attachments" jsonb not null default '[]'::jsonb,
    "message_id" text,
    "reviewed_by" uuid,
    "reviewed_at" timestamp with time zone
      );


alter table "private"."enquiry_answers" enable row level security;


  create table "private"."enquiry_reply_tokens" (
    "submission_id" uuid not null,
    "token" text not null default encode(extensions.gen_random_bytes(16), 'hex'::text),
    "created_at" timestamp with time zone not null default now()
      );


alter table "private"."enquiry_reply_tokens" enable row level security;

CREATE UNIQUE INDEX enquiry_answers_pkey ON private.enquiry_answers USING btree (id);

CREATE UNIQUE INDEX enquiry_answers_provider_email_id_key ON private.enquiry_answers USING btree (provider_email_id);

CREATE INDEX enquiry_answers_received_at_idx ON private.enquiry_answers USING btree (received_at) WHERE (submission_id IS NULL);

CREATE INDEX enquiry_answers_reviewed_by_idx ON private.enquiry_answers USING btree (reviewed_by);

CREATE INDEX enquiry_answers_submission_id_received_at_idx ON private.enquiry_answers USING btree (submission_id, received_at);

CREATE UNIQUE INDEX enquiry_reply_tokens_pkey ON private.enquiry_reply_tokens USING btree (submission_id);

CREATE UNIQUE INDEX enquiry_reply_tokens_token_key ON private.enquiry_reply_tokens USING btree (token);

alter table "private"."enquiry_answers" add constraint "enquiry_answers_pkey" PRIMARY KEY using index "enquiry_answers_pkey";

alter table "private"."enquiry_reply_tokens" add constraint "enquiry_reply_tokens_pkey" PRIMARY KEY using index "enquiry_reply_tokens_pkey";

alter table "private"."enquiry_answers" add constraint "enquiry_answers_attachments_array" CHECK ((jsonb_typeof(attachments) = 'array'::text)) not valid;

alter table "private"."enquiry_answers" validate constraint "enquiry_answers_attachments_array";

alter table "private"."enquiry_answers" add constraint "enquiry_answers_body_length" CHECK ((char_length(body) <= 20000)) not valid;

alter table "private"."enquiry_answers" validate constraint "enquiry_answers_body_length";

alter table "private"."enquiry_answers" add constraint "enquiry_answers_from_length" CHECK (((char_length(from_address) >= 3) AND (char_length(from_address) <= 320))) not valid;

alter table "private"."enquiry_answers" validate constraint "enquiry_answers_from_length";

alter table "private"."enquiry_answers" add constraint "enquiry_answers_held_reason" CHECK ((((state = 'held'::text) AND (held_reason = ANY (ARRAY['other_sender'::text, 'unknown_token'::text]))) OR ((state = 'attached'::text) AND ((held_reason IS NULL) OR (reviewed_at IS NOT NULL))))) not valid;

alter table "private"."enquiry_answers" validate constraint "enquiry_answers_held_reason";

alter table "private"."enquiry_answers" add constraint "enquiry_answers_message_id_length" CHECK (((message_id IS NULL) OR (char_length(message_id) <= 998))) not valid;

alter table "private"."enquiry_answers" validate constraint "enquiry_answers_message_id_length";

alter table "private"."enquiry_answers" add constraint "enquiry_answers_provider_email_id_key" UNIQUE using index "enquiry_answers_provider_email_id_key";

alter table "private"."enquiry_answers" add constraint "enquiry_answers_provider_email_id_length" CHECK (((char_length(provider_email_id) >= 1) AND (char_length(provider_email_id) <= 200))) not valid;

alter table "private"."enquiry_answers" validate constraint "enquiry_answers_provider_email_id_length";

alter table "private"."enquiry_answers" add constraint "enquiry_answers_reviewed_by_fkey" FOREIGN KEY (reviewed_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "private"."enquiry_answers" validate constraint "enquiry_answers_reviewed_by_fkey";

alter table "private"."enquiry_answers" add constraint "enquiry_answers_state_valid" CHECK ((state = ANY (ARRAY['attached'::text, 'held'::text]))) not valid;

alter table "private"."enquiry_answers" validate constraint "enquiry_answers_state_valid";

alter table "private"."enquiry_answers" add constraint "enquiry_answers_subject_length" CHECK ((char_length(subject) <= 300)) not valid;

alter table "private"."enquiry_answers" validate constraint "enquiry_answers_subject_length";

alter table "private"."enquiry_answers" add constraint "enquiry_answers_submission_id_fkey" FOREIGN KEY (submission_id) REFERENCES contact_submissions(id) ON DELETE CASCADE not valid;

alter table "private"."enquiry_answers" validate constraint "enquiry_answers_submission_id_fkey";

alter table "private"."enquiry_reply_tokens" add constraint "enquiry_reply_tokens_submission_id_fkey" FOREIGN KEY (submission_id) REFERENCES contact_submissions(id) ON DELETE CASCADE not valid;

alter table "private"."enquiry_reply_tokens" validate constraint "enquiry_reply_tokens_submission_id_fkey";

alter table "private"."enquiry_reply_tokens" add constraint "enquiry_reply_tokens_token_format" CHECK ((token ~ '^[0-9a-f]{32}$'::text)) not valid;

alter table "private"."enquiry_reply_tokens" validate constraint "enquiry_reply_tokens_token_format";

alter table "private"."enquiry_reply_tokens" add constraint "enquiry_reply_tokens_token_key" UNIQUE using index "enquiry_reply_tokens_token_key";

alter table "private"."enquiry_mail_jobs" add constraint "enquiry_mail_jobs_kind_valid" CHECK ((kind = ANY (ARRAY['staff_alert'::text, 'staff_digest'::text, 'acknowledgement'::text, 'reply'::text, 'reply_reminder'::text, 'reply_escalation'::text, 'weekly_summary'::text, 'follow_up_reminder'::text, 'consultation_booked'::text, 'consultation_moved'::text, 'consultation_cancelled'::text, 'consultation_reminder'::text, 'consultation_host_invite'::text, 'answer_alert'::text]))) not valid;

alter table "private"."enquiry_mail_jobs" validate constraint "enquiry_mail_jobs_kind_valid";

alter table "private"."enquiry_mail_jobs" add constraint "enquiry_mail_jobs_recipient_by_kind" CHECK (
CASE
    WHEN (kind = ANY (ARRAY['acknowledgement'::text, 'reply'::text, 'consultation_booked'::text, 'consultation_moved'::text, 'consultation_cancelled'::text, 'consultation_reminder'::text, 'consultation_host_invite'::text])) THEN (recipient IS NOT NULL)
    WHEN (kind = ANY (ARRAY['reply_reminder'::text, 'follow_up_reminder'::text, 'answer_alert'::text])) THEN true
    ELSE (recipient IS NULL)
END) not valid;

alter table "private"."enquiry_mail_jobs" validate constraint "enquiry_mail_jobs_recipient_by_kind";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.enquiry_reply_token(_submission_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.mail_thread(_submission_id uuid, _recipient text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.queue_answer_alert(_answer private.enquiry_answers)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  enquiry public.contact_submissions;
  assignee_email text;
begin
  if _answer.submission_id is not null then
    select * into enquiry from public.contact_submissions as s where s.id = _answer.submission_id;
    select account.email::text into assignee_email
      from auth.users as account
     where account.id = enquiry.assigned_to;
  end if;
  insert into private.enquiry_mail_jobs (kind, submission_id, recipient, payload)
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
    ))
  );
end;
$function$
;

CREATE OR REPLACE FUNCTION private.review_enquiry_answer(_answer_id uuid, _action text)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION public.receive_enquiry_answer(email_id text, token text, from_address text, subject text, body text, truncated boolean, attachments jsonb, message_id text, received_at timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  perform private.queue_answer_alert(stored);
  return stored.state;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.review_enquiry_answer(_answer_id uuid, _action text)
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.review_enquiry_answer(_answer_id, _action);
$function$
;

CREATE OR REPLACE FUNCTION private.apply_retention(_now timestamp with time zone DEFAULT now())
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  periods record;
  enquiry_cutoff timestamptz;
  audit_cutoff timestamptz;
  expired uuid[];
  counts jsonb;
  orphan_count integer;
  audit_count integer;
  rate_count integer;
  event_count integer;
  suppression_count integer;
  answer_count integer;
  total integer;
begin
  -- two runs at once would count the same rows twice.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('private.apply_retention'));

  select * into periods from private.retention_periods();
  enquiry_cutoff := _now - pg_catalog.make_interval(months => periods.enquiry_months);
  audit_cutoff := _now - pg_catalog.make_interval(months => periods.audit_log_months);

  select coalesce(pg_catalog.array_agg(enquiry.id), '{}')
    into expired
    from public.contact_submissions as enquiry
   where greatest(
           coalesce(enquiry.last_contacted_at, enquiry.created_at),
           -- the enquirer's answer by mail is contact too.
           (select pg_catalog.max(answer.received_at) from private.enquiry_answers as answer
             where answer.submission_id = enquiry.id and answer.state = 'attached')
         ) < enquiry_cutoff;

  counts := private.delete_enquiries(expired);

  -- mail about enquiries deleted before: a digest past the period keeps only the entries of
  -- enquiries that still exist...
  update private.enquiry_mail_jobs as job
     set payload = pg_catalog.jsonb_set(
           job.payload,
           '{enquiries}',
           coalesce(
             (select pg_catalog.jsonb_agg(entry)
                from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
               where private.digest_entry_is_live(entry)),
             '[]'::jsonb
           )
         ),
         updated_at = pg_catalog.now()
   where job.kind = 'staff_digest'
     and job.created_at < enquiry_cutoff
     and not (job.status = 'sending' and job.lease_until > pg_catalog.now())
     and pg_catalog.jsonb_typeof(job.payload -> 'enquiries') = 'array'
     and exists (
       select 1 from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
        where not private.digest_entry_is_live(entry)
     );

  -- ...and a job past the period whose enquiry is gone, or a digest left empty, is deleted.
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.created_at < enquiry_cutoff
       and not (job.status = 'sending' and job.lease_until > pg_catalog.now())
       and (
         (job.kind <> 'staff_digest' and job.submission_id is null)
         or (
           job.kind = 'staff_digest'
           and pg_catalog.jsonb_array_length(
                 case
                   when pg_catalog.jsonb_typeof(job.payload -> 'enquiries') = 'array'
                     then job.payload -> 'enquiries'
                   else '[]'::jsonb
                 end
               ) = 0
         )
       )
    returning 1
  )
  select pg_catalog.count(*)::integer into orphan_count from removed;

  counts := pg_catalog.jsonb_set(
    counts,
    '{enquiry_mail_jobs}',
    pg_catalog.to_jsonb((counts ->> 'enquiry_mail_jobs')::integer + orphan_count)
  );

  with removed as (
    delete from public.audit_log as entry
     where entry.created_at < audit_cutoff
    returning 1
  )
  select pg_catalog.count(*)::integer into audit_count from removed;

  counts := counts || pg_catalog.jsonb_build_object('audit_log', audit_count);

  -- the hourly rate counts of browser audit entries and reply mail need no row older than an
  -- hour; each write purges them too, but a quiet hour leaves the last ones standing.
  with removed as (
    delete from private.audit_browser_writes as old
     where old.created_at <= _now - interval '1 hour'
    returning 1
  ), removed_releases as (
    delete from private.reply_mail_releases as old
     where old.released_at <= _now - interval '1 hour'
    returning 1
  )
  select (select pg_catalog.count(*) from removed) + (select pg_catalog.count(*) from removed_releases)
    into rate_count;

  counts := counts || pg_catalog.jsonb_build_object('rate_records', rate_count);

  -- a delivery event past the period has served its purpose (a redelivery is days late at
  -- most), and a mailbox blocked that long ago with no enquiry left from it is forgotten.
  with removed as (
    delete from private.mail_events as event
     where event.applied_at < enquiry_cutoff
    returning 1
  )
  select pg_catalog.count(*)::integer into event_count from removed;
  with removed as (
    delete from private.mail_suppressions as blocked
     where blocked.suppressed_at < enquiry_cutoff
       and not exists (select 1 from public.contact_submissions as enquiry
                        where private.mailbox_key(enquiry."Email") = blocked.mailbox)
    returning 1
  )
  select pg_catalog.count(*)::integer into suppression_count from removed;

  -- an answer held with no enquiry to show it on goes when an enquiry would.
  with removed as (
    delete from private.enquiry_answers as answer
     where answer.submission_id is null
       and answer.received_at < enquiry_cutoff
    returning 1
  )
  select pg_catalog.count(*)::integer into answer_count from removed;

  counts := counts || pg_catalog.jsonb_build_object(
    'mail_events', event_count,
    'mail_suppressions', suppression_count
  );
  counts := pg_catalog.jsonb_set(
    counts,
    '{enquiry_answers}',
    pg_catalog.to_jsonb((counts ->> 'enquiry_answers')::integer + answer_count)
  );

  select pg_catalog.sum(value::integer)::integer into total
    from pg_catalog.jsonb_each_text(counts);

  if total > 0 then
    perform private.write_privacy_audit(
      'admin_retention_applied',
      'retention',
      null,
      counts || pg_catalog.jsonb_build_object(
        'enquiry_months', periods.enquiry_months,
        'audit_log_months', periods.audit_log_months
      )
    );
  end if;

  return counts;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.delete_enquiries(_ids uuid[])
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  id_texts text[] := coalesce(_ids::text[], '{}');
  note_count integer;
  follow_up_count integer;
  source_count integer;
  job_count integer;
  digest_count integer;
  enquiry_count integer;
  booking_count integer;
  answer_count integer;
begin
  -- notes, follow-ups, consultations and answers go with their enquiries (cascade): counted first.
  select pg_catalog.count(*)::integer into note_count
    from public.enquiry_notes as note where note.submission_id = any(_ids);
  select pg_catalog.count(*)::integer into follow_up_count
    from public.enquiry_follow_ups as follow_up where follow_up.submission_id = any(_ids);
  select pg_catalog.count(*)::integer into source_count
    from private.enquiry_sources as source where source.submission_id = any(_ids);
  select pg_catalog.count(*)::integer into booking_count
    from public.consultation_bookings as booking where booking.submission_id = any(_ids);
  select pg_catalog.count(*)::integer into answer_count
    from private.enquiry_answers as answer where answer.submission_id = any(_ids);
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.submission_id = any(_ids)
    returning 1
  )
  select pg_catalog.count(*)::integer into job_count from removed;
  -- a digest carries snapshots of several enquiries: drop these ones, and the digest itself
  -- when nothing is left in it.
  update private.enquiry_mail_jobs as job
     set payload = pg_catalog.jsonb_set(
           job.payload,
           '{enquiries}',
           coalesce(
             (select pg_catalog.jsonb_agg(entry)
                from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
               where not (entry ->> 'id') = any(id_texts)),
             '[]'::jsonb
           )
         ),
         updated_at = pg_catalog.now()
   where job.kind = 'staff_digest'
     and exists (
       select 1 from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
        where (entry ->> 'id') = any(id_texts)
     );
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.kind = 'staff_digest'
       and pg_catalog.jsonb_array_length(coalesce(job.payload -> 'enquiries', '[]'::jsonb)) = 0
    returning 1
  )
  select pg_catalog.count(*)::integer into digest_count from removed;
  with removed as (
    delete from public.contact_submissions as enquiry
     where enquiry.id = any(_ids)
    returning 1
  )
  select pg_catalog.count(*)::integer into enquiry_count from removed;
  -- the delete trigger's per-enquiry audit entries: the caller writes one entry for the whole.
  delete from public.audit_log as entry
   where entry.action = 'admin_enquiry_deleted'
     and entry.resource = 'contact_submissions'
     and entry.resource_id = any(id_texts)
     and entry.created_at = pg_catalog.now();
  return pg_catalog.jsonb_build_object(
    'contact_submissions', enquiry_count,
    'enquiry_notes', note_count,
    'enquiry_follow_ups', follow_up_count,
    'enquiry_sources', source_count,
    'enquiry_mail_jobs', job_count + digest_count,
    'consultation_bookings', booking_count,
    'enquiry_answers', answer_count
  );
end;
$function$
;

CREATE OR REPLACE FUNCTION private.enquiries_needing_reply()
 RETURNS TABLE(id uuid, created_at timestamp with time zone, due_at timestamp with time zone, overdue boolean, name text, company text, status text, assigned_to uuid, assignee_email text, mail_problem text, answered_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list enquiries awaiting a reply.';
  end if;
  return query
  with waiting as (
    -- never answered...
    select enquiry.id, enquiry.created_at as since, null::timestamptz as answered_at
      from public.contact_submissions as enquiry
     where enquiry.first_response_at is null
       and enquiry.held_at is null
       and enquiry.status in ('new', 'in_progress')
    union all
    -- ...or answered, and the enquirer has written back by mail since the last contact: the
    -- clock runs from their first answer not yet replied to, whatever the status (bar spam).
    select enquiry.id, unanswered.first_at, unanswered.first_at
      from public.contact_submissions as enquiry
      join lateral (
        select pg_catalog.min(answer.received_at) as first_at
          from private.enquiry_answers as answer
         where answer.submission_id = enquiry.id
           and answer.state = 'attached'
           and answer.received_at > coalesce(enquiry.last_contacted_at, enquiry.first_response_at)
      ) as unanswered on unanswered.first_at is not null
     where enquiry.first_response_at is not null
       and enquiry.held_at is null
       and enquiry.status <> 'spam'
  )
  select enquiry.id,
         enquiry.created_at,
         waiting.since + private.reply_promise(),
         waiting.since + private.reply_promise() <= pg_catalog.now(),
         enquiry."Name",
         enquiry."Company",
         enquiry.status,
         enquiry.assigned_to,
         account.email::text,
         private.mail_suppression_of(enquiry."Email"),
         waiting.answered_at
    from waiting
    join public.contact_submissions as enquiry on enquiry.id = waiting.id
    left join auth.users as account on account.id = enquiry.assigned_to
   order by waiting.since, enquiry.id
   limit 500;
end;
$function$
;

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
$function$
;

CREATE OR REPLACE FUNCTION private.erase_subject_data(_email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  address text;
  ids uuid[];
  counts jsonb;
  reply_count integer;
  job_count integer;
  digest_count integer;
  note_author_count integer;
  note_mention_count integer;
  audit_count integer;
  reply_author_count integer;
  reply_mention_count integer;
  call_note_count integer;
  follow_up_staff_count integer;
  follow_up_mention_count integer;
  browser_count integer;
  release_count integer;
  message_ids text[];
  event_count integer;
  suppression_count integer;
  answer_count integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may erase the data held about a person.';
  end if;
  address := private.require_subject_email(_email);
  select coalesce(pg_catalog.array_agg(enquiry.id), '{}')
    into ids
    from public.contact_submissions as enquiry
   where pg_catalog.lower(enquiry."Email") = address;
  -- replies on the address's enquiries go with them (cascade): counted first.
  select pg_catalog.count(*)::integer into reply_count
    from public.enquiry_replies as reply where reply.submission_id = any(ids);
  -- the mail API's events for its mail are found by the mail's message ids, which go with it.
  select coalesce(pg_catalog.array_agg(job.provider_message_id), '{}')
    into message_ids
    from private.enquiry_mail_jobs as job
   where job.provider_message_id is not null
     and (job.submission_id = any(ids) or pg_catalog.lower(job.recipient) = address);
  counts := private.delete_enquiries(ids);
  -- mail to or about the address that is no longer tied to one of its enquiries.
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.kind <> 'staff_digest'
       and (pg_catalog.lower(job.recipient) = address or private.json_names_email(job.payload, address))
    returning 1
  )
  select pg_catalog.count(*)::integer into job_count from removed;
  update private.enquiry_mail_jobs as job
     set payload = pg_catalog.jsonb_set(
           job.payload,
           '{enquiries}',
           coalesce(
             (select pg_catalog.jsonb_agg(entry)
                from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
               where not private.json_names_email(entry, address)),
             '[]'::jsonb
           )
         ),
         updated_at = pg_catalog.now()
   where job.kind = 'staff_digest'
     and private.json_names_email(job.payload, address);
  with removed as (
    delete from private.enquiry_mail_jobs as job
     where job.kind = 'staff_digest'
       and pg_catalog.jsonb_array_length(coalesce(job.payload -> 'enquiries', '[]'::jsonb)) = 0
    returning 1
  )
  select pg_catalog.count(*)::integer into digest_count from removed;
  -- a staff member's address on notes they wrote about other enquiries: the note stays, the
  -- address goes.
  with scrubbed as (
    update public.enquiry_notes as note
       set author_email = null
     where pg_catalog.lower(note.author_email) = address
    returning 1
  )
  select pg_catalog.count(*)::integer into note_author_count from scrubbed;
  -- a note on someone else's enquiry that names the address: the note is about that enquiry
  -- and stays, the address goes.
  with scrubbed as (
    update public.enquiry_notes as note
       set body = private.note_body_without_email(note.body, address)
     where private.text_names_email(note.body, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into note_mention_count from scrubbed;
  -- audit entries keep what happened and when, without the address: a staff member's trail is
  -- not deleted by looking up their address, only anonymised.
  with scrubbed as (
    update public.audit_log as entry
       set user_email = case when pg_catalog.lower(entry.user_email) = address then null else entry.user_email end,
           details = case when private.json_names_email(entry.details, address) then null else entry.details end
     where pg_catalog.lower(entry.user_email) = address
        or private.json_names_email(entry.details, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into audit_count from scrubbed;
  -- replies the address wrote as staff, or whose text or call note names it, on other enquiries:
  -- each keeps the rest without the address.
  with scrubbed as (
    update public.enquiry_replies as reply
       set author_email = null, author_name = null
     where pg_catalog.lower(reply.author_email) = address
    returning 1
  )
  select pg_catalog.count(*)::integer into reply_author_count from scrubbed;
  with scrubbed as (
    update public.enquiry_replies as reply
       set body = private.note_body_without_email(reply.body, address)
     where private.text_names_email(reply.body, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into reply_mention_count from scrubbed;
  with scrubbed as (
    update public.enquiry_replies as reply
       -- cut to the column's 2000: "[address removed]" is longer than a short address.
       set note = nullif(pg_catalog.left(private.note_body_without_email(reply.note, address), 2000), '')
     where private.text_names_email(reply.note, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into call_note_count from scrubbed;
  -- follow-ups on the address's enquiries went with them; those it set or closed, or whose note
  -- names it, keep the rest without the address.
  with scrubbed as (
    update public.enquiry_follow_ups as follow_up
       set set_by_email = case when pg_catalog.lower(follow_up.set_by_email) = address then null else follow_up.set_by_email end,
           closed_by_email = case when pg_catalog.lower(follow_up.closed_by_email) = address then null else follow_up.closed_by_email end
     where pg_catalog.lower(follow_up.set_by_email) = address
        or pg_catalog.lower(follow_up.closed_by_email) = address
    returning 1
  )
  select pg_catalog.count(*)::integer into follow_up_staff_count from scrubbed;
  with scrubbed as (
    update public.enquiry_follow_ups as follow_up
       set note = nullif(private.note_body_without_email(follow_up.note, address), '')
     where private.text_names_email(follow_up.note, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into follow_up_mention_count from scrubbed;
  -- consultation changes a staff member with this address made on other enquiries keep the
  -- change without the address.
  update private.consultation_changes as change
     set actor_email = null
   where pg_catalog.lower(change.actor_email) = address;
  -- the rate records of the account with this address; the account itself stays.
  with removed as (
    delete from private.audit_browser_writes as write
     where write.user_id in (select account.id from auth.users as account
                              where pg_catalog.lower(account.email) = address)
    returning 1
  )
  select pg_catalog.count(*)::integer into browser_count from removed;
  with removed as (
    delete from private.reply_mail_releases as release
     where release.author_id in (select account.id from auth.users as account
                                  where pg_catalog.lower(account.email) = address)
    returning 1
  )
  select pg_catalog.count(*)::integer into release_count from removed;
  with removed as (
    delete from private.mail_events as event
     where event.message_id = any(message_ids)
        or private.text_names_email(event.detail, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into event_count from removed;
  -- its answers by mail held on other enquiries, or on none (those on its own went with them).
  with removed as (
    delete from private.enquiry_answers as answer
     where private.mailbox_key(answer.from_address) = private.mailbox_key(address)
    returning 1
  )
  select pg_catalog.count(*)::integer into answer_count from removed;
  -- a blocked mailbox is unblocked: a later enquiry from it asks for mail afresh.
  with removed as (
    delete from private.mail_suppressions as blocked
     where blocked.mailbox = private.mailbox_key(address)
    returning 1
  )
  select pg_catalog.count(*)::integer into suppression_count from removed;
  counts := pg_catalog.jsonb_set(
    counts,
    '{enquiry_mail_jobs}',
    pg_catalog.to_jsonb((counts ->> 'enquiry_mail_jobs')::integer + job_count + digest_count)
  ) || pg_catalog.jsonb_build_object(
    'enquiry_notes_author_removed', note_author_count,
    'enquiry_notes_mentions_removed', note_mention_count,
    'audit_log_scrubbed', audit_count,
    'enquiry_replies', reply_count,
    'enquiry_replies_author_removed', reply_author_count,
    'enquiry_replies_mentions_removed', reply_mention_count,
    'enquiry_replies_note_mentions_removed', call_note_count,
    'enquiry_follow_ups_staff_removed', follow_up_staff_count,
    'enquiry_follow_ups_mentions_removed', follow_up_mention_count,
    'audit_browser_writes', browser_count,
    'reply_mail_releases', release_count,
    'mail_events', event_count,
    'mail_suppressions', suppression_count
  );
  counts := pg_catalog.jsonb_set(
    counts,
    '{enquiry_answers}',
    pg_catalog.to_jsonb((counts ->> 'enquiry_answers')::integer + answer_count)
  );
  perform private.write_privacy_audit('admin_subject_erasure', 'subject_data', null, counts, address);
  return counts;
end;
$function$
;

CREATE OR REPLACE FUNCTION private.subject_access(_email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  address text;
  ids uuid[];
  enquiries jsonb;
  notes jsonb;
  mentioning jsonb;
  sources jsonb;
  jobs jsonb;
  entries jsonb;
  replies jsonb;
  follow_ups jsonb;
  browser_writes jsonb;
  reply_releases jsonb;
  bookings jsonb;
  booking_changes jsonb;
  delivery_events jsonb;
  suppressions jsonb;
  answers jsonb;
  counts jsonb;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may look up the data held about a person.';
  end if;
  address := private.require_subject_email(_email);

  select coalesce(pg_catalog.array_agg(enquiry.id), '{}')
    into ids
    from public.contact_submissions as enquiry
   where pg_catalog.lower(enquiry."Email") = address;

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(enquiry) order by enquiry.created_at), '[]')
    into enquiries
    from public.contact_submissions as enquiry
   where enquiry.id = any(ids);

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(note) order by note.created_at), '[]')
    into notes
    from public.enquiry_notes as note
   where note.submission_id = any(ids)
      or pg_catalog.lower(note.author_email) = address;

  -- notes on other people's enquiries that name the address in their text.
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(note) order by note.created_at), '[]')
    into mentioning
    from public.enquiry_notes as note
   where not (note.submission_id = any(ids))
     and pg_catalog.lower(note.author_email) is distinct from address
     and private.text_names_email(note.body, address);

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(source) order by source.created_at), '[]')
    into sources
    from private.enquiry_sources as source
   where source.submission_id = any(ids);

  select coalesce(
           pg_catalog.jsonb_agg(
             pg_catalog.jsonb_build_object(
               'id', job.id,
               'kind', job.kind,
               'status', job.status,
               'submission_id', job.submission_id,
               'recipient', job.recipient,
               -- a digest also carries other people's enquiries: only this address's go out.
               'payload', case
                 when job.kind = 'staff_digest' then pg_catalog.jsonb_build_object(
                   'enquiries',
                   coalesce(
                     (select pg_catalog.jsonb_agg(entry)
                        from pg_catalog.jsonb_array_elements(job.payload -> 'enquiries') as entry
                       where private.json_names_email(entry, address)
                          or (entry ->> 'id') = any(ids::text[])),
                     '[]'::jsonb
                   )
                 )
                 else job.payload
               end,
               'created_at', job.created_at,
               'sent_at', job.sent_at
             )
             order by job.created_at
           ),
           '[]'
         )
    into jobs
    from private.enquiry_mail_jobs as job
   where job.submission_id = any(ids)
      or pg_catalog.lower(job.recipient) = address
      or private.json_names_email(job.payload, address);

  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(entry) order by entry.created_at), '[]')
    into entries
    from public.audit_log as entry
   where pg_catalog.lower(entry.user_email) = address
      or private.json_names_email(entry.details, address);

  -- replies and contacts on its enquiries, written by it, or whose text or call note names it.
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(reply) order by reply.created_at), '[]')
    into replies
    from public.enquiry_replies as reply
   where reply.submission_id = any(ids)
      or pg_catalog.lower(reply.author_email) = address
      or private.text_names_email(reply.body, address)
      or private.text_names_email(reply.note, address);
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(follow_up) order by follow_up.created_at), '[]')
    into follow_ups
    from public.enquiry_follow_ups as follow_up
   where follow_up.submission_id = any(ids)
      or pg_catalog.lower(follow_up.set_by_email) = address
      or pg_catalog.lower(follow_up.closed_by_email) = address
      or private.text_names_email(follow_up.note, address);
  -- the rate records of the account with this address, if there is one.
  select coalesce(pg_catalog.jsonb_agg(
           pg_catalog.jsonb_build_object('created_at', write.created_at, 'client_address', write.client_address)
           order by write.created_at), '[]')
    into browser_writes
    from private.audit_browser_writes as write
   where write.user_id in (select account.id from auth.users as account
                            where pg_catalog.lower(account.email) = address);
  select coalesce(pg_catalog.jsonb_agg(
           pg_catalog.jsonb_build_object('released_at', release.released_at)
           order by release.released_at), '[]')
    into reply_releases
    from private.reply_mail_releases as release
   where release.author_id in (select account.id from auth.users as account
                                where pg_catalog.lower(account.email) = address);
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(booking) order by booking.created_at), '[]')
    into bookings
    from public.consultation_bookings as booking
   where booking.submission_id = any(ids);
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(change) order by change.created_at), '[]')
    into booking_changes
    from private.consultation_changes as change
   where change.submission_id = any(ids)
      or pg_catalog.lower(change.actor_email) = address;
  -- what the mail API reported about mail to it, and whether its mailbox is blocked.
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(event) order by event.occurred_at), '[]')
    into delivery_events
    from private.mail_events as event
   where event.message_id in (select job.provider_message_id
                                from private.enquiry_mail_jobs as job
                               where job.submission_id = any(ids)
                                  or pg_catalog.lower(job.recipient) = address)
      or private.text_names_email(event.detail, address);
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(blocked)), '[]')
    into suppressions
    from private.mail_suppressions as blocked
   where blocked.mailbox = private.mailbox_key(address);
  -- answers by mail on its enquiries, or sent from its mailbox wherever they are held.
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(answer) order by answer.received_at), '[]')
    into answers
    from private.enquiry_answers as answer
   where answer.submission_id = any(ids)
      or private.mailbox_key(answer.from_address) = private.mailbox_key(address);
  counts := pg_catalog.jsonb_build_object(
    'contact_submissions', pg_catalog.jsonb_array_length(enquiries),
    'enquiry_notes', pg_catalog.jsonb_array_length(notes),
    'enquiry_notes_mentioning', pg_catalog.jsonb_array_length(mentioning),
    'enquiry_sources', pg_catalog.jsonb_array_length(sources),
    'enquiry_mail_jobs', pg_catalog.jsonb_array_length(jobs),
    'audit_log', pg_catalog.jsonb_array_length(entries),
    'enquiry_replies', pg_catalog.jsonb_array_length(replies),
    'enquiry_follow_ups', pg_catalog.jsonb_array_length(follow_ups),
    'audit_browser_writes', pg_catalog.jsonb_array_length(browser_writes),
    'reply_mail_releases', pg_catalog.jsonb_array_length(reply_releases),
    'consultation_bookings', pg_catalog.jsonb_array_length(bookings),
    'consultation_changes', pg_catalog.jsonb_array_length(booking_changes),
    'mail_events', pg_catalog.jsonb_array_length(delivery_events),
    'mail_suppressions', pg_catalog.jsonb_array_length(suppressions),
    'enquiry_answers', pg_catalog.jsonb_array_length(answers)
  );

  perform private.write_privacy_audit('admin_subject_access', 'subject_data', null, counts, address);

  return pg_catalog.jsonb_build_object(
    'email', address,
    'generated_at', pg_catalog.now(),
    'counts', counts,
    'contact_submissions', enquiries,
    'enquiry_notes', notes,
    'enquiry_notes_mentioning', mentioning,
    'enquiry_sources', sources,
    'enquiry_mail_jobs', jobs,
    'audit_log', entries,
    'enquiry_replies', replies,
    'enquiry_follow_ups', follow_ups,
    'audit_browser_writes', browser_writes,
    'reply_mail_releases', reply_releases,
    'consultation_bookings', bookings,
    'consultation_changes', booking_changes,
    'mail_events', delivery_events,
    'mail_suppressions', suppressions,
    'enquiry_answers', answers
  );
end;
$function$
;

CREATE OR REPLACE FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer DEFAULT 10)
 RETURNS TABLE(id uuid, kind text, recipient text, payload jsonb, attempts integer, claim_token uuid, thread jsonb)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  limits private.enquiry_limits;
begin
  select * into limits from private.enquiry_limits;

  -- a claim whose lease ran out on its last allowed attempt is parked rather than tried again.
  update private.enquiry_mail_jobs as job
     set status = 'failed',
         claim_token = null,
         lease_until = null,
         last_error = coalesce(job.last_error, 'The sender stopped before it finished the last attempt.'),
         updated_at = pg_catalog.now()
   where job.status = 'sending'
     and job.lease_until <= pg_catalog.now()
     and job.attempts >= limits.max_attempts;

  -- mail to an address that bounced for good or complained is never sent again (until an admin
  -- clears it): such a job is parked when it falls due, with the reason, and not retried.
  with suppressed as (
    select job.id, private.mail_suppression_of(job.recipient) as reason
      from private.enquiry_mail_jobs as job
     where job.recipient is not null
       and ((job.status = 'pending' and job.next_attempt_at <= pg_catalog.now())
            or (job.status = 'sending' and job.lease_until <= pg_catalog.now()))
       for update skip locked
  )
  update private.enquiry_mail_jobs as job
     set status = 'skipped',
         skip_reason = 'suppressed_' || suppressed.reason,
         claim_token = null,
         lease_until = null,
         updated_at = pg_catalog.now()
    from suppressed
   where job.id = suppressed.id
     and suppressed.reason is not null;

  return query
  with due as (
    select job.id
      from private.enquiry_mail_jobs as job
     where (job.status = 'pending' and job.next_attempt_at <= pg_catalog.now())
        or (job.status = 'sending' and job.lease_until <= pg_catalog.now())
     order by job.next_attempt_at
     limit greatest(1, least(coalesce(max_jobs, 10), 50))
       for update skip locked
  )
  update private.enquiry_mail_jobs as job
     set status = 'sending',
         attempts = job.attempts + 1,
         claim_token = gen_random_uuid(),
         lease_until = pg_catalog.now() + pg_catalog.make_interval(secs => limits.lease_seconds),
         updated_at = pg_catalog.now()
    from due
   where job.id = due.id
  returning job.id, job.kind, job.recipient, job.payload, job.attempts, job.claim_token,
            private.mail_thread(job.submission_id, job.recipient);
end;
$function$
;

CREATE OR REPLACE FUNCTION public.enquiries_needing_reply()
 RETURNS TABLE(id uuid, created_at timestamp with time zone, due_at timestamp with time zone, overdue boolean, name text, company text, status text, assigned_to uuid, assignee_email text, mail_problem text, answered_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.enquiries_needing_reply();
$function$
;



REVOKE ALL ON FUNCTION private.enquiry_reply_token(_submission_id uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.enquiry_reply_token(_submission_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiry_reply_token(_submission_id uuid) TO service_role;
REVOKE ALL ON FUNCTION private.mail_thread(_submission_id uuid, _recipient text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.mail_thread(_submission_id uuid, _recipient text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.mail_thread(_submission_id uuid, _recipient text) TO service_role;
REVOKE ALL ON FUNCTION private.queue_answer_alert(_answer private.enquiry_answers) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.queue_answer_alert(_answer private.enquiry_answers) FROM PUBLIC;
REVOKE ALL ON FUNCTION private.review_enquiry_answer(_answer_id uuid, _action text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.review_enquiry_answer(_answer_id uuid, _action text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.review_enquiry_answer(_answer_id uuid, _action text) TO authenticated;
REVOKE ALL ON FUNCTION public.receive_enquiry_answer(email_id text, token text, from_address text, subject text, body text, truncated boolean, attachments jsonb, message_id text, received_at timestamp with time zone) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.receive_enquiry_answer(email_id text, token text, from_address text, subject text, body text, truncated boolean, attachments jsonb, message_id text, received_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.receive_enquiry_answer(email_id text, token text, from_address text, subject text, body text, truncated boolean, attachments jsonb, message_id text, received_at timestamp with time zone) TO service_role;
REVOKE ALL ON FUNCTION public.review_enquiry_answer(_answer_id uuid, _action text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.review_enquiry_answer(_answer_id uuid, _action text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.review_enquiry_answer(_answer_id uuid, _action text) TO authenticated;
GRANT ALL ON FUNCTION public.review_enquiry_answer(_answer_id uuid, _action text) TO service_role;

COMMENT ON COLUMN private.enquiry_answers.attachments IS 'What was attached, by name and size only: [{"filename", "size", "content_type"}]; the files are not kept.';
COMMENT ON COLUMN private.enquiry_answers.body IS 'Its text without the quoted history and signature, bounded.';
COMMENT ON COLUMN private.enquiry_answers.from_address IS 'The address it came from (From header).';
COMMENT ON COLUMN private.enquiry_answers.held_reason IS 'Why it was held: other_sender (sent from another mailbox than the enquiry''s) or unknown_token (the token names no enquiry, e.g. one deleted); kept on an answer an admin attached.';
COMMENT ON COLUMN private.enquiry_answers.message_id IS 'Its Message-ID header, which a staff reply names in In-Reply-To so it shows in the same thread.';
COMMENT ON COLUMN private.enquiry_answers.provider_email_id IS 'The mail API''s id of the received message: a webhook delivered twice stores one answer.';
COMMENT ON COLUMN private.enquiry_answers.received_at IS 'When the mail API received it.';
COMMENT ON COLUMN private.enquiry_answers.reviewed_at IS 'When a held answer was attached.';
COMMENT ON COLUMN private.enquiry_answers.reviewed_by IS 'The admin who attached a held answer.';
COMMENT ON COLUMN private.enquiry_answers.state IS 'attached (on the enquiry''s record) or held (waiting for an admin).';
COMMENT ON COLUMN private.enquiry_answers.subject IS 'Its subject, bounded.';
COMMENT ON COLUMN private.enquiry_answers.submission_id IS 'The enquiry it answers; for a held answer whose token names none, the latest enquiry from the same mailbox, if any; else null.';
COMMENT ON COLUMN private.enquiry_answers.truncated IS 'True when the text was cut to the bound.';
COMMENT ON COLUMN private.enquiry_mail_jobs.kind IS 'staff_alert, staff_digest, acknowledgement, reply (a staff reply to the enquirer), reply_reminder, reply_escalation, weekly_summary, follow_up_reminder, consultation_booked, _moved, _cancelled or _reminder (to the enquirer, with the invitation), consultation_host_invite (to the booking''s host: their own invitation or cancellation), or answer_alert (to the assignee or the team: the enquirer answered by mail).';
COMMENT ON COLUMN private.enquiry_reply_tokens.created_at IS 'When the token was made.';
COMMENT ON COLUMN private.enquiry_reply_tokens.submission_id IS 'The enquiry the token names.';
COMMENT ON COLUMN private.enquiry_reply_tokens.token IS '128 random bits in lower-case hex (mail systems may fold the case of an address).';
COMMENT ON FUNCTION private.apply_retention(_now timestamp with time zone) IS 'Deletes enquiries (and their notes, answers by mail, client addresses and mail) past the retention period after their last contact (a staff contact or the enquirer''s latest answer by mail), answers held with no enquiry received before the period, mail whose enquiry was deleted once it was queued longer ago than that period, audit entries past theirs, the hourly rate records (browser audit writes, reply mail releases) older than an hour, delivery events applied before the period, and mailbox blocks set before it with no enquiry left from the mailbox, as of _now. Idempotent; returns counts per table; one admin_retention_applied entry per run that deleted anything. Daily by pg_cron or the embedded backend.';
COMMENT ON FUNCTION private.delete_enquiries(_ids uuid[]) IS 'Deletes enquiries with their notes, follow-ups, consultations (and their changes), answers by mail, client addresses, outbox jobs and digest entries, without per-enquiry audit entries; returns counts per table. For apply_retention, erase_subject_data and the bulk delete.';
COMMENT ON FUNCTION private.enquiries_needing_reply() IS 'Admins only: open enquiries (new or in_progress, not held) without a first response, and enquiries (not spam or held) whose enquirer answered by mail since the last contact, oldest due first, at most 500, each with whether mail to it is blocked. Called by public.enquiries_needing_reply().';
COMMENT ON FUNCTION private.enquiry_reply_token(_submission_id uuid) IS 'The enquiry''s reply token, made on first use.';
COMMENT ON FUNCTION private.enquiry_timeline(_submission_id uuid) IS 'Admins only: the events of one enquiry in order, read from what is already stored (the enquiry, the admin_* entries of audit_log, which only database code writes, bulk actions'' entries for each enquiry they changed, enquiry_notes, enquiry_replies with a call''s outcome and note, the enquirer''s answers by mail, the outbox); an undone contact shows as contact_undone, not as the contact). Each event names its actor by staff name (else the address kept) with actor_id in details. Called by public.enquiry_timeline().';
COMMENT ON FUNCTION private.erase_subject_data(_email text) IS 'Admins only: deletes every enquiry from an e-mail address (any case) with its notes, replies, follow-ups, client addresses and mail, and other mail naming it; removes the address from audit entries, and from the notes, replies, call notes and follow-ups of other enquiries that it wrote, set, closed or that name it; deletes the mail API''s delivery events for its mail (or naming it) and unblocks its mailbox (mail_events, mail_suppressions); deletes its answers by mail wherever they are held (enquiry_answers); deletes the hourly rate records of the account with that address (audit_browser_writes, reply_mail_releases), the account itself staying. One admin_subject_erasure audit entry with the counts per table. Called by public.erase_subject_data().';
COMMENT ON FUNCTION private.mail_thread(_submission_id uuid, _recipient text) IS 'For a mail to the enquirer: {"enquiry_id", "token" (its Reply-To token), "answer_message_id" (the Message-ID of their latest answer, or null)}, which the sender turns into the Reply-To, Message-ID, In-Reply-To and References of one thread; null for any other mail.';
COMMENT ON FUNCTION private.queue_answer_alert(_answer private.enquiry_answers) IS 'Queues one short answer_alert mail about a received answer: to the enquiry''s assignee, or the team inbox when unassigned or when the answer names no enquiry (then with its text, there being no record to open).';
COMMENT ON FUNCTION private.review_enquiry_answer(_answer_id uuid, _action text) IS 'Admins only: attaches a held answer to its enquiry (then unread for the others and on the reply clock) or discards it (deleted), audited. Called by public.review_enquiry_answer().';
COMMENT ON FUNCTION private.send_enquiry_reply(_submission_id uuid, _body text) IS 'Admins only: stores a reply to the enquiry, queues it as a reply mail to the enquirer (Reply-To the enquiry''s reply address, so their answer comes back to the record) unless that would pass the hourly caps, when the mail is parked for review instead; counts it as a contact and audits it. Called by public.send_enquiry_reply().';
COMMENT ON FUNCTION private.subject_access(_email text) IS 'Admins only: everything held about an e-mail address (any case) as one JSON document: its enquiries with their notes, sources and mail; other enquiries'' notes whose text names it (enquiry_notes_mentioning); replies and contacts on its enquiries, written by it, or whose text or call note names it; follow-ups on its enquiries, set or closed by it, or whose note names it; audit entries about it; the consultations of its enquiries and their changes, and changes it made as staff; the mail API''s delivery events for mail to it and whether its mailbox is blocked (mail_events, mail_suppressions); its answers by mail and those on its enquiries (enquiry_answers); and the hourly rate records of the account with that address (audit_browser_writes, reply_mail_releases). Audited as admin_subject_access with counts only. Called by public.subject_access().';
COMMENT ON FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer) IS 'Sender only (service_role): parks due jobs to a suppressed address as skipped (suppressed_bounced, suppressed_complained), then claims up to max_jobs due mail jobs (FOR UPDATE SKIP LOCKED) with a lease, and returns them with their claim tokens and, for mail to the enquirer, its thread (private.mail_thread).';
COMMENT ON FUNCTION public.enquiries_needing_reply() IS 'Admins only (aal2): open enquiries awaiting a first response with their due time (arrival + the reply promise), assignee, mail_problem (bounced, complained or null) and answered_at: for an enquiry back on the clock because the enquirer answered by mail since the last contact, the time of their first answer not yet replied to (due 24 hours after it), else null. Oldest due first. 42501 for others.';
COMMENT ON FUNCTION public.enquiry_timeline(_submission_id uuid) IS 'Admins only (aal2): one enquiry''s events oldest first: received, status/assignee/last-contacted changes, notes, replies and recorded contacts, the enquirer''s answers by mail (prospect_answer, or prospect_answer_held for review), and each mail (acknowledgement, alert, digest, reply, reminder, escalation) with its outcome and delivery_state, a bounce or complaint as its own event (mail_<kind>_bounced, _complained). Empty for an unknown enquiry; 42501 for others.';
COMMENT ON FUNCTION public.receive_enquiry_answer(email_id text, token text, from_address text, subject text, body text, truncated boolean, attachments jsonb, message_id text, received_at timestamp with time zone) IS 'mail-events function only (service_role): stores one received answer once per email_id. From the mailbox of the enquiry its token names, it is attached: the enquiry becomes unread, goes back on the reply clock, and its assignee (else the team) gets one answer_alert. From another mailbox, or with a token that names no enquiry, it is held for review with the same alert. Returns attached, held or duplicate; 22023 for a malformed message.';
COMMENT ON FUNCTION public.review_enquiry_answer(_answer_id uuid, _action text) IS 'Admins only (aal2): _action attach or discard a held answer shown on an enquiry''s timeline; returns attached or discarded. 22023 enquiry_answer_action_invalid, P0002 enquiry_answer_not_held (dealt with already), 42501 for others.';
COMMENT ON FUNCTION public.send_enquiry_reply(_submission_id uuid, _body text) IS 'Admins only (aal2): replies to an enquiry by e-mail from the site''s sender, with the caller''s name, in the thread of the enquirer''s answers; returns {"reply_id", "held_for_review"}: past 20 replies an hour from one staff member or 60 from the team the mail is parked for review, not sent. 42501 for others, 22023 for an empty or over-long text.';
COMMENT ON TABLE private.enquiry_answers IS 'Mail received at a reply address: the prospect''s answers on their enquiry (attached), and answers held for review (another sender, or a token that names no enquiry). Written by public.receive_enquiry_answer(); attached or discarded by an admin with public.review_enquiry_answer(); deleted with the enquiry, by erasure of the sender, and by retention.';
COMMENT ON TABLE private.enquiry_reply_tokens IS 'The token in the Reply-To (reply+<token>@<inbound domain>) of mail to an enquirer: random, one per enquiry, made when its first mail is claimed; deleted with the enquiry, after which an answer to it is held.';

REVOKE ALL ON FUNCTION private.enquiries_needing_reply() FROM PUBLIC;
GRANT ALL ON FUNCTION private.enquiries_needing_reply() TO authenticated;

REVOKE ALL ON FUNCTION public.enquiries_needing_reply() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.enquiries_needing_reply() TO authenticated;
GRANT ALL ON FUNCTION public.enquiries_needing_reply() TO service_role;

REVOKE ALL ON FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.claim_enquiry_mail_jobs(max_jobs integer) TO service_role;
