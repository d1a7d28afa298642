import type { Queryable } from './db/database.ts';
import { header, json } from './http.ts';
import type { LocalRequest, LocalResponse } from './http.ts';

/** A captured e-mail; the local backend never sends mail, it keeps it for `/__local/mail`. */
export interface CapturedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created_at: string;
}

export async function captureMail(
  db: Queryable,
  mail: { to: string; subject: string; text: string; html: string; links: string[] },
): Promise<void> {
  await db.query(
    'insert into local_dev.mail (to_address, subject, text_body, html_body, links) values ($1, $2, $3, $4, $5::jsonb)',
    [mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.links)],
  );
}

export async function listMail(db: Queryable, to: string | null): Promise<CapturedMail[]> {
  const result = await db.query<CapturedMail & { links: string[] | string }>(
    `select id::int as id, to_address as "to", subject, text_body as text, html_body as html, links,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
       from local_dev.mail where $1::text is null or lower(to_address) = lower($1::text)
      order by id desc limit 200`,
    [to],
  );
  return result.rows.map((row) => ({
    ...row,
    links: typeof row.links === 'string' ? (JSON.parse(row.links) as string[]) : row.links,
  }));
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

function inboxPage(mails: CapturedMail[], to: string | null): string {
  const items = mails
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">to ${escapeHtml(mail.to)} · ${escapeHtml(mail.created_at)}</p>
  <pre>${escapeHtml(mail.text)}</pre>
  <ul>${mail.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join('')}</ul>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mail${to ? ` for ${escapeHtml(to)}` : ''}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:6px;padding:0 1rem;margin:1rem 0}.meta{color:#555}pre{white-space:pre-wrap}a{word-break:break-all}</style>
</head><body><h1>Local mail inbox</h1><p>E-mails captured by the embedded backend, newest first. Nothing is really sent.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}

/** `GET /__local/mail[?to=]` (JSON, or HTML for a browser) and `GET /__local/mail/inbox`. */
export async function handleMail(request: LocalRequest, db: Queryable): Promise<LocalResponse> {
  const subpath = request.url.pathname.slice('/__local/mail'.length);
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'DELETE') {
    return json(405, { message: 'Method not allowed' });
  }
  if (subpath !== '' && subpath !== '/' && subpath !== '/inbox')
    return json(404, { message: 'Not found' });
  if (request.method === 'DELETE') {
    await db.query('delete from local_dev.mail');
    return { status: 204 };
  }
  const to = request.url.searchParams.get('to');
  const mails = await listMail(db, to);
  const wantsHtml = subpath === '/inbox' || /text\/html/.test(header(request, 'accept') ?? '');
  if (wantsHtml) {
    return {
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body: inboxPage(mails, to),
    };
  }
  return json(200, mails);
}
