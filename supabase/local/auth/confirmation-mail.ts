import { createHash, randomInt } from 'node:crypto';

import type { Queryable } from '../db/database.ts';
import { captureMail } from '../mail.ts';

/** The sender the Supabase CLI's local auth mailer uses unless [auth.email.smtp] sets one. */
const AUTH_MAIL_FROM = 'Admin <admin@email.com>';

/** GoTrue's token hash: hex(SHA-224(email + otp)), 56 characters. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

/** Stores a new confirmation token on the user and captures the e-mail GoTrue would send. */
export async function sendConfirmation(
  db: Queryable,
  user: { id: string; email: string },
  options: { externalUrl: string; redirectTo: string },
): Promise<void> {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = tokenHash(user.email, otp);
  await db.query(
    'update auth.users set confirmation_token = $1, confirmation_sent_at = now() where id = $2',
    [hash, user.id],
  );
  const link = `${options.externalUrl}/verify?token=${hash}&type=signup&redirect_to=${encodeURIComponent(options.redirectTo)}`;
  const text = `Confirm your signup\n\nFollow this link to confirm your user:\n${link}\n\nAlternatively, enter the code: ${otp}\n`;
  const html = `<h2>Confirm your signup</h2>\n<p>Follow this link to confirm your user:</p>\n<p><a href="${link.replaceAll('&', '&amp;')}">Confirm your mail</a></p>\n<p>Alternatively, enter the code: ${otp}</p>\n`;
  await captureMail(db, {
    from: AUTH_MAIL_FROM,
    to: user.email,
    subject: 'Confirm Your Signup',
    text,
    html,
    links: [link],
  });
}
