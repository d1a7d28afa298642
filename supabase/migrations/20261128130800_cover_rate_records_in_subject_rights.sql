-- Migration: subject access and erasure cover the hourly rate records of the person's account.
--
-- Purpose: private.audit_browser_writes (each audit entry a browser added: the account and the
-- client address) and private.reply_mail_releases (each reply mail a staff member put on its way)
-- hold an account's id for up to an hour, or a day when no retention run has yet purged them.
-- When an address is also an account's (auth.users.email, any case), subject access now lists
-- those rows and erasure deletes them; both report their counts. The account itself, its role and
-- its profile are left alone, as before: they go with the account when it is deleted.
--
-- Objects: functions private.subject_access(text) and private.erase_subject_data(text) (replaced:
-- same signatures and grants; they add audit_browser_writes and reply_mail_releases to what they
-- return and count, and access counts the enquiry_replies it already returned).

create or replace function private.subject_access(_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  document jsonb := private.subject_access_before_follow_ups(_email);
  address text := document ->> 'email';
  follow_ups jsonb;
  browser_writes jsonb;
  reply_releases jsonb;
begin
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(follow_up) order by follow_up.created_at), '[]')
    into follow_ups
    from public.enquiry_follow_ups as follow_up
   where follow_up.submission_id in (
           select enquiry.id from public.contact_submissions as enquiry
            where pg_catalog.lower(enquiry."Email") = address)
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

  document := pg_catalog.jsonb_set(
    document, '{counts}', (document -> 'counts') || pg_catalog.jsonb_build_object(
      -- the replies were listed but never counted, so the look-up's summary and audit entry
      -- left them out.
      'enquiry_replies', pg_catalog.jsonb_array_length(coalesce(document -> 'enquiry_replies', '[]')),
      'enquiry_follow_ups', pg_catalog.jsonb_array_length(follow_ups),
      'audit_browser_writes', pg_catalog.jsonb_array_length(browser_writes),
      'reply_mail_releases', pg_catalog.jsonb_array_length(reply_releases)
    )
  );

  -- the look-up's one audit entry, written in this transaction, records these counts too.
  update public.audit_log as entry
     set details = document -> 'counts'
   where entry.action = 'admin_subject_access'
     and entry.created_at = pg_catalog.now()
     and entry.user_id is not distinct from auth.uid();

  return document || pg_catalog.jsonb_build_object(
    'enquiry_follow_ups', follow_ups,
    'audit_browser_writes', browser_writes,
    'reply_mail_releases', reply_releases
  );
end;
$$;

comment on function private.subject_access(text) is
  'Admins only: everything held about an e-mail address (see subject_access_before_follow_ups), plus enquiry_follow_ups (follow-ups on its enquiries, set or closed by it, or whose note names it) and the hourly rate records of the account with that address (audit_browser_writes, reply_mail_releases).';

create or replace function private.erase_subject_data(_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  counts jsonb;
  address text;
  staff_count integer;
  mention_count integer;
  browser_count integer;
  release_count integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception using
      errcode = '42501',
      message = 'Only staff admins may erase the data held about a person.';
  end if;
  address := private.require_subject_email(_email);

  -- follow-ups on the address's enquiries go with them, counted by delete_enquiries.
  counts := private.erase_subject_data_before_follow_ups(_email);

  with scrubbed as (
    update public.enquiry_follow_ups as follow_up
       set set_by_email = case when pg_catalog.lower(follow_up.set_by_email) = address then null else follow_up.set_by_email end,
           closed_by_email = case when pg_catalog.lower(follow_up.closed_by_email) = address then null else follow_up.closed_by_email end
     where pg_catalog.lower(follow_up.set_by_email) = address
        or pg_catalog.lower(follow_up.closed_by_email) = address
    returning 1
  )
  select pg_catalog.count(*)::integer into staff_count from scrubbed;

  with scrubbed as (
    update public.enquiry_follow_ups as follow_up
       set note = nullif(private.note_body_without_email(follow_up.note, address), '')
     where private.text_names_email(follow_up.note, address)
    returning 1
  )
  select pg_catalog.count(*)::integer into mention_count from scrubbed;

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

  counts := counts || pg_catalog.jsonb_build_object(
    'enquiry_follow_ups_staff_removed', staff_count,
    'enquiry_follow_ups_mentions_removed', mention_count,
    'audit_browser_writes', browser_count,
    'reply_mail_releases', release_count
  );

  -- the erasure's one audit entry, written in this transaction, records these counts too.
  update public.audit_log as entry
     set details = counts
   where entry.action = 'admin_subject_erasure'
     and entry.created_at = pg_catalog.now()
     and entry.user_id is not distinct from auth.uid();

  return counts;
end;
$$;

comment on function private.erase_subject_data(text) is
  'Admins only: erases everything held about an e-mail address (see erase_subject_data_before_follow_ups); follow-ups on its enquiries go with them, follow-ups it set or closed, or whose note names it, keep the rest without the address, and the hourly rate records of the account with that address (audit_browser_writes, reply_mail_releases) are deleted. The account stays.';
