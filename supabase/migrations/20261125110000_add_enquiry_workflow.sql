-- Migration: work each enquiry to an outcome: a status, an assignee, a last-contacted date and
-- append-only internal notes, every change written to public.audit_log by triggers.
--
-- Who may do what:
--   anon, authenticated  still insert only the eight form columns (the column grants of
--                        contact_submissions are unchanged), so a visitor can never set a status,
--                        an assignee or a last-contacted date; the defaults apply
--   admins               read and change status, assigned_to and last_contacted_at; read notes and
--                        add notes as themselves; nobody updates or deletes a note (notes go only
--                        with their enquiry, through the foreign key's cascade)
--   service_role         changes enquiries and adds notes too (audited with a null user), but
--                        cannot update or delete notes either
--
-- Every admin check is (select private.is_admin()), so requiring a second factor later changes
-- one function. The select, update and delete policies of contact_submissions are recreated
-- with it for the same reason: the workflow columns are read and changed through them.
--
-- Named refusals (P0001, the hint names the rule, like the enquiry rate limit):
--   contact_submissions_assignee_not_staff     the assignee does not hold the admin role
--   contact_submissions_last_contacted_future  the last-contacted date is more than a day ahead
--
-- Audit actions (resource contact_submissions, resource_id the enquiry id; details hold old and
-- new values or the note id, never the note's text or the visitor's personal data):
--   admin_enquiry_status_changed, admin_enquiry_assigned, admin_enquiry_last_contacted_set,
--   admin_enquiry_note_added, admin_enquiry_deleted

alter table public.contact_submissions
  add column status text not null default 'new',
  add column assigned_to uuid references auth.users (id) on delete set null,
  add column last_contacted_at timestamptz,
  add constraint contact_submissions_status_valid check (
    status in ('new', 'in_progress', 'won', 'lost', 'spam')
  );

comment on column public.contact_submissions.status is 'Where the enquiry stands: new (default), in_progress, won, lost or spam. Admins only.';
comment on column public.contact_submissions.assigned_to is 'The staff member (an auth user holding the admin role) working the enquiry; null when unassigned or the user is deleted.';
comment on column public.contact_submissions.last_contacted_at is 'When staff last contacted the visitor; set by admins, at most a day ahead of the server clock.';

-- the status filter and its counts, newest first within a status.
create index contact_submissions_status_created_at_idx
  on public.contact_submissions (status, created_at desc);
-- serves the foreign key (deleting a user) and "assigned to me".
create index contact_submissions_assigned_to_idx on public.contact_submissions (assigned_to);

drop policy "admins read enquiries" on public.contact_submissions;
drop policy "admins update enquiries" on public.contact_submissions;
drop policy "admins delete enquiries" on public.contact_submissions;

create policy "admins read enquiries"
  on public.contact_submissions
  for select
  to authenticated
  using ((select private.is_admin()));

create policy "admins update enquiries"
  on public.contact_submissions
  for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "admins delete enquiries"
  on public.contact_submissions
  for delete
  to authenticated
  using ((select private.is_admin()));

-- security definer: it asks whether the assignee (not the caller) holds the admin role, which
-- the caller could not read in user_roles.
create function private.check_enquiry_workflow()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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

comment on function private.check_enquiry_workflow() is
  'BEFORE INSERT/UPDATE trigger on contact_submissions: the assignee must hold the admin role and last_contacted_at may not be more than a day ahead.';

revoke execute on function private.check_enquiry_workflow() from public, anon, authenticated;

create trigger contact_submissions_check_workflow
  before insert or update of assigned_to, last_contacted_at on public.contact_submissions
  for each row
  execute function private.check_enquiry_workflow();

create table public.enquiry_notes (
  id uuid primary key default gen_random_uuid(),
  submission_id uuid not null references public.contact_submissions (id) on delete cascade,
  created_at timestamptz not null default now(),
  author_id uuid references auth.users (id) on delete set null,
  author_email text,
  body text not null,

  constraint enquiry_notes_body_trimmed check (body !~ '^\s|\s$'),
  constraint enquiry_notes_body_length check (char_length(body) between 1 and 5000),
  constraint enquiry_notes_author_email_length check (
    author_email is null or char_length(author_email) <= 255
  )
);

comment on table public.enquiry_notes is 'Internal staff notes on an enquiry. Append-only: admins add and read them; they go only with their enquiry.';
comment on column public.enquiry_notes.id is 'Server-generated key.';
comment on column public.enquiry_notes.submission_id is 'The enquiry the note is about; the note is deleted with it.';
comment on column public.enquiry_notes.created_at is 'When the note was written; set by the server.';
comment on column public.enquiry_notes.author_id is 'The staff member who wrote it (the caller, stamped by a trigger); null through the service role or once the user is deleted.';
comment on column public.enquiry_notes.author_email is 'The author''s e-mail from their token at the time, kept when the user is deleted.';
comment on column public.enquiry_notes.body is 'The note, trimmed, 1-5000 characters.';

-- serves the foreign key and the dialog's "notes of this enquiry, newest first".
create index enquiry_notes_submission_id_created_at_idx
  on public.enquiry_notes (submission_id, created_at desc);
create index enquiry_notes_author_id_idx on public.enquiry_notes (author_id);

revoke all on table public.enquiry_notes from anon, authenticated, service_role;
-- column-level insert: the author, the time and the key always come from the server.
grant select on table public.enquiry_notes to authenticated;
grant insert (submission_id, body) on table public.enquiry_notes to authenticated;
grant select on table public.enquiry_notes to service_role;
grant insert (submission_id, body) on table public.enquiry_notes to service_role;
-- no update or delete grant to any API role, service_role included: a note is never edited or
-- removed on its own. The cascade from contact_submissions and the author's "set null" run as
-- the table owner, so they still work.

alter table public.enquiry_notes enable row level security;

create policy "admins read enquiry notes"
  on public.enquiry_notes
  for select
  to authenticated
  using ((select private.is_admin()));

create policy "admins add enquiry notes"
  on public.enquiry_notes
  for insert
  to authenticated
  with check ((select private.is_admin()) and author_id = (select auth.uid()));

-- stamps who wrote the note from the caller's token, whatever the request sent.
create function private.stamp_enquiry_note()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.author_id := auth.uid();
  new.author_email := pg_catalog.left(auth.jwt() ->> 'email', 255);
  new.created_at := pg_catalog.now();
  return new;
end;
$$;

comment on function private.stamp_enquiry_note() is
  'BEFORE INSERT trigger on enquiry_notes: author_id and author_email from the caller''s JWT, created_at now.';

revoke execute on function private.stamp_enquiry_note() from public, anon, authenticated;

create trigger enquiry_notes_stamp_author
  before insert on public.enquiry_notes
  for each row
  execute function private.stamp_enquiry_note();

-- The audit trail. security definer: the acting role (an admin, or service_role) may not insert
-- into audit_log with another user's id or with a null user, and the entry must exist whatever
-- the caller's grants; the trigger runs in the same transaction, so no change goes unrecorded.
create function private.write_enquiry_audit(
  _action text,
  _enquiry_id uuid,
  _details jsonb
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.audit_log (user_id, user_email, action, resource, resource_id, details)
  values (
    auth.uid(),
    pg_catalog.left(auth.jwt() ->> 'email', 255),
    _action,
    'contact_submissions',
    _enquiry_id::text,
    _details
  );
$$;

comment on function private.write_enquiry_audit(text, uuid, jsonb) is
  'Appends one audit_log entry about an enquiry for the caller (null user for the service role).';

revoke execute on function private.write_enquiry_audit(text, uuid, jsonb) from public, anon, authenticated;

create function private.audit_enquiry_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
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
  'AFTER UPDATE/DELETE trigger on contact_submissions: one audit_log entry per changed workflow field, and one per deletion.';

revoke execute on function private.audit_enquiry_change() from public, anon, authenticated;

create trigger contact_submissions_audit_change
  after update of status, assigned_to, last_contacted_at or delete on public.contact_submissions
  for each row
  execute function private.audit_enquiry_change();

create function private.audit_enquiry_note()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.write_enquiry_audit(
    'admin_enquiry_note_added', new.submission_id, pg_catalog.jsonb_build_object('note_id', new.id)
  );
  return new;
end;
$$;

comment on function private.audit_enquiry_note() is
  'AFTER INSERT trigger on enquiry_notes: records that a note was added (its id, never its text).';

revoke execute on function private.audit_enquiry_note() from public, anon, authenticated;

create trigger enquiry_notes_audit_insert
  after insert on public.enquiry_notes
  for each row
  execute function private.audit_enquiry_note();
