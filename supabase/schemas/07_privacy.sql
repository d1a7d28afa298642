-- Privacy: retention and the rights of the people whose data is held.
--
-- Enquiries are kept for the period the privacy policy states after their last contact, audit
-- entries for theirs; a daily job deletes what is past it. Staff admins can export everything
-- held about an e-mail address (access) or erase it (erasure), each audited with counts only.

CREATE FUNCTION private.retention_periods() RETURNS TABLE(enquiry_months integer, audit_log_months integer)
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select 24, 24;
$$;

COMMENT ON FUNCTION private.retention_periods() IS 'The retention periods in months: enquiries after their last contact, and audit entries after they were written. The privacy policy states the same figures.';

REVOKE ALL ON FUNCTION private.retention_periods() FROM PUBLIC;
GRANT ALL ON FUNCTION private.retention_periods() TO service_role;

CREATE FUNCTION private.delete_enquiries(_ids uuid[]) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

COMMENT ON FUNCTION private.delete_enquiries(_ids uuid[]) IS 'Deletes enquiries with their notes, follow-ups, consultations (and their changes), answers by mail, client addresses, outbox jobs and digest entries, without per-enquiry audit entries; returns counts per table. For apply_retention, erase_subject_data and the bulk delete.';

REVOKE ALL ON FUNCTION private.delete_enquiries(_ids uuid[]) FROM PUBLIC;

