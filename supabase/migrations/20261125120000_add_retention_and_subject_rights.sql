-- Migration: what the privacy policy promises about enquiries, enforced by the database.
--
--   Retention   private.retention_periods() holds the periods (months) that the policy page
--               states too; private.apply_retention(_now) deletes enquiries 24 months after the
--               last contact (last_contacted_at, or created_at when never contacted) with their
--               notes, client addresses and outbox mail, and audit entries older than their
--               period. Idempotent; returns the counts and writes one admin_retention_applied
--               entry per run that deleted anything (counts only). It runs daily: pg_cron on
--               hosted Supabase (next migration), a timer in the embedded backend.
--   Subject     public.subject_access(_email) returns everything held about an address (and
--   rights      audits admin_subject_access); public.erase_subject_data(_email) deletes it
--               everywhere and leaves one admin_subject_erasure entry with counts per table,
--               never the address nor a hash of it.
--   Staff       public.staff_access() lists the accounts holding a role with MFA and last
--               sign-in; public.grant_admin_role(_email) and public.revoke_admin_role(_email)
--               change the admin role (audited admin_role_granted / admin_role_revoked) and
--               refuse to remove the last admin (P0001, hint user_roles_last_admin).
--
-- Per-enquiry deletion entries: the workflow's trigger writes admin_enquiry_deleted for every
-- deleted enquiry. Retention and erasure remove those entries again in the same transaction
-- and write one entry with the counts instead: a run may delete thousands of enquiries, and
-- the ids of enquiries that no longer exist say nothing an auditor can use.
--
-- Security: the security definer functions live in private (not exposed through the Data API)
-- and check (select private.is_admin()) themselves, raising 42501 for anyone else; the public
-- functions are security invoker wrappers, so no security definer function is reachable
-- through the API. apply_retention is for the service role, pg_cron and operators only.
--
-- Named refusals (P0001 unless said otherwise; the hint names the rule):
--   22023 subject_email_invalid        the address is missing or not an e-mail address
--   P0001 user_roles_account_not_found  no account uses that e-mail address
--   P0001 user_roles_last_admin         revoking would leave no admin

create function private.retention_periods()
returns table (enquiry_months integer, audit_log_months integer)
language sql
immutable
set search_path = ''
as $$
  select 24, 24;
$$;

comment on function private.retention_periods() is
  'The retention periods in months: enquiries after their last contact, and audit entries after they were written. The privacy policy states the same figures.';

revoke execute on function private.retention_periods() from public, anon, authenticated;
grant execute on function private.retention_periods() to service_role;

