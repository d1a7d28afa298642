/**
 * How long the database keeps enquiries and audit entries, in months. The same figures are in
 * private.retention_periods() (supabase/migrations), which the daily retention run uses; an
 * integration test fails when the two disagree, and the privacy policy is written from these.
 */
export const retention = {
  /** Enquiries, with their notes, network address and notification mail, after the last contact. */
  enquiryMonths: 24,
  /** Audit log entries (sign-ins, admin actions, data requests), after they were written. */
  auditLogMonths: 24,
} as const;

/** "24 months" */
export function monthsLabel(months: number): string {
  return months === 1 ? '1 month' : `${months} months`;
}
