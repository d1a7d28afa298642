-- Migration: retention reaches mail whose enquiry is gone; subject rights reach staff notes that
-- mention an address.
--
--   Retention   private.apply_retention(_now) also deletes outbox jobs whose enquiry was deleted
--               earlier (by an admin or the service role; the outbox keeps them, submission_id
--               set null, so a send in flight is not lost). An acknowledgement among them holds
--               the visitor's address, and an unsent alert or a digest a snapshot of the
--               enquiry, and nothing else ever deleted them. Such a job goes once it was queued
--               more than the enquiry period (private.retention_periods().enquiry_months) before
--               _now: the date its enquiry would have expired had nobody contacted the visitor,
--               and no later than the privacy policy's period for notification e-mails. A digest
--               of that age loses its entries whose enquiry is gone and is deleted when none is
--               left. A job a sender holds under a live lease waits for the next run. The
--               deletions count under enquiry_mail_jobs, so the result keeps its keys.
--   Access      private.subject_access(_email) also lists, as enquiry_notes_mentioning (with a
--               count of the same name), the notes on other people's enquiries whose text names
--               the address as a whole address (any case): "jo@example.com" is found in
--               "Call jo@example.com." and not in "bo+jo@example.com" or "jo@example.com.au",
--               so a look-up never exports a note about someone else's address.
--   Erasure     private.erase_subject_data(_email) replaces the address in such notes with
--               "[address removed]" and keeps the rest of the note, which is about another
--               person's enquiry; the count is enquiry_notes_mentions_removed.
-- Every other behaviour of the three functions is unchanged.
--
-- Objects: functions private.email_mention_pattern(text), private.text_names_email(text, text),
-- private.note_body_without_email(text, text), private.digest_entry_is_live(jsonb) (new);
-- private.apply_retention(timestamptz), private.subject_access(text),
-- private.erase_subject_data(text) (replaced, same signatures and grants).

create function private.email_mention_pattern(_email text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- every character but letters and digits escaped, so the address matches only itself; the
  -- lookarounds refuse a match inside a longer address (a local part before it, a domain
  -- label after it) but allow a full stop that ends a sentence.
  select '(?<![[:alnum:]._%+-])'
      || pg_catalog.regexp_replace(_email, '([^[:alnum:]])', '\\\1', 'g')
      || '(?![[:alnum:]_-]|\.[[:alnum:]])';
$$;

comment on function private.email_mention_pattern(text) is
  'A regular expression matching the (lower-case) address as a whole address in free text, not inside a longer one. Use with a case-insensitive operator.';

revoke execute on function private.email_mention_pattern(text) from public, anon, authenticated;

create function private.text_names_email(_text text, _email text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select _text is not null and _text ~* private.email_mention_pattern(_email);
$$;

comment on function private.text_names_email(text, text) is
  'True when free text names the (lower-case) address as a whole address, in any case.';

revoke execute on function private.text_names_email(text, text) from public, anon, authenticated;

create function private.note_body_without_email(_body text, _email text)
returns text
language sql
immutable
set search_path = ''
as $$
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
$$;

comment on function private.note_body_without_email(text, text) is
  'A note''s text with every mention of the (lower-case) address replaced by "[address removed]", within the note''s length and trim checks.';

revoke execute on function private.note_body_without_email(text, text) from public, anon, authenticated;

create function private.digest_entry_is_live(_entry jsonb)
returns boolean
language sql
stable
set search_path = ''
as $$
  -- an id that is not a uuid names no enquiry (and must not stop a retention run with a cast
  -- error).
  select exists (
    select 1
      from public.contact_submissions as enquiry
     where enquiry.id = case
             when _entry ->> 'id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
               then (_entry ->> 'id')::uuid
           end
  );
$$;

comment on function private.digest_entry_is_live(jsonb) is
  'True when a digest entry''s id names an enquiry that still exists.';

revoke execute on function private.digest_entry_is_live(jsonb) from public, anon, authenticated;

create or replace function private.apply_retention(_now timestamptz default pg_catalog.now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  periods record;
  enquiry_cutoff timestamptz;
  audit_cutoff timestamptz;
  expired uuid[];
  counts jsonb;
  orphan_count integer;
  audit_count integer;
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
   where coalesce(enquiry.last_contacted_at, enquiry.created_at) < enquiry_cutoff;

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

comment on function private.apply_retention(timestamptz) is
  'Deletes enquiries (and their notes, client addresses and mail) past the retention period after their last contact, mail whose enquiry was deleted once it was queued longer ago than that period, and audit entries past theirs, as of _now. Idempotent; returns counts per table; one admin_retention_applied entry per run that deleted anything. Daily by pg_cron or the embedded backend.';

revoke execute on function private.apply_retention(timestamptz) from public, anon, authenticated;
grant execute on function private.apply_retention(timestamptz) to service_role;
create or replace function private.subject_access(_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text;
  ids uuid[];
  enquiries jsonb;
  notes jsonb;
  mentioning jsonb;
  sources jsonb;
  jobs jsonb;
  entries jsonb;
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

  counts := pg_catalog.jsonb_build_object(
    'contact_submissions', pg_catalog.jsonb_array_length(enquiries),
    'enquiry_notes', pg_catalog.jsonb_array_length(notes),
    'enquiry_notes_mentioning', pg_catalog.jsonb_array_length(mentioning),
    'enquiry_sources', pg_catalog.jsonb_array_length(sources),
    'enquiry_mail_jobs', pg_catalog.jsonb_array_length(jobs),
    'audit_log', pg_catalog.jsonb_array_length(entries)
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
    'audit_log', entries
  );
end;
$$;

comment on function private.subject_access(text) is
  'Admins only: everything held about an e-mail address (any case) as one JSON document, including other enquiries'' notes whose text names it (enquiry_notes_mentioning); audited as admin_subject_access with counts only. Called by public.subject_access().';

revoke execute on function private.subject_access(text) from public, anon;
grant execute on function private.subject_access(text) to authenticated;

create or replace function private.erase_subject_data(_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text;
  ids uuid[];
  counts jsonb;
  job_count integer;
  digest_count integer;
  note_count integer;
  mention_count integer;
  audit_count integer;
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
  select pg_catalog.count(*)::integer into note_count from scrubbed;

  -- a note on someone else's enquiry that names the address: the note is about that enquiry
  -- and stays, the address goes.
  with scrubbed as (
    update public.enquiry_notes as note
       set body = private.note_body_without_email(note.body, address)
     where private.text_names_email(note.body, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into mention_count from scrubbed;

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

  counts := pg_catalog.jsonb_set(
    counts,
    '{enquiry_mail_jobs}',
    pg_catalog.to_jsonb((counts ->> 'enquiry_mail_jobs')::integer + job_count + digest_count)
  ) || pg_catalog.jsonb_build_object(
    'enquiry_notes_author_removed', note_count,
    'enquiry_notes_mentions_removed', mention_count,
    'audit_log_scrubbed', audit_count
  );

  perform private.write_privacy_audit('admin_subject_erasure', 'subject_data', null, counts, address);

  return counts;
end;
$$;

comment on function private.erase_subject_data(text) is
  'Admins only: deletes every enquiry from an e-mail address (any case) with its notes, client addresses and mail, and other mail naming it; removes the address from audit entries, as a note author and from the text of other notes; one admin_subject_erasure entry with counts. Called by public.erase_subject_data().';

revoke execute on function private.erase_subject_data(text) from public, anon;
grant execute on function private.erase_subject_data(text) to authenticated;
