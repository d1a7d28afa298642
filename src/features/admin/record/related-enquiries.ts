import { queryOptions, useQuery } from '@tanstack/react-query';

import { adminKeys, FRESH_MS } from '@/features/admin/shared/admin-queries';
import type { Database } from '@/lib/database.types';
import { RpcError } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseClient } from '@/lib/supabase-client-context';

/** One other enquiry from the same address or company (public.related_enquiries). */
export type RelatedEnquiry =
  Database['public']['Functions']['related_enquiries']['Returns'][number];

/** The newest few shown on a record, and how many matched in all. */
export type RelatedEnquiries = { rows: RelatedEnquiry[]; total: number };

/** How many a record lists; the rest are counted ("and 3 more"). */
export const RELATED_SHOWN = 5;

/**
 * The other enquiries sent from the same e-mail address or naming the same company as this one,
 * newest first, at most `limit` (admins only; the database matches and refuses).
 */
export async function listRelatedEnquiries(
  client: AppSupabaseClient,
  enquiryId: string,
  limit = RELATED_SHOWN,
): Promise<RelatedEnquiries> {
  const { data, error } = await client.rpc('related_enquiries', {
    _submission_id: enquiryId,
    _limit: limit,
  });
  if (error) throw new RpcError(error.code, error.message);
  const rows = data ?? [];
  return { rows, total: rows[0]?.total ?? 0 };
}

/** Why an enquiry is listed as related, in words. */
export function relatedBecause({ same_email, same_company }: RelatedEnquiry): string {
  if (same_email && same_company) return 'Same e-mail address and company';
  return same_email ? 'Same e-mail address' : 'Same company';
}

/** How many matched beyond those listed; 0 when every one is listed. */
export const moreRelated = ({ rows, total }: RelatedEnquiries) => Math.max(0, total - rows.length);

/**
 * The related enquiries of the enquiry on screen. Under the enquiries' key, so a change to any
 * enquiry (a status, a deletion) reloads them; a failure is said in the section, not toasted, as
 * the record itself matters more.
 */
export function useRelatedEnquiries(enquiryId: string) {
  const client = useSupabaseClient();
  return useQuery(
    queryOptions({
      queryKey: adminKeys.related(enquiryId),
      queryFn: () => listRelatedEnquiries(client, enquiryId),
      staleTime: FRESH_MS,
    }),
  );
}
