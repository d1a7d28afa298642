// Probes from outside against what a stolen staff session or a self-registered account could do:
// an admin session changes only the workflow columns of an enquiry (never the address or the text
// a reply would go to), no browser entry can name an enquiry in the audit trail the timeline reads,
// a staff member renames themself only as an admin at aal2, and a revoked admin keeps no leads.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createUser, signedInClient, startTestBackend } from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { createAdmin } from './support/admin.ts';
import { saveWorkflow } from './support/workflow.ts';

const PASSWORD = 'staff-password-1';

let backend: TestBackend;
let ada: SupabaseClient;
let adaUser: CreatedUser;
let ben: SupabaseClient;
let benUser: CreatedUser;
let enquiryId: string;

async function newEnquiry(email = 'prospect@example.com'): Promise<string> {
  const rows = await backend.sql<{ id: string }>(
    `insert into public.contact_submissions
       ("Name", "Email", "Company", "Interest", "Timeline", "Message")
     values ('Grace Prospect', $1, 'Prospect Ltd', 'ai-ml', 'exploring', 'Please call me back.')
     returning id`,
    [email],
  );
  return rows[0]!.id;
}

async function stored(id: string) {
  const rows = await backend.sql<{ Email: string; Message: string; assigned_to: string | null }>(
    'select "Email", "Message", assigned_to from public.contact_submissions where id = $1',
    [id],
  );
  return rows[0];
}

beforeAll(async () => {
  backend = await startTestBackend();
  ({ user: adaUser, client: ada } = await createAdmin(backend, 'ada.probe@example.com', PASSWORD));
  ({ user: benUser, client: ben } = await createAdmin(backend, 'ben.probe@example.com', PASSWORD));
  enquiryId = await newEnquiry();
});

afterAll(async () => {
  await backend?.stop();
});

describe('an admin session is no mail relay', () => {
  it('cannot point an enquiry at another address or change what the visitor wrote', async () => {
    for (const change of [
      { Email: 'victim@elsewhere.example' },
      { Name: 'Someone Else' },
      { Message: 'Text the reply would quote' },
      { held_at: new Date().toISOString() },
    ]) {
      const { error } = await ada.from('contact_submissions').update(change).eq('id', enquiryId);
      expect(error?.code, Object.keys(change)[0]).toBe('42501');
    }
    expect(await stored(enquiryId)).toMatchObject({
      Email: 'prospect@example.com',
      Message: 'Please call me back.',
    });
  });

  it('still changes the workflow columns, one at a time', async () => {
    const { data, error } = await saveWorkflow(ada, enquiryId, { status: 'in_progress' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'in_progress' });
  });
});

describe('no forged history', () => {
  it('a signed-up account cannot write an entry naming an enquiry', async () => {
    const outsider = await createUser(backend, {
      email: 'outsider.probe@example.com',
      password: PASSWORD,
    });
    const client = await signedInClient(backend, outsider.email, PASSWORD);
    const { error } = await client.from('audit_log').insert({
      user_id: outsider.id,
      action: 'contact_form_submitted',
      resource: 'contact_submissions',
      resource_id: enquiryId,
      details: { note: 'Prospect asked us to delete everything' },
    });
    expect(error?.code).toBe('42501');
    expect(error?.hint).toBe('audit_log_resource_not_allowed');

    const timeline = await ada.rpc('enquiry_timeline', { _submission_id: enquiryId });
    expect(timeline.error).toBeNull();
    expect(JSON.stringify(timeline.data)).not.toContain('delete everything');
  });

  it('the timeline reads only what database code wrote, whatever a row names', async () => {
    // As if a browser entry had got in before browsers were stopped from naming a record.
    await backend.sql(
      `insert into public.audit_log (user_id, action, resource, resource_id, details)
       values (null, 'contact_form_submitted', 'contact_submissions', $1,
               '{"note": "Forged: the prospect withdrew"}')`,
      [enquiryId],
    );
    const timeline = await ada.rpc('enquiry_timeline', { _submission_id: enquiryId });
    expect(timeline.error).toBeNull();
    expect(JSON.stringify(timeline.data)).not.toContain('Forged');
  });

  it('the timeline shows a bulk change of this enquiry as its own event', async () => {
    const other = await newEnquiry('bulk-timeline@example.com');
    const bulk = await ada.rpc('bulk_enquiry_action', {
      _ids: [enquiryId, other],
      _action: 'status',
      _value: 'won',
    });
    expect(bulk.error).toBeNull();
    const { data } = await ada.rpc('enquiry_timeline', { _submission_id: other });
    const changes = (data ?? []).filter((row: { event: string }) => row.event === 'status_changed');
    expect(changes.map((row: { details: unknown }) => row.details)).toEqual([
      { from: 'new', to: 'won', bulk: true, actor_id: adaUser.id },
    ]);
  });

  it('the browser events the site itself logs are still accepted', async () => {
    const { error } = await ada.from('audit_log').insert({
      user_id: adaUser.id,
      action: 'contact_form_submitted',
      resource: 'contact_submissions',
      details: { interest: 'ai-ml' },
    });
    expect(error).toBeNull();
  });
});

