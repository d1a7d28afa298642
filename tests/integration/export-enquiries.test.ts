// The CSV export's reads beside the enquiries (src/features/admin/export/export-enquiries.ts) through
// the real supabase-js against the embedded backend: the notes of exactly the exported enquiries,
// oldest first, across more enquiries than one request carries, with authors and assignees named
// from list_staff(); the rows and the file in the list's sort across batches; a non-admin gets
// nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildExportCsv,
  listNotesForExport,
  listStaffForExport,
  NOTES_IDS_PER_REQUEST,
} from '@/features/admin/export/export-enquiries';
import {
  defaultSort,
  listAllEnquiries,
  noFilters,
  type ListSort,
} from '@/features/admin/list/list-enquiries';
import type { AppSupabaseClient } from '@/lib/supabase';
import { createUser, signedInClient, startTestBackend } from './support/backend.ts';
import type { CreatedUser, TestBackend } from './support/backend.ts';
import { adminClient } from './support/admin.ts';

const ADMIN = { email: 'export.admin@example.com', password: 'admin-password-1' };
const MEMBER = { email: 'export.member@example.com', password: 'member-password-1' };

let backend: TestBackend;
let admin: AppSupabaseClient;
let member: AppSupabaseClient;
let adminUser: CreatedUser;

async function seedEnquiry(company: string, n: number): Promise<string> {
  const rows = await backend.sql<{ id: string }>(
    `insert into public.contact_submissions
       ("Name", "Email", "Company", "Phone", "Interest", "Timeline", "Message", created_at)
     values ($1, $2, $3, '+44 20 7946 0000', 'analytics', 'immediate', 'Hello, we would like some help with our data.',
             now() - make_interval(mins => $4))
     returning id::text as id`,
    [`Person ${n}`, `export-${company}-${n}@example.com`, company, n],
  );
  return rows[0]!.id;
}

/** A note as an admin wrote it some minutes ago (the insert trigger stamps now and the caller). */
async function seedNote(enquiryId: string, body: string, minutesAgo: number): Promise<void> {
  const [note] = await backend.sql<{ id: string }>(
    `insert into public.enquiry_notes (submission_id, body) values ($1, $2) returning id::text as id`,
    [enquiryId, body],
  );
  await backend.sql(
    `update public.enquiry_notes
        set author_id = $2, author_email = $3, created_at = now() - make_interval(mins => $4)
      where id = $1`,
    [note!.id, adminUser.id, ADMIN.email, minutesAgo],
  );
}

beforeAll(async () => {
  backend = await startTestBackend();
  adminUser = await createUser(backend, ADMIN);
  const memberUser = await createUser(backend, MEMBER);
  await backend.sql(
    `insert into public.user_roles (user_id, role) values ($1, 'admin'), ($2, 'user')`,
    [adminUser.id, memberUser.id],
  );
  ({ client: admin } = (await adminClient(backend, ADMIN.email, ADMIN.password)) as {
    client: AppSupabaseClient;
  });
  member = (await signedInClient(backend, MEMBER.email, MEMBER.password)) as AppSupabaseClient;
});

afterAll(async () => {
  await backend?.stop();
});

describe('the export of enquiries with their notes', () => {
  it('reads the notes of exactly the given enquiries, oldest first, past one request', async () => {
    const ids: string[] = [];
    for (let n = 0; n < NOTES_IDS_PER_REQUEST + 2; n += 1) ids.push(await seedEnquiry('many', n));
    await seedNote(ids[0]!, 'second', 5);
    await seedNote(ids[0]!, 'first', 50);
    await seedNote(ids.at(-1)!, 'beyond the first slice', 1);
    const outside = await seedEnquiry('outside', 0);
    await seedNote(outside, 'not exported', 1);

    const notes = await listNotesForExport(admin, ids);
    expect(notes.map((note) => [note.submission_id, note.body])).toEqual([
      [ids[0], 'first'],
      [ids[0], 'second'],
      [ids.at(-1), 'beyond the first slice'],
    ]);
  });

  it('writes the notes and the assignee by the name list_staff() gives', async () => {
    const id = await seedEnquiry('named', 0);
    await backend.sql(`update public.contact_submissions set assigned_to = $1 where id = $2`, [
      adminUser.id,
      id,
    ]);
    await seedNote(id, 'Called back', 3);
    const staff = await listStaffForExport(admin);
    const me = staff.find((member) => member.id === adminUser.id);
    expect(me?.email).toBe(ADMIN.email);
    const name = me!.display_name?.trim() || ADMIN.email;

    const rows = await listAllEnquiries(
      admin,
      { ...noFilters, search: 'export-named' },
      defaultSort,
    );
    expect(rows).toHaveLength(1);
    const csv = await buildExportCsv(admin, rows);
    expect(csv).toContain(`,${name},`);
    expect(csv).toMatch(new RegExp(`\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}, ${name}: Called back`));
    expect(csv).toContain('"=""+44 20 7946 0000"""');
  });

  it('exports in the sort the list shows, across batches, and the file keeps that order', async () => {
    // Person 0 arrived last and Person 4 first: received order runs against name order.
    for (let n = 0; n < 5; n += 1) await seedEnquiry('sorted', n);
    const search = { ...noFilters, search: 'export-sorted' };
    const names = async (sort: ListSort) =>
      (await listAllEnquiries(admin, search, sort, 2)).map((row) => row.Name);

    expect(await names({ key: 'name', direction: 'asc' })).toEqual([
      'Person 0',
      'Person 1',
      'Person 2',
      'Person 3',
      'Person 4',
    ]);
    expect(await names({ key: 'name', direction: 'desc' })).toEqual([
      'Person 4',
      'Person 3',
      'Person 2',
      'Person 1',
      'Person 0',
    ]);
    expect(await names({ key: 'received', direction: 'asc' })).toEqual([
      'Person 4',
      'Person 3',
      'Person 2',
      'Person 1',
      'Person 0',
    ]);

    const rows = await listAllEnquiries(admin, search, { key: 'name', direction: 'desc' }, 2);
    const csv = await buildExportCsv(admin, rows);
    const inFile = [...csv.matchAll(/Person \d/g)].map(([name]) => name);
    expect(inFile).toEqual(['Person 4', 'Person 3', 'Person 2', 'Person 1', 'Person 0']);
  });

  it('gives a signed-in non-admin no staff list and no notes', async () => {
    const id = await seedEnquiry('member', 0);
    await seedNote(id, 'private', 1);
    await expect(listStaffForExport(member)).rejects.toThrow();
    const notes = await listNotesForExport(member, [id]).catch(() => []);
    expect(notes).toEqual([]);
  });
});
