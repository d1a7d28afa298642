-- Migration: restate the comment on public.audit_log.created_at in the repository's own words.
--
-- Purpose: the first wording pointed to a document outside the repository. The column itself is
-- unchanged: it is when the event was recorded (the field an audit entry calls its timestamp),
-- and only the server sets it.
-- Affects: one column comment; no data, grants, policies or functions.

comment on column public.audit_log.created_at is
  'When the event was recorded (an audit entry''s timestamp); set by the server.';
