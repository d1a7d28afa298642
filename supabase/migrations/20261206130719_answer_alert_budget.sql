-- Answer alerts within an hourly budget per recipient: past answer_alerts_per_hour, one alert waits
-- for its turn and counts the answers received meanwhile, and an answer that names no enquiry and
-- that no alert would carry is not kept. queue_answer_alert now says whether it carried the answer,
-- so it is dropped and created again (a return type cannot be replaced).

alter table "private"."enquiry_limits" add column "answer_alerts_per_hour" integer not null default 10;

alter table "private"."enquiry_limits" add constraint "enquiry_limits_answer_alerts" CHECK (((answer_alerts_per_hour >= 1) AND (answer_alerts_per_hour <= 1000))) not valid;

alter table "private"."enquiry_limits" validate constraint "enquiry_limits_answer_alerts";

set check_function_bodies = off;

drop function private.queue_answer_alert(private.enquiry_answers);

CREATE FUNCTION private.queue_answer_alert(_answer private.enquiry_answers)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  if not private.queue_answer_alert(stored) then
    -- no enquiry shows it and no mail carries its text: kept, nobody would ever read it.
    delete from private.enquiry_answers as answer where answer.id = stored.id;
    return 'unkept';
  end if;
  return stored.state;
end;
$function$
;



COMMENT ON COLUMN private.enquiry_limits.answer_alerts_per_hour IS 'Answer alerts one recipient (an assignee, or the team inbox) is sent in any hour; past it one alert waits for its turn and counts the answers received meanwhile, so mail to a made-up reply address cannot flood staff.';
COMMENT ON FUNCTION private.queue_answer_alert(_answer private.enquiry_answers) IS 'Queues one short answer_alert mail about a received answer: to the enquiry''s assignee, or the team inbox when unassigned or when the answer names no enquiry (then with its text, there being no record to open). At most answer_alerts_per_hour alerts go to one recipient in any hour (by when each is due): past it one alert waits for its turn and counts the answers received meanwhile (payload more; unkept for those naming no enquiry). Returns false for an answer naming no enquiry that only such a count carries: the caller does not keep it.';
COMMENT ON FUNCTION public.receive_enquiry_answer(email_id text, token text, from_address text, subject text, body text, truncated boolean, attachments jsonb, message_id text, received_at timestamp with time zone) IS 'mail-events function only (service_role): stores one received answer once per email_id. From the mailbox of the enquiry its token names, it is attached: the enquiry becomes unread, goes back on the reply clock, and its assignee (else the team) gets one answer_alert (within its hourly limit, else counted in the next). From another mailbox, or with a token that names no enquiry, it is held for review with the same alert; one that names no enquiry and that no alert would carry is not kept (unkept). Returns attached, held, unkept or duplicate; 22023 for a malformed message.';

REVOKE ALL ON FUNCTION private.queue_answer_alert(_answer private.enquiry_answers) FROM PUBLIC;
