-- Migration: the comments on the enquiry hold name the roles it binds.
--
-- Purpose: 20261126090000 said that no API role may change held_at. The guard binds the roles a
-- browser uses (anon and authenticated), and the admin release action is the one way those
-- clear it. The service role and direct SQL (operators, imports) may set or clear it, as they
-- are not limited either; what a service-role or SQL insert sends is still replaced by the
-- insert trigger. Comments only; no behaviour changes.
--
-- Objects: comments on column public.contact_submissions.held_at and function
-- private.guard_enquiry_hold().

comment on column public.contact_submissions.held_at is
  'When the enquiry arrived past the hourly ceiling (enquiries_per_hour) and was held: stored, but no acknowledgement and only a digest to staff. Null when not held or released. Set on insert only by the trigger; anon and authenticated never change it (admins release through public.bulk_enquiry_action); the service role and SQL may.';

comment on function private.guard_enquiry_hold() is
  'BEFORE UPDATE trigger on contact_submissions: anon and authenticated never set or change held_at; only the admin release action clears it (P0001, hint contact_submissions_hold_read_only). The service role and direct SQL are not bound.';