describe('renaming needs the second step', () => {
  it('an admin at aal1 cannot change their name', async () => {
    await backend.sql(
      `insert into public.staff_profiles (user_id, display_name) values ($1, 'Ben')`,
      [benUser.id],
    );
    const aal1 = await signedInClient(backend, 'ben.probe@example.com', PASSWORD);
    const { data, error } = await aal1
      .from('staff_profiles')
      .update({ display_name: 'Reset your password here' })
      .eq('user_id', benUser.id)
      .select('display_name');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const names = await backend.sql<{ display_name: string }>(
      'select display_name from public.staff_profiles where user_id = $1',
      [benUser.id],
    );
    expect(names[0]?.display_name).toBe('Ben');
  });

  it('at aal2 they can', async () => {
    const { data, error } = await ben
      .from('staff_profiles')
      .update({ display_name: 'Ben Okafor' })
      .eq('user_id', benUser.id)
      .select('display_name');
    expect(error).toBeNull();
    expect(data).toEqual([{ display_name: 'Ben Okafor' }]);
  });
});

describe('a revoked admin keeps no leads', () => {
  it('revoking the role returns their enquiries to the team, audited', async () => {
    const theirs = await newEnquiry('theirs@example.com');
    const other = await newEnquiry('other@example.com');
    expect((await saveWorkflow(ada, theirs, { assigned_to: benUser.id })).error).toBeNull();
    expect((await saveWorkflow(ada, other, { assigned_to: adaUser.id })).error).toBeNull();

    const { data, error } = await ada.rpc('revoke_admin_role', { _email: 'ben.probe@example.com' });
    expect(error).toBeNull();
    expect(data).toBe(true);

    expect((await stored(theirs))?.assigned_to).toBeNull();
    expect((await stored(other))?.assigned_to).toBe(adaUser.id);
    const entries = await backend.sql<{ details: { from: string; to: string | null } }>(
      `select details from public.audit_log
        where action = 'admin_enquiry_assigned' and resource_id = $1 order by created_at`,
      [theirs],
    );
    expect(entries.at(-1)?.details).toEqual({ from: benUser.id, to: null });
  });

  it('an operator removing the role row does the same', async () => {
    const cy = await createAdmin(backend, 'cy.probe@example.com', PASSWORD);
    const theirs = await newEnquiry('cy-lead@example.com');
    await saveWorkflow(ada, theirs, { assigned_to: cy.user.id });
    expect((await stored(theirs))?.assigned_to).toBe(cy.user.id);
    await backend.sql(`delete from public.user_roles where user_id = $1`, [cy.user.id]);
    expect((await stored(theirs))?.assigned_to).toBeNull();
  });
});
