import { availabilityError } from '@/features/admin/availability/availability-error';
import { readBrowserEnv } from '@/lib/browser-env';
import type { Database } from '@/lib/database.types';
import type { AppSupabaseClient } from '@/lib/supabase';

type StatusRow = Database['public']['Functions']['consultation_feed_status']['Returns'][number];

/** Whether the staff member's feed of bookings is on, and since when (null when off). */
export type FeedStatus = Omit<StatusRow, 'created_at'> & {
  created_at: string | null;
};

/** The address a calendar app subscribes to: the feed function with the token. */
export function feedUrl(token: string, supabaseUrl = readBrowserEnv().supabaseUrl): string {
  const base = supabaseUrl.replace(/\/+$/, '');
  return `${base}/functions/v1/consultation-feed?token=${encodeURIComponent(token)}`;
}

export async function getFeedStatus(client: AppSupabaseClient): Promise<FeedStatus> {
  const { data, error } = await client.rpc('consultation_feed_status');
  if (error) throw availabilityError(error);
  return data?.[0] ?? { active: false, created_at: null };
}

/** Makes a new feed address (the old one stops working) and returns it: it is shown only now. */
export async function rotateFeed(client: AppSupabaseClient): Promise<string> {
  const { data, error } = await client.rpc('rotate_consultation_feed');
  if (error) throw availabilityError(error);
  return feedUrl(data);
}

export async function revokeFeed(client: AppSupabaseClient): Promise<void> {
  const { error } = await client.rpc('revoke_consultation_feed');
  if (error) throw availabilityError(error);
}
