import { LOCAL_SUPABASE_URL } from './backend-fixtures';

export type CapturedAttachment = { filename: string; content_type: string; text: string | null };

/** A mail the embedded backend captured instead of sending, as its inbox API returns it. */
export type CapturedMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  reply_to: string | null;
  links: string[];
  attachments: CapturedAttachment[];
};

/** Every mail captured for `to`, oldest first. */
export async function inbox(to: string): Promise<CapturedMail[]> {
  const response = await fetch(`${LOCAL_SUPABASE_URL}/__local/mail?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`GET /__local/mail failed with ${response.status}`);
  return (await response.json()) as CapturedMail[];
}
