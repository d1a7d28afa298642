import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  buildExportCsv,
  listNotesForExport,
  NOTES_IDS_PER_REQUEST,
  recordExport,
} from '@/features/admin/export/export-enquiries';
import { noFilters, type Enquiry } from '@/features/admin/list/list-enquiries';

import { enquiry } from '../admin-test-data';
import { createFakeAdminClient } from '../fake-admin-client';

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('recording a CSV export', () => {
  it('asks the database to record it with the count and filters, and only whether a search applied', async () => {
    const { client, rpcCalls, queries } = createFakeAdminClient({
      rpc: { record_enquiry_export: () => ({ data: null, error: null }) },
    });
    await recordExport(
      client,
      { ...noFilters, search: '  jane@rival.example  ', interest: 'ai-ml', status: 'won' },
      12,
    );
    expect(rpcCalls).toEqual([
      {
        name: 'record_enquiry_export',
        args: {
          exported: 12,
          status: 'won',
          interest: 'ai-ml',
          timeline: undefined,
          searched: true,
        },
      },
    ]);
    expect(JSON.stringify(rpcCalls)).not.toContain('rival');
    // nothing is written to audit_log from the browser
    expect(queries).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('sends no filter and searched false when none applies', async () => {
    const { client, rpcCalls } = createFakeAdminClient({
      rpc: { record_enquiry_export: () => ({ data: null, error: null }) },
    });
    await recordExport(client, { ...noFilters, search: '   ' }, 0);
    expect(rpcCalls[0]?.args).toEqual({
      exported: 0,
      status: undefined,
      interest: undefined,
      timeline: undefined,
      searched: false,
    });
  });

  it('never throws: a refusal or a network failure is only a warning', async () => {
    const refused = createFakeAdminClient({
      rpc: {
        record_enquiry_export: () => ({
          data: null,
          error: { message: 'Only staff admins may export enquiries.' },
        }),
      },
    });
    await expect(recordExport(refused.client, noFilters, 3)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      '[audit] admin_export_submissions not stored: Only staff admins may export enquiries.',
    );

    const failing = createFakeAdminClient({
      rpc: {
        record_enquiry_export: () => {
          throw new Error('offline');
        },
      },
    });
    await expect(recordExport(failing.client, noFilters, 3)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('the export reads notes and staff names beside the enquiries', () => {
  const withId = (id: string): Enquiry => ({
    ...enquiry(1),
    id,
    assigned_to: 'u-ann',
  });

  it('asks for the notes of the exported enquiries in one request and names the assignee', async () => {
    const { client, queries, rpcCalls } = createFakeAdminClient({
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
          error: null,
        }),
      },
      rpc: {
        list_staff: () => ({
          data: [{ id: 'u-ann', email: 'ann@kestrel.example', display_name: 'Ann Lee' }],
          error: null,
        }),
      },
    });
    const csv = await buildExportCsv(client, [withId('e-1'), withId('e-2')]);
    expect(rpcCalls.map((call) => call.name)).toEqual(['list_staff']);
    expect(queries).toHaveLength(1);
    expect(queries[0]?.table).toBe('enquiry_notes');
    expect(queries[0]?.calls).toContainEqual(['in', 'submission_id', ['e-1', 'e-2']]);
    expect(queries[0]?.calls).toContainEqual(['order', 'created_at', { ascending: true }]);
    expect(csv).toContain('Ann Lee,');
    expect(csv).toContain('2026-11-02 12:05, Ann Lee: Called back');
  });

  it('asks in slices of enquiries, never once per enquiry, and reads no notes for none', async () => {
    const { client, queries } = createFakeAdminClient({
      rpc: { list_staff: () => ({ data: [], error: null }) },
    });
    const ids = Array.from({ length: NOTES_IDS_PER_REQUEST + 1 }, (_, index) => `e-${index}`);
    await listNotesForExport(client, ids);
    expect(queries.map(({ calls }) => calls.find(([method]) => method === 'in')?.[2])).toEqual([
      ids.slice(0, NOTES_IDS_PER_REQUEST),
      ids.slice(NOTES_IDS_PER_REQUEST),
    ]);
    await buildExportCsv(client, []);
    expect(queries).toHaveLength(2);
  });

  it('stops with the database message when the notes cannot be read', async () => {
    const { client } = createFakeAdminClient({
      tables: {
        enquiry_notes: () => ({
          data: null,
          error: { message: 'permission denied', code: '42501' },
        }),
      },
      rpc: { list_staff: () => ({ data: [], error: null }) },
    });
    await expect(buildExportCsv(client, [withId('e-1')])).rejects.toThrow('permission denied');
  });
});
