import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  buildExportCsv,
  listNotesForExport,
  NOTES_IDS_PER_REQUEST,
  NOTES_PAGE_SIZE,
  recordExport,
} from '@/features/admin/export/export-enquiries';
import { noFilters, type Enquiry } from '@/features/admin/list/list-enquiries';

import { filterOn, useSupabaseNetwork } from '../../../support/supabase-network';
import { enquiry } from '../admin-test-data';

const network = useSupabaseNetwork();

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('recording a CSV export', () => {
  it('asks the database to record it with the count and filters, and only whether a search applied', async () => {
    const { client, requests } = network.answer({
      rpc: { record_enquiry_export: () => ({}) },
    });
    await recordExport(
      client,
      { ...noFilters, search: '  jane@rival.example  ', interest: 'ai-ml', status: 'won' },
      12,
    );
    // nothing is written to audit_log from the browser: the one request is the function's
    expect(requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST http://supabase.test/rest/v1/rpc/record_enquiry_export',
    ]);
    expect(requests[0]?.body).toStrictEqual({
      exported: 12,
      status: 'won',
      interest: 'ai-ml',
      searched: true,
    });
    expect(JSON.stringify(requests[0]?.body)).not.toContain('rival');
    expect(warn).not.toHaveBeenCalled();
  });

  it('sends no filter and searched false when none applies', async () => {
    const { client, requests } = network.answer({
      rpc: { record_enquiry_export: () => ({}) },
    });
    await recordExport(client, { ...noFilters, search: '   ' }, 0);
    expect(requests[0]?.body).toStrictEqual({ exported: 0, searched: false });
  });

  it('never throws: a refusal or a network failure is only a warning', async () => {
    const refused = network.answer({
      rpc: {
        record_enquiry_export: () => ({
          error: { code: '42501', message: 'Only staff admins may export enquiries.' },
        }),
      },
    });
    await expect(recordExport(refused.client, noFilters, 3)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      '[audit] admin_export_submissions not stored: Only staff admins may export enquiries.',
    );

    const offline = network.answer({ rpc: { record_enquiry_export: () => 'network-failure' } });
    await expect(recordExport(offline.client, noFilters, 3)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenLastCalledWith(
      expect.stringMatching(/^\[audit\] admin_export_submissions not stored: TypeError/),
    );
  });
});

describe('the export reads notes and staff names beside the enquiries', () => {
  const withId = (id: string): Enquiry => ({
    ...enquiry(1),
    id,
    assigned_to: 'u-ann',
  });
  const noStaff = { list_staff: () => ({ data: [] }) };

  it('asks for the notes of the exported enquiries in one request and names the assignee', async () => {
    const { client, requests } = network.answer({
      tables: {
        enquiry_notes: () => ({
          data: [
            {
              submission_id: 'e-1',
              created_at: '2026-11-02T12:05:00+00:00',
              author_id: 'u-ann',
              author_email: 'ann@kestrel.example',
              body: 'Called back',
            },
          ],
        }),
      },
      rpc: {
        list_staff: () => ({
          data: [{ id: 'u-ann', email: 'ann@kestrel.example', display_name: 'Ann Lee' }],
        }),
      },
    });
    const csv = await buildExportCsv(client, [withId('e-1'), withId('e-2')]);
    // The two are asked for at once, so they may arrive in either order.
    expect(requests.map(({ kind, name }) => `${kind} ${name}`).sort()).toEqual([
      'rpc list_staff',
      'table enquiry_notes',
    ]);
    const notes = requests.find(({ name }) => name === 'enquiry_notes');
    expect(notes?.method).toBe('GET');
    expect(filterOn(notes!, 'submission_id')).toEqual({ op: 'in', value: ['e-1', 'e-2'] });
    expect(notes?.params.get('order')).toBe('created_at.asc,id.asc');
    expect(notes?.range).toEqual({ from: 0, to: NOTES_PAGE_SIZE - 1 });
    expect(csv).toContain('Ann Lee,');
    expect(csv).toContain('2026-11-02 12:05, Ann Lee: Called back');
  });

  it('asks in slices of enquiries, never once per enquiry, and reads no notes for none', async () => {
    const { client, requests } = network.answer({
      tables: { enquiry_notes: () => ({ data: [] }) },
      rpc: noStaff,
    });
    const ids = Array.from({ length: NOTES_IDS_PER_REQUEST + 1 }, (_, index) => `e-${index}`);
    await listNotesForExport(client, ids);
    expect(requests.map((request) => filterOn(request, 'submission_id')?.value)).toEqual([
      ids.slice(0, NOTES_IDS_PER_REQUEST),
      ids.slice(NOTES_IDS_PER_REQUEST),
    ]);
    await buildExportCsv(client, []);
    expect(requests.map(({ name }) => name)).toEqual([
      'enquiry_notes',
      'enquiry_notes',
      'list_staff',
    ]);
  });

  it('reads the next page of a slice while a page comes back full', async () => {
    const note = (index: number) => ({
      submission_id: 'e-1',
      created_at: '2026-11-02T12:05:00+00:00',
      author_id: 'u-ann',
      author_email: 'ann@kestrel.example',
      body: `Note ${index}`,
    });
    const { client, requests } = network.answer({
      tables: {
        enquiry_notes: ({ range }) => ({
          data: Array.from({ length: range?.from === 0 ? NOTES_PAGE_SIZE : 1 }, (_, index) =>
            note((range?.from ?? 0) + index),
          ),
        }),
      },
    });
    const notes = await listNotesForExport(client, ['e-1']);
    expect(requests.map(({ range }) => range)).toEqual([
      { from: 0, to: NOTES_PAGE_SIZE - 1 },
      { from: NOTES_PAGE_SIZE, to: 2 * NOTES_PAGE_SIZE - 1 },
    ]);
    expect(notes).toHaveLength(NOTES_PAGE_SIZE + 1);
    expect(notes.at(-1)?.body).toBe(`Note ${NOTES_PAGE_SIZE}`);
  });

  it('stops with the database message when the notes cannot be read', async () => {
    const { client } = network.answer({
      tables: {
        enquiry_notes: () => ({
          error: { code: '42501', message: 'permission denied for table enquiry_notes' },
        }),
      },
      rpc: noStaff,
    });
    await expect(buildExportCsv(client, [withId('e-1')])).rejects.toThrow(
      'permission denied for table enquiry_notes',
    );
  });
});
