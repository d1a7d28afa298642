-- Migration: an enquiry's timeline reads only what database code wrote, and shows bulk changes.
--
-- Purpose: enquiry_timeline listed every audit_log row naming the enquiry, and a browser could
-- write such rows (an allowed contact_* action with any resource id), so any signed-up account
-- that learned an enquiry's id (it is in staff mail links) could add events to the staff record.
-- Browser entries can no longer name a record (an earlier migration); the timeline now also
-- reads only admin_* actions, which browsers can never write. And a bulk action (spam, not spam,
-- status, assign, release) writes one entry for all its enquiries, which the timeline did not
-- read, so an enquiry set won or assigned in bulk told nothing of it: each enquiry's change in
-- such an entry is now shown as the event a change of one enquiry is, marked bulk.
--
-- Objects: function private.enquiry_timeline(uuid) (replaced: same signature and grants).

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
         and pg_catalog.left(entry.action, 6) = 'admin_'
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
      -- a bulk action writes one entry for all its enquiries: this enquiry's change in it, shown
      -- as the same event a change of one enquiry is.
      select entry.created_at, 1,
             case entry.action when 'admin_enquiries_assigned' then 'assigned' else 'status_changed' end,
             entry.user_email,
             pg_catalog.jsonb_build_object(
               'from', case entry.action
                         when 'admin_enquiries_marked_not_spam' then pg_catalog.to_jsonb('spam'::text)
                         else change -> 'from' end,
               'to', case entry.action
                       when 'admin_enquiries_marked_spam' then pg_catalog.to_jsonb('spam'::text)
                       when 'admin_enquiries_status_set' then entry.details -> 'status'
                       when 'admin_enquiries_marked_not_spam' then change -> 'to'
                       else entry.details -> 'assigned_to' end,
               'bulk', true
             )
        from public.audit_log as entry
       cross join lateral pg_catalog.jsonb_array_elements(
               case when pg_catalog.jsonb_typeof(entry.details -> 'changes') = 'array'
                    then entry.details -> 'changes' else '[]'::jsonb end
             ) as change
       where entry.resource = 'contact_submissions'
         and entry.resource_id is null
         and entry.action in (
           'admin_enquiries_marked_spam', 'admin_enquiries_status_set',
           'admin_enquiries_marked_not_spam', 'admin_enquiries_assigned'
         )
         and change -> 'ids' ? _submission_id::text
      union all
      select entry.created_at, 1, 'hold_released', entry.user_email,
             pg_catalog.jsonb_build_object('bulk', true)
        from public.audit_log as entry
       where entry.resource = 'contact_submissions'
         and entry.resource_id is null
         and entry.action = 'admin_enquiries_released'
         and pg_catalog.jsonb_typeof(entry.details -> 'ids') = 'array'
         and entry.details -> 'ids' ? _submission_id::text
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
  'Admins only: the events of one enquiry in order, read from what is already stored (the enquiry, the admin_* entries of audit_log, which only database code writes, bulk actions'' entries for each enquiry they changed, enquiry_notes, enquiry_replies with a call''s outcome and note, the outbox); an undone contact is not among them. Called by public.enquiry_timeline().';