-- One audit entry written by these functions: the caller as the user (null for pg_cron and the
-- service role), with the caller's e-mail unless it is the address just erased.
create function private.write_privacy_audit(
  _action text,
  _resource text,
  _resource_id text,
  _details jsonb,
  _hide_email text default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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

comment on function private.write_privacy_audit(text, text, text, jsonb, text) is
  'Appends one audit_log entry for the caller; drops the caller''s e-mail when it equals _hide_email.';

revoke execute on function private.write_privacy_audit(text, text, text, jsonb, text) from public, anon, authenticated;

-- Removes the enquiries with these ids and what hangs off them (notes and client addresses by
-- their foreign keys' cascade, outbox jobs and digest entries explicitly, since the outbox keeps
-- its rows when an enquiry goes), then the admin_enquiry_deleted entries that the deletion just
-- wrote. Returns the counts per table.
create function private.delete_enquiries(_ids uuid[])
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  id_texts text[] := coalesce(_ids::text[], '{}');
  note_count integer;
  source_count integer;
  job_count integer;
  digest_count integer;
  enquiry_count integer;
begin
  select pg_catalog.count(*)::integer into note_count
    from public.enquiry_notes as note where note.submission_id = any(_ids);
  select pg_catalog.count(*)::integer into source_count
    from private.enquiry_sources as source where source.submission_id = any(_ids);

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

  delete from public.audit_log as entry
   where entry.action = 'admin_enquiry_deleted'
     and entry.resource = 'contact_submissions'
     and entry.resource_id = any(id_texts)
     and entry.created_at = pg_catalog.now();

  return pg_catalog.jsonb_build_object(
    'contact_submissions', enquiry_count,
    'enquiry_notes', note_count,
    'enquiry_sources', source_count,
    'enquiry_mail_jobs', job_count + digest_count
  );
end;
$$;

comment on function private.delete_enquiries(uuid[]) is
  'Deletes enquiries with their notes, client addresses, outbox jobs and digest entries, without per-enquiry audit entries; returns counts per table. For apply_retention and erase_subject_data.';

revoke execute on function private.delete_enquiries(uuid[]) from public, anon, authenticated;

create function private.apply_retention(_now timestamptz default pg_catalog.now())
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
  'Deletes enquiries (and their notes, client addresses and mail) past the retention period after their last contact, and audit entries past theirs, as of _now. Idempotent; returns counts per table; one admin_retention_applied entry per run that deleted anything. Daily by pg_cron or the embedded backend.';

revoke execute on function private.apply_retention(timestamptz) from public, anon, authenticated;
grant execute on function private.apply_retention(timestamptz) to service_role;

-- Subject rights ----------------------------------------------------------------------------

create function private.require_subject_email(_email text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
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
$$;

comment on function private.require_subject_email(text) is
  'The address lower-cased and trimmed, or 22023 (hint subject_email_invalid) when it is not an e-mail address.';

revoke execute on function private.require_subject_email(text) from public, anon, authenticated;

-- Whether a JSON document names the address anywhere (any key or value, any case).
create function private.json_names_email(_document jsonb, _email text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select _document is not null
     and pg_catalog.strpos(pg_catalog.lower(_document::text), _email) > 0;
$$;

comment on function private.json_names_email(jsonb, text) is
  'True when the JSON text contains the (lower-case) address.';

revoke execute on function private.json_names_email(jsonb, text) from public, anon, authenticated;

create function private.subject_access(_email text)
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
    'enquiry_sources', sources,
    'enquiry_mail_jobs', jobs,
    'audit_log', entries
  );
end;
$$;

comment on function private.subject_access(text) is
  'Admins only: everything held about an e-mail address (any case) as one JSON document; audited as admin_subject_access with counts only. Called by public.subject_access().';

revoke execute on function private.subject_access(text) from public, anon;
grant execute on function private.subject_access(text) to authenticated;

create function private.erase_subject_data(_email text)
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
  ) || pg_catalog.jsonb_build_object('enquiry_notes_author_removed', note_count, 'audit_log_scrubbed', audit_count);

  perform private.write_privacy_audit('admin_subject_erasure', 'subject_data', null, counts, address);

  return counts;
end;
$$;

comment on function private.erase_subject_data(text) is
  'Admins only: deletes every enquiry from an e-mail address (any case) with its notes, client addresses and mail, and other mail naming it; removes the address from audit entries and as a note author; one admin_subject_erasure entry with counts. Called by public.erase_subject_data().';

revoke execute on function private.erase_subject_data(text) from public, anon;
grant execute on function private.erase_subject_data(text) to authenticated;

create function public.subject_access(_email text)
returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.subject_access(_email);
$$;

comment on function public.subject_access(text) is
  'Admins only: everything held about an e-mail address, as JSON (access and portability). Audited as admin_subject_access.';

create function public.erase_subject_data(_email text)
returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.erase_subject_data(_email);
$$;

comment on function public.erase_subject_data(text) is
  'Admins only: erases everything held about an e-mail address; returns the rows removed per table. Audited as admin_subject_erasure.';

revoke execute on function public.subject_access(text) from public, anon;
revoke execute on function public.erase_subject_data(text) from public, anon;
grant execute on function public.subject_access(text) to authenticated;
grant execute on function public.erase_subject_data(text) to authenticated;

-- Staff access ------------------------------------------------------------------------------

create function private.staff_access()
returns table (
  user_id uuid,
  email text,
  roles text[],
  mfa_enrolled boolean,
  last_sign_in_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may list staff access.';
  end if;
  return query
    select account.id,
           account.email::text,
           (select pg_catalog.array_agg(granted.role::text order by granted.role::text)
              from public.user_roles as granted
             where granted.user_id = account.id),
           exists (
             select 1 from auth.mfa_factors as factor
              where factor.user_id = account.id and factor.status::text = 'verified'
           ),
           account.last_sign_in_at
      from auth.users as account
     where exists (select 1 from public.user_roles as granted where granted.user_id = account.id)
     order by account.email;
end;
$$;

comment on function private.staff_access() is
  'Admins only: every account holding a role, with its roles, whether it has a verified MFA factor and its last sign-in. Called by public.staff_access().';

revoke execute on function private.staff_access() from public, anon;
grant execute on function private.staff_access() to authenticated;

create function private.account_id_for_email(_email text)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  address text := private.require_subject_email(_email);
  found uuid;
begin
  select account.id into found
    from auth.users as account
   where pg_catalog.lower(account.email) = address
   limit 1;
  if found is null then
    raise exception using
      errcode = 'P0001',
      message = 'No account uses that e-mail address. The person must have an account before they can be given a role.',
      hint = 'user_roles_account_not_found';
  end if;
  return found;
end;
$$;

comment on function private.account_id_for_email(text) is
  'The auth user with this e-mail address (any case), or P0001 (hint user_roles_account_not_found).';

revoke execute on function private.account_id_for_email(text) from public, anon, authenticated;

create function private.grant_admin_role(_email text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  target uuid;
  added integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may grant the admin role.';
  end if;
  target := private.account_id_for_email(_email);

  with inserted as (
    insert into public.user_roles (user_id, role)
    values (target, 'admin')
    on conflict (user_id, role) do nothing
    returning 1
  )
  select pg_catalog.count(*)::integer into added from inserted;

  if added > 0 then
    perform private.write_privacy_audit(
      'admin_role_granted', 'user_roles', target::text, pg_catalog.jsonb_build_object('role', 'admin')
    );
  end if;
  return added > 0;
end;
$$;

comment on function private.grant_admin_role(text) is
  'Admins only: gives the account with this e-mail the admin role (audited admin_role_granted). False when it already had it.';

revoke execute on function private.grant_admin_role(text) from public, anon;
grant execute on function private.grant_admin_role(text) to authenticated;

create function private.revoke_admin_role(_email text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  target uuid;
  admins integer;
  removed integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may revoke the admin role.';
  end if;
  target := private.account_id_for_email(_email);

  -- two revokes at once must not each see the other admin and remove both.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.user_roles admin'));

  if not private.has_role(target, 'admin') then
    return false;
  end if;

  select pg_catalog.count(*)::integer into admins
    from public.user_roles as granted
   where granted.role = 'admin';

  if admins <= 1 then
    raise exception using
      errcode = 'P0001',
      message = 'The last admin cannot lose the admin role. Grant it to another account first.',
      hint = 'user_roles_last_admin';
  end if;

  with deleted as (
    delete from public.user_roles as granted
     where granted.user_id = target and granted.role = 'admin'
    returning 1
  )
  select pg_catalog.count(*)::integer into removed from deleted;

  perform private.write_privacy_audit(
    'admin_role_revoked', 'user_roles', target::text, pg_catalog.jsonb_build_object('role', 'admin')
  );
  return removed > 0;
end;
$$;

comment on function private.revoke_admin_role(text) is
  'Admins only: removes the admin role from the account with this e-mail (audited admin_role_revoked); refuses to remove the last admin (P0001, hint user_roles_last_admin). False when it had no admin role.';

revoke execute on function private.revoke_admin_role(text) from public, anon;
grant execute on function private.revoke_admin_role(text) to authenticated;

create function public.staff_access()
returns table (
  user_id uuid,
  email text,
  roles text[],
  mfa_enrolled boolean,
  last_sign_in_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  select access.user_id, access.email, access.roles, access.mfa_enrolled, access.last_sign_in_at
    from private.staff_access() as access;
$$;

comment on function public.staff_access() is
  'Admins only: accounts holding a role, with roles, MFA enrolment (a verified factor) and last sign-in, ordered by e-mail.';

create function public.grant_admin_role(_email text)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  select private.grant_admin_role(_email);
$$;

comment on function public.grant_admin_role(text) is
  'Admins only: grants the admin role to an existing account by e-mail; audited admin_role_granted.';

create function public.revoke_admin_role(_email text)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  select private.revoke_admin_role(_email);
$$;

comment on function public.revoke_admin_role(text) is
  'Admins only: revokes the admin role by e-mail, never the last admin''s (P0001, hint user_roles_last_admin); audited admin_role_revoked.';

revoke execute on function public.staff_access() from public, anon;
revoke execute on function public.grant_admin_role(text) from public, anon;
revoke execute on function public.revoke_admin_role(text) from public, anon;
grant execute on function public.staff_access() to authenticated;
grant execute on function public.grant_admin_role(text) to authenticated;
grant execute on function public.revoke_admin_role(text) to authenticated;
