import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { recordExport } from '@/features/admin/export-submissions';
import { noFilters } from '@/features/admin/list-submissions';

import { createFakeAdminClient } from './fake-admin-client';

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
