import type { Queryable } from '../db/database.ts';

/** The columns of private.enquiry_limits (see its migration for what each one means). */
export interface EnquiryLimits {
  enquiries_per_client_per_hour: number;
  enquiries_per_hour: number;
  acknowledgements_per_hour: number;
  staff_alerts_per_hour: number;
  digest_delay_seconds: number;
  trusted_proxy_hops: number;
  max_attempts: number;
  retry_base_seconds: number;
  lease_seconds: number;
  enquiries_per_prefix_per_hour: number;
  held_per_hour: number;
  staff_digests_per_hour: number;
  mails_per_mailbox_per_day: number;
  booking_mails_per_hour: number;
  function_proxy_hops: number;
}

export type EnquiryLimitsOption = 'local' | 'migrated' | Partial<EnquiryLimits>;

const columns: readonly (keyof EnquiryLimits)[] = [
  'enquiries_per_client_per_hour',
  'enquiries_per_hour',
  'acknowledgements_per_hour',
  'staff_alerts_per_hour',
  'digest_delay_seconds',
  'trusted_proxy_hops',
  'max_attempts',
  'retry_base_seconds',
  'lease_seconds',
  'enquiries_per_prefix_per_hour',
  'held_per_hour',
  'staff_digests_per_hour',
  'mails_per_mailbox_per_day',
  'booking_mails_per_hour',
  'function_proxy_hops',
];

/**
 * The local backend's limits: every request of a developer, a test or the e2e suite comes from
 * 127.0.0.1, so the per-client and hourly limits (and the alert digest) would soon stop a normal
 * run. Only the embedded backend applies these; the migration's values are what Supabase runs.
 */
export const LOCAL_ENQUIRY_LIMITS: Partial<EnquiryLimits> = {
  enquiries_per_client_per_hour: 1000,
  enquiries_per_prefix_per_hour: 1000,
  enquiries_per_hour: 10000,
  acknowledgements_per_hour: 10000,
  staff_alerts_per_hour: 10000,
  // site-wide: the e2e suite books all through one run. The budget per mailbox stays as deployed.
  booking_mails_per_hour: 10000,
};

/** Writes the chosen limits over the migration's defaults (columns not given get the default). */
export async function applyEnquiryLimits(
  db: Queryable,
  option: EnquiryLimitsOption,
): Promise<void> {
  // a backend started over other migrations (a test's own set) has no such table
  const exists = await db.query<{ found: boolean }>(
    "select to_regclass('private.enquiry_limits') is not null as found",
  );
  if (!exists.rows[0]?.found) return;
  const chosen = option === 'migrated' ? {} : option === 'local' ? LOCAL_ENQUIRY_LIMITS : option;
  const params: number[] = [];
  const assignments = columns.map((column) => {
    const value = chosen[column];
    if (value === undefined) return `${column} = default`;
    if (!Number.isInteger(value)) throw new Error(`enquiry limit ${column} must be an integer`);
    params.push(value);
    return `${column} = $${params.length}`;
  });
  await db.query(
    `update private.enquiry_limits set ${assignments.join(', ')}, updated_at = now()`,
    params,
  );
}

/**
 * The per-client limits on reading the free consultation times and claiming book tokens
 * (private.consultation_settings), for the same reason: every local request comes from
 * 127.0.0.1, and a test run or a developer reads the times far more often than a prospect.
 * 'local' raises them; anything else leaves the migration's values. Tests of the limits set
 * their own.
 */
export const LOCAL_CONSULTATION_READ_LIMITS = {
  slot_reads_per_client_per_hour: 10_000,
  claims_per_client_per_hour: 10_000,
} as const;

export async function applyConsultationReadLimits(
  db: Queryable,
  option: EnquiryLimitsOption,
): Promise<void> {
  // a backend started over other migrations (a test's own set) may have no such columns
  const exists = await db.query<{ found: boolean }>(
    `select exists (select 1 from information_schema.columns
                     where table_schema = 'private' and table_name = 'consultation_settings'
                       and column_name = 'slot_reads_per_client_per_hour') as found`,
  );
  if (!exists.rows[0]?.found) return;
  const local = option === 'local';
  await db.query(
    `update private.consultation_settings
        set slot_reads_per_client_per_hour = ${local ? '$1' : 'default'},
            claims_per_client_per_hour = ${local ? '$2' : 'default'}`,
    local
      ? [
          LOCAL_CONSULTATION_READ_LIMITS.slot_reads_per_client_per_hour,
          LOCAL_CONSULTATION_READ_LIMITS.claims_per_client_per_hour,
        ]
      : [],
  );
}
