-- Migration: a logged call says how it went (reached, voicemail, no answer) and may carry a note,
-- and a recorded contact can be undone by its author for a few seconds.
--
-- Which calls count: a call that reached the prospect or left them a voicemail is a contact. It
-- moves last_contacted_at, and the first one stamps first_response_at (through
-- private.guard_first_response(), as before). A call that nobody answered is only an attempt:
-- it is stored and shown in the timeline, but changes nothing on the enquiry, because the
-- prospect has heard nothing from us and the reply promise still runs. A reply from one's own
-- mailbox (email) counts, as before.
--
-- The old call shape still works: public.record_enquiry_contact(_submission_id, _channel) takes
-- two more arguments with defaults (_outcome, _note); a phone contact without an outcome is
-- recorded as reached, which is what a logged call meant before outcomes existed (and existing
-- phone rows are marked reached).
--
-- Undo: public.undo_enquiry_contact(_contact_id) removes a recorded contact (phone or email, not
-- a sent reply, whose mail is already queued) within private.contact_undo_window() of recording
-- it, for its author only, and restores what the contact changed where nobody has changed it
-- since: last_contacted_at goes back to the value stored on the contact (last_contacted_before)
-- while it still holds the contact's time, and a first_response_at the contact stamped goes to
-- the next counting contact's time, or back to null. It writes one audit entry,
-- admin_enquiry_contact_undone, with what it restored; the per-field audit entries and the
-- first-response guard stand aside for that one statement (the transaction-local setting
-- kestrel.enquiry_contact_undo, which a Data API request cannot set). The audit entries of the
-- contact itself stay: the audit log is never rewritten.
--
-- Refusals: 42501 for a non-admin or another staff member's contact (hint
-- enquiry_contact_undo_not_author), P0002 for an unknown contact (hint enquiry_contact_not_found),
-- 22023 for a sent reply (hint enquiry_contact_undo_reply) or once the window has passed (hint
-- enquiry_contact_undo_expired); 22023 from record_enquiry_contact for an unknown outcome or an
-- outcome on an e-mail (hint enquiry_contact_outcome_invalid) and for a note over 2000
-- characters (hint enquiry_contact_note_invalid).
--
-- Timeline: contacts carry their outcome and note; an undone contact is gone from it, and so is
-- the last-contacted change it made (matched on the contact's audit entry, which stays).
--
-- Subject rights: a call's note is covered like a reply's text: access lists contacts whose note
-- names the address, erasure removes the address from the note.
--
-- Objects: columns public.enquiry_replies.outcome, note, last_contacted_before; functions
-- private.contact_undo_window, private.contact_counts (new); private.record_enquiry_contact and
-- public.record_enquiry_contact (replaced with two more arguments); private.undo_enquiry_contact
-- and public.undo_enquiry_contact (new); private.guard_first_response,
-- private.audit_enquiry_change and private.enquiry_timeline (replaced, same signatures);
-- private.subject_access and private.erase_subject_data wrap the previous versions (renamed
-- *_before_call_notes).

-- Columns -----------------------------------------------------------------------------------

alter table public.enquiry_replies
  add column outcome text,
  add column note text,
  add column last_contacted_before timestamptz;

update public.enquiry_replies set outcome = 'reached' where channel = 'phone';

alter table public.enquiry_replies
  add constraint enquiry_replies_outcome_for_phone check (
    case when channel = 'phone' then outcome in ('reached', 'voicemail', 'no_answer')
         else outcome is null end
  ),
  add constraint enquiry_replies_note_length check (
    note is null or (channel <> 'reply' and char_length(note) between 1 and 2000)
  );

comment on table public.enquiry_replies is
  'Replies and recorded contacts of an enquiry. Written only by send_enquiry_reply() and record_enquiry_contact(); a recorded contact may be removed by its author through undo_enquiry_contact() within seconds; read by admins, otherwise deleted only with their enquiry.';
comment on column public.enquiry_replies.outcome is
  'How a call went: reached, voicemail or no_answer (phone only; null for the other channels). reached and voicemail count as a contact, no_answer does not.';
comment on column public.enquiry_replies.note is
  'A staff note on a recorded contact (1-2000 characters), e.g. what was agreed; null when none, and always null for a sent reply (its text is body).';
comment on column public.enquiry_replies.last_contacted_before is
  'The enquiry''s last_contacted_at before this contact moved it, so that an undo can put it back; null when it was unset or the contact did not move it.';

-- Rules -------------------------------------------------------------------------------------

create function private.contact_undo_window()
returns interval
language sql
immutable
set search_path = ''
as $$
  select interval '15 seconds';
$$;

comment on function private.contact_undo_window() is
  'How long after recording a contact its author may undo it (15 seconds); the staff area offers Undo for less, so a press near the end still arrives in time.';

revoke execute on function private.contact_undo_window() from public, anon, authenticated;

create function private.contact_counts(_channel text, _outcome text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select _channel in ('reply', 'email')
      or (_channel = 'phone' and _outcome in ('reached', 'voicemail'));
$$;

comment on function private.contact_counts(text, text) is
  'Whether a reply or recorded contact counts as contacting the prospect (moves last_contacted_at, may be the first response): every reply and e-mail, and a call that reached them or left a voicemail; not a call nobody answered.';

revoke execute on function private.contact_counts(text, text) from public, anon, authenticated;

-- The guards stand aside for an undo ---------------------------------------------------------

create or replace function private.guard_first_response()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.first_response_at := null;
    return new;
  end if;
  -- an undo of a contact restores the first response itself (private.undo_enquiry_contact).
  if coalesce(pg_catalog.current_setting('kestrel.enquiry_contact_undo', true), '') <> '' then
    return new;
  end if;
  if new.first_response_at is distinct from old.first_response_at then
    raise exception using
      errcode = 'P0001',
      message = 'The first response time is set by the database when staff reply or record a contact.',
      hint = 'contact_submissions_first_response_read_only';
  end if;
  if new.first_response_at is null
     and new.last_contacted_at is not null
     and new.last_contacted_at is distinct from old.last_contacted_at then
    -- the database's clock, not the date given: a contact counts from when it was recorded.
    new.first_response_at := pg_catalog.now();
  end if;
  return new;
end;
$$;

comment on function private.guard_first_response() is
  'BEFORE INSERT/UPDATE trigger on contact_submissions: first_response_at is null on insert, refused when a statement changes it (P0001, hint contact_submissions_first_response_read_only), and stamped now the first time last_contacted_at is set; an undo of a contact (kestrel.enquiry_contact_undo set) restores it itself.';

create or replace function private.audit_enquiry_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- a bulk action, and an undo of a contact, write one entry of their own.
  if coalesce(pg_catalog.current_setting('kestrel.enquiry_bulk_action', true), '') <> ''
     or coalesce(pg_catalog.current_setting('kestrel.enquiry_contact_undo', true), '') <> '' then
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
  'AFTER UPDATE/DELETE trigger on contact_submissions: one audit_log entry per changed workflow field, and one per deletion; nothing inside a bulk action (kestrel.enquiry_bulk_action set) or an undo of a contact (kestrel.enquiry_contact_undo set), which write their own single entry.';

-- Recording a contact -----------------------------------------------------------------------

drop function public.record_enquiry_contact(uuid, text);
drop function private.record_enquiry_contact(uuid, text);

create function private.record_enquiry_contact(
  _submission_id uuid,
  _channel text,
  _outcome text default null,
  _note text default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  enquiry public.contact_submissions;
  outcome text := _outcome;
  note text := nullif(pg_catalog.btrim(coalesce(_note, ''), E' \t\r\n'), '');
  counts boolean;
  contact_id uuid;
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

comment on function private.record_enquiry_contact(uuid, text, text, text) is
  'Admins only: records a call (phone, with its outcome: reached, voicemail or no_answer; reached when none is given) or a reply from the staff member''s own mailbox (email), with an optional note, and audits it. Only a contact that counts (private.contact_counts) moves last_contacted_at. Called by public.record_enquiry_contact().';

revoke execute on function private.record_enquiry_contact(uuid, text, text, text) from public, anon;
grant execute on function private.record_enquiry_contact(uuid, text, text, text) to authenticated;

create function public.record_enquiry_contact(
  _submission_id uuid,
  _channel text,
  _outcome text default null,
  _note text default null
)
returns uuid
language sql
security invoker
set search_path = ''
as $$
  select private.record_enquiry_contact(_submission_id, _channel, _outcome, _note);
$$;

comment on function public.record_enquiry_contact(uuid, text, text, text) is
  'Admins only (aal2): records that the enquirer was called (with the outcome: reached, voicemail or no_answer) or answered from the staff member''s own mailbox, with an optional note; returns the contact id. A call nobody answered changes nothing on the enquiry. 42501 for others, 22023 for another channel, outcome or an over-long note.';

revoke execute on function public.record_enquiry_contact(uuid, text, text, text) from public, anon;
grant execute on function public.record_enquiry_contact(uuid, text, text, text) to authenticated;

-- Undoing a contact -------------------------------------------------------------------------

create function private.undo_enquiry_contact(_contact_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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

comment on function private.undo_enquiry_contact(uuid) is
  'Admins only: removes a recorded contact (phone or email) within contact_undo_window() for its author, restores the last-contacted date and first response it set where nobody has changed them since, and audits it once (admin_enquiry_contact_undone). Called by public.undo_enquiry_contact().';

revoke execute on function private.undo_enquiry_contact(uuid) from public, anon;
grant execute on function private.undo_enquiry_contact(uuid) to authenticated;

create function public.undo_enquiry_contact(_contact_id uuid)
returns void
language sql
security invoker
set search_path = ''
as $$
  select private.undo_enquiry_contact(_contact_id);
$$;

comment on function public.undo_enquiry_contact(uuid) is
  'Admins only (aal2): undoes a call or own-mailbox reply the caller recorded in the last few seconds, putting back what it changed. 42501 for others and for another staff member''s contact, P0002 for an unknown one, 22023 for a sent reply or once the window has passed.';

revoke execute on function public.undo_enquiry_contact(uuid) from public, anon;
grant execute on function public.undo_enquiry_contact(uuid) to authenticated;

-- Timeline ----------------------------------------------------------------------------------

create or replace function private.enquiry_timeline(_submission_id uuid)
returns table (occurred_at timestamptz, event text, actor text, details jsonb)
language plpgsql
stable
security definer
set search_path = ''
as $$
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
             entry.user_email,
             entry.details
        from public.audit_log as entry
       where entry.resource = 'contact_submissions'
         and entry.resource_id = _submission_id::text
         and entry.action not in (
           'admin_enquiry_note_added', 'admin_enquiry_reply_sent',
           'admin_enquiry_contact_recorded', 'admin_enquiry_contact_undone'
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
      select note.created_at, 2, 'note_added', note.author_email,
             pg_catalog.jsonb_build_object('note_id', note.id, 'body', note.body)
        from public.enquiry_notes as note
       where note.submission_id = _submission_id
      union all
      select reply.created_at, 2,
             case reply.channel when 'reply' then 'reply_sent' else 'contact_recorded' end,
             reply.author_email,
             pg_catalog.jsonb_build_object(
               'reply_id', reply.id, 'channel', reply.channel,
               'author_name', reply.author_name, 'body', reply.body,
               'outcome', reply.outcome, 'note', reply.note
             )
        from public.enquiry_replies as reply
       where reply.submission_id = _submission_id
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

comment on function private.enquiry_timeline(uuid) is
  'Admins only: the events of one enquiry in order, read from what is already stored (the enquiry, audit_log, enquiry_notes, enquiry_replies with a call''s outcome and note, the outbox); an undone contact is not among them. Called by public.enquiry_timeline().';

-- Subject rights ----------------------------------------------------------------------------

alter function private.subject_access(text) rename to subject_access_before_call_notes;
alter function private.erase_subject_data(text) rename to erase_subject_data_before_call_notes;

create function private.subject_access(_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  document jsonb := private.subject_access_before_call_notes(_email);
  address text := document ->> 'email';
  replies jsonb;
begin
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(reply) order by reply.created_at), '[]')
    into replies
    from public.enquiry_replies as reply
   where reply.submission_id in (
           select enquiry.id from public.contact_submissions as enquiry
            where pg_catalog.lower(enquiry."Email") = address)
      or pg_catalog.lower(reply.author_email) = address
      or private.text_names_email(reply.body, address)
      or private.text_names_email(reply.note, address);
  return document || pg_catalog.jsonb_build_object('enquiry_replies', replies);
end;
$$;

comment on function private.subject_access(text) is
  'Admins only: everything held about an e-mail address (see subject_access_before_call_notes), with enquiry_replies also listing contacts whose note names the address.';

revoke execute on function private.subject_access(text) from public, anon;
grant execute on function private.subject_access(text) to authenticated;

create function private.erase_subject_data(_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  counts jsonb;
  address text;
  note_count integer;
begin
  counts := private.erase_subject_data_before_call_notes(_email);
  address := private.require_subject_email(_email);

  with scrubbed as (
    update public.enquiry_replies as reply
       -- cut to the column's 2000: "[address removed]" is longer than a short address.
       set note = nullif(pg_catalog.left(private.note_body_without_email(reply.note, address), 2000), '')
     where private.text_names_email(reply.note, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into note_count from scrubbed;

  counts := counts || pg_catalog.jsonb_build_object('enquiry_replies_note_mentions_removed', note_count);
  update public.audit_log as entry
     set details = counts
   where entry.action = 'admin_subject_erasure'
     and entry.created_at = pg_catalog.now()
     and entry.user_id is not distinct from auth.uid();
  return counts;
end;
$$;

comment on function private.erase_subject_data(text) is
  'Admins only: erases everything held about an e-mail address (see erase_subject_data_before_call_notes) and removes the address from call notes that name it.';

revoke execute on function private.erase_subject_data(text) from public, anon;
grant execute on function private.erase_subject_data(text) to authenticated;
