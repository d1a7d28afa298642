-- A prospect's mail budget counts the jobs to one mailbox in the last day. Without an index on
-- the mailbox, each new enquiry read every job of the day and worked out each one's mailbox, so a
-- burst of enquiries cost the square of its size (4,000 at once took over a minute and a half).
CREATE INDEX enquiry_mail_jobs_mailbox_created_at_idx ON private.enquiry_mail_jobs USING btree (private.mailbox_key(recipient), created_at DESC);

-- Each write to a job computes the index's mailbox as the writer: the outbox sender writes as
-- service_role, an admin re-queuing a failed mail as authenticated. The function reads no data.
GRANT ALL ON FUNCTION private.mailbox_key(_email text) TO authenticated;
GRANT ALL ON FUNCTION private.mailbox_key(_email text) TO service_role;