CREATE FUNCTION private.write_privacy_audit(_action text, _resource text, _resource_id text, _details jsonb, _hide_email text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  actor_email text := pg_catalog.left(auth.jwt() ->> 'email', 255);
begin
  if _hide_email is not null and pg_catalog.lower(actor_email) = pg_catalog.lower(_hide_email) then
    actor_email := null;
  end if;
  insert into public.audit_log (user_id, user_email, action, resource, resource_id, details)
  values (auth.uid(), actor_email, _action, _resource, _resource_id, _details);
end;
$$;

COMMENT ON FUNCTION private.write_privacy_audit(_action text, _resource text, _resource_id text, _details jsonb, _hide_email text) IS 'Appends one audit_log entry for the caller; drops the caller''s e-mail when it equals _hide_email.';

REVOKE ALL ON FUNCTION private.write_privacy_audit(_action text, _resource text, _resource_id text, _details jsonb, _hide_email text) FROM PUBLIC;

CREATE FUNCTION private.apply_retention(_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

COMMENT ON FUNCTION private.apply_retention(_now timestamp with time zone) IS 'Deletes enquiries (and their notes, answers by mail, client addresses and mail) past the retention period after their last contact (a staff contact or the enquirer''s latest answer by mail), answers held with no enquiry received before the period, mail whose enquiry was deleted once it was queued longer ago than that period, audit entries past theirs, the hourly rate records (browser audit writes, reply mail releases) older than an hour, delivery events applied before the period, and mailbox blocks set before it with no enquiry left from the mailbox, as of _now. Idempotent; returns counts per table; one admin_retention_applied entry per run that deleted anything. Daily by pg_cron or the embedded backend.';

REVOKE ALL ON FUNCTION private.apply_retention(_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION private.apply_retention(_now timestamp with time zone) TO service_role;

CREATE FUNCTION private.email_mention_pattern(_email text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- every character but letters and digits escaped, so the address matches only itself; the
  -- lookarounds refuse a match inside a longer address (a local part before it, a domain
  -- label after it) but allow a full stop that ends a sentence.
  select '(?<![[:alnum:]._%+-])'
      || pg_catalog.regexp_replace(_email, '([^[:alnum:]])', '\\\1', 'g')
      || '(?![[:alnum:]_-]|\.[[:alnum:]])';
$$;

COMMENT ON FUNCTION private.email_mention_pattern(_email text) IS 'A regular expression matching the (lower-case) address as a whole address in free text, not inside a longer one. Use with a case-insensitive operator.';

REVOKE ALL ON FUNCTION private.email_mention_pattern(_email text) FROM PUBLIC;

CREATE FUNCTION private.require_subject_email(_email text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
declare
  cleaned text := pg_catalog.lower(pg_catalog.btrim(coalesce(_email, '')));
begin
  if cleaned !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or pg_catalog.char_length(cleaned) > 255 then
    raise exception using
      errcode = '22023',
      message = 'Enter the e-mail address whose data you are looking for, e.g. name@example.com.',
      hint = 'subject_email_invalid';
  end if;
  return cleaned;
end;
$_$;

COMMENT ON FUNCTION private.require_subject_email(_email text) IS 'The address lower-cased and trimmed, or 22023 (hint subject_email_invalid) when it is not an e-mail address.';

REVOKE ALL ON FUNCTION private.require_subject_email(_email text) FROM PUBLIC;

CREATE FUNCTION private.json_names_email(_document jsonb, _email text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select _document is not null
     and pg_catalog.strpos(pg_catalog.lower(_document::text), _email) > 0;
$$;

COMMENT ON FUNCTION private.json_names_email(_document jsonb, _email text) IS 'True when the JSON text contains the (lower-case) address.';

REVOKE ALL ON FUNCTION private.json_names_email(_document jsonb, _email text) FROM PUBLIC;

CREATE FUNCTION private.note_body_without_email(_body text, _email text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  -- the result still meets the note's checks: at most 5000 characters, no surrounding space.
  select pg_catalog.regexp_replace(
           pg_catalog.left(
             pg_catalog.regexp_replace(
               _body, private.email_mention_pattern(_email), '[address removed]', 'gi'
             ),
             5000
           ),
           '^\s+|\s+$',
           '',
           'g'
         );
$_$;

COMMENT ON FUNCTION private.note_body_without_email(_body text, _email text) IS 'A note''s text with every mention of the (lower-case) address replaced by "[address removed]", within the note''s length and trim checks.';

REVOKE ALL ON FUNCTION private.note_body_without_email(_body text, _email text) FROM PUBLIC;

CREATE FUNCTION private.text_names_email(_text text, _email text) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select _text is not null and _text ~* private.email_mention_pattern(_email);
$$;

COMMENT ON FUNCTION private.text_names_email(_text text, _email text) IS 'True when free text names the (lower-case) address as a whole address, in any case.';

REVOKE ALL ON FUNCTION private.text_names_email(_text text, _email text) FROM PUBLIC;

CREATE FUNCTION private.erase_subject_data(_email text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

COMMENT ON FUNCTION private.erase_subject_data(_email text) IS 'Admins only: deletes every enquiry from an e-mail address (any case) with its notes, replies, follow-ups, client addresses and mail, and other mail naming it; removes the address from audit entries, and from the notes, replies, call notes and follow-ups of other enquiries that it wrote, set, closed or that name it; deletes the mail API''s delivery events for its mail (or naming it) and unblocks its mailbox (mail_events, mail_suppressions); deletes its answers by mail wherever they are held (enquiry_answers); deletes the hourly rate records of the account with that address (audit_browser_writes, reply_mail_releases), the account itself staying. One admin_subject_erasure audit entry with the counts per table. Called by public.erase_subject_data().';

REVOKE ALL ON FUNCTION private.erase_subject_data(_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.erase_subject_data(_email text) TO authenticated;

CREATE FUNCTION public.erase_subject_data(_email text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.erase_subject_data(_email);
$$;

COMMENT ON FUNCTION public.erase_subject_data(_email text) IS 'Admins only: erases everything held about an e-mail address; returns the rows removed per table. Audited as admin_subject_erasure.';

REVOKE ALL ON FUNCTION public.erase_subject_data(_email text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.erase_subject_data(_email text) TO authenticated;
GRANT ALL ON FUNCTION public.erase_subject_data(_email text) TO service_role;

CREATE FUNCTION private.subject_access(_email text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
$$;

COMMENT ON FUNCTION private.subject_access(_email text) IS 'Admins only: everything held about an e-mail address (any case) as one JSON document: its enquiries with their notes, sources and mail; other enquiries'' notes whose text names it (enquiry_notes_mentioning); replies and contacts on its enquiries, written by it, or whose text or call note names it; follow-ups on its enquiries, set or closed by it, or whose note names it; audit entries about it; the consultations of its enquiries and their changes, and changes it made as staff; the mail API''s delivery events for mail to it and whether its mailbox is blocked (mail_events, mail_suppressions); its answers by mail and those on its enquiries (enquiry_answers); and the hourly rate records of the account with that address (audit_browser_writes, reply_mail_releases). Audited as admin_subject_access with counts only. Called by public.subject_access().';

REVOKE ALL ON FUNCTION private.subject_access(_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.subject_access(_email text) TO authenticated;

CREATE FUNCTION public.subject_access(_email text) RETURNS jsonb
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  select private.subject_access(_email);
$$;

COMMENT ON FUNCTION public.subject_access(_email text) IS 'Admins only: everything held about an e-mail address, as JSON (access and portability). Audited as admin_subject_access.';

REVOKE ALL ON FUNCTION public.subject_access(_email text) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.subject_access(_email text) TO authenticated;
GRANT ALL ON FUNCTION public.subject_access(_email text) TO service_role;

