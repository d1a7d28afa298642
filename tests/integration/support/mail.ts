import type { CapturedMail } from '../../../supabase/local/mail.ts';
import type { LocalSupabase } from '../../../supabase/local/server.ts';

/** A mail as the backend's `/__local/mail` lists it. */
export type TestMail = CapturedMail;

/** The e-mails the backend captured for `to`, newest first. */
export async function mailTo(backend: Pick<LocalSupabase, 'url'>, to: string): Promise<TestMail[]> {
  const response = await fetch(`${backend.url}/__local/mail?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`GET /__local/mail failed with ${response.status}`);
  return (await response.json()) as TestMail[];
}

/** The confirmation link of the newest e-mail to `to`. */
export async function latestLink(backend: Pick<LocalSupabase, 'url'>, to: string): Promise<string> {
  const [mail] = await mailTo(backend, to);
  const link = mail?.links[0];
  if (!link) throw new Error(`no captured e-mail with a link for ${to}`);
  return link;
}

/** The session values in a redirect's `#fragment`. */
export function fragmentParams(location: string): URLSearchParams {
  return new URLSearchParams(location.split('#')[1] ?? '');
}
