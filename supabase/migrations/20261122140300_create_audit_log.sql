-- Migration: create public.audit_log, the record of security-relevant actions by signed-in users.
--
-- The product logs events such as auth_sign_in_success, admin_sign_out and contact_form_submitted
-- (audit logging to the table happens only when a user is signed in).
--
-- Who may do what:
--   authenticated  insert entries about themselves only: user_id must be their own id (it defaults
--                  to it) and user_email, when given, must be the e-mail in their token
--   admins         read every entry
--   service_role   everything, including the only way to change or delete an entry
--   anon           nothing
--
-- An entry's "timestamp" is created_at here: the server stamps it and clients cannot set
-- it. user_id is nullable and set to null when the user is deleted, so the trail survives the
-- account; user_email keeps who it was.

create table public.audit_log (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  user_email text,
  action text not null,
  resource text,
  resource_id text,
  details jsonb,
  user_agent text,

  constraint audit_log_action_format check (
    action ~ '^(admin|auth|contact)_[a-z_]+$' and char_length(action) <= 64
  ),
  constraint audit_log_user_email_length check (user_email is null or char_length(user_email) <= 255),
  constraint audit_log_resource_length check (resource is null or char_length(resource) <= 100),
  constraint audit_log_resource_id_length check (resource_id is null or char_length(resource_id) <= 255),
  constraint audit_log_details_object check (
    details is null or (jsonb_typeof(details) = 'object' and octet_length(details::text) <= 8192)
  ),
  constraint audit_log_user_agent_length check (user_agent is null or char_length(user_agent) <= 512)
);

comment on table public.audit_log is 'Audit trail of sign-in, admin and enquiry events. Signed-in users append entries about themselves; only admins read them.';
comment on column public.audit_log.id is 'Server-generated key.';
comment on column public.audit_log.created_at is 'When the event was recorded (the spec''s timestamp); set by the server.';
comment on column public.audit_log.user_id is 'The acting user; defaults to the caller. Null once the user is deleted.';
comment on column public.audit_log.user_email is 'The acting user''s e-mail at the time; must match the caller''s token when given.';
comment on column public.audit_log.action is 'Event name: admin_*, auth_* or contact_*, lower case, e.g. auth_sign_in_success.';
comment on column public.audit_log.resource is 'Kind of thing acted on, e.g. contact_submissions.';
comment on column public.audit_log.resource_id is 'Key of the thing acted on, if any.';
comment on column public.audit_log.details is 'Extra facts as a JSON object (at most 8 KB), e.g. {"interest": "ai-ml"}. Never passwords.';
comment on column public.audit_log.user_agent is 'Browser user agent, at most 512 characters.';

create index audit_log_user_id_idx on public.audit_log (user_id);
create index audit_log_created_at_idx on public.audit_log (created_at desc);

revoke all on table public.audit_log from anon, authenticated;
-- column-level insert: id and created_at always take the server's values.
grant insert (user_id, user_email, action, resource, resource_id, details, user_agent)
  on table public.audit_log to authenticated;
-- select is gated to admins by the policy below.
grant select on table public.audit_log to authenticated;
grant select, insert, update, delete on table public.audit_log to service_role;

alter table public.audit_log enable row level security;

create policy "users record their own actions"
  on public.audit_log
  for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and (
      user_email is null
      or lower(user_email) = lower((select auth.jwt() ->> 'email'))
    )
  );

create policy "admins read the audit log"
  on public.audit_log
  for select
  to authenticated
  using ((select private.has_role((select auth.uid()), 'admin')));

-- no update or delete policy for anon or authenticated: the trail is append-only through the API.
