// @vitest-environment node
import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { renderJob } from '../../../supabase/functions/send-enquiry-mail/render.ts';
import type { Database } from '../../../supabase/local/db/database.ts';
import {
  startEmbeddedCluster,
  type EmbeddedCluster,
} from '../../../supabase/local/db/embedded-cluster.ts';
import { openPostgres } from '../../../supabase/local/db/postgres.ts';
import type { LocalRequest } from '../../../supabase/local/http.ts';
import {
  ensureMailApiTable,
  handleMail,
  handleMailApi,
  listMail,
} from '../../../supabase/local/mail.ts';

const API_KEY = 'test-mail-key';

let cluster: EmbeddedCluster;
let db: Database;

/** The mail table as the embedded backend's platform.sql creates it, before any later column. */
function platformMailTable(): string {
  const platform = readFileSync(
    new URL('../../../supabase/local/platform.sql', import.meta.url),
    'utf8',
  );
  const table = /create table if not exists local_dev\.mail \([\s\S]*?\n\);/.exec(platform)?.[0];
  if (!table) throw new Error('platform.sql no longer creates local_dev.mail');
  return `create schema if not exists local_dev;\n${table}`;
}

beforeAll(async () => {
  cluster = await startEmbeddedCluster();
  db = await openPostgres(cluster.url);
  await db.exec(platformMailTable());
  // a mail captured by a backend from before attachments were kept
  await db.query(
    `insert into local_dev.mail (to_address, subject, text_body, html_body) values ('old@example.com', 'Old', 'Kept', '')`,
  );
  await ensureMailApiTable(db);
  await ensureMailApiTable(db);
}, 60_000);

afterAll(async () => {
  await db?.close();
  await cluster?.stop();
});

const request = (method: string, path: string, body?: unknown): LocalRequest => ({
  method,
  url: new URL(`http://127.0.0.1:54321${path}`),
  path,
  headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
  body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
  ip: '127.0.0.1',
});

const send = (mail: Record<string, unknown>) =>
  handleMailApi(
    request('POST', '/__local/mail-api/emails', {
      from: 'Kestrel Data <no-reply@kestrel.test>',
      subject: 'With a file',
      text: 'Hello',
      ...mail,
    }),
    db,
    API_KEY,
  );

function bookingMail() {
  const result = renderJob(
    {
      id: 'job-1',
      kind: 'consultation_booked',
      recipient: 'sam@example.com',
      payload: {
        booking: {
          id: 'b1',
          uid: 'b1@consultations.kestrel-data',
          sequence: 0,
          status: 'booked',
          starts_at: '2026-12-01T09:00:00Z',
          ends_at: '2026-12-01T09:30:00Z',
          visitor_time_zone: 'Europe/Paris',
          created_at: '2026-11-20T10:00:00Z',
          updated_at: '2026-11-20T10:00:00Z',
        },
        organizer: { name: 'Ada <Lovelace>' },
        manage_token: 'm.b1.1.1800000000.c2ln',
      },
    },
    {
      from: 'Kestrel Data <no-reply@kestrel.test>',
      staffTo: 'team@kestrel.test',
      siteUrl: 'https://www.kestrel.test',
    },
  );
  if (!result.ok) throw new Error(result.error);
  return result.mail;
}

describe('the local mail API keeps attachments', () => {
  it('captures a booking mail with its invitation, decoded, and lists it', async () => {
    const mail = bookingMail();
    expect((await send({ ...mail })).status).toBe(200);
    const [captured] = await listMail(db, 'sam@example.com');
    const ics = Buffer.from(mail.attachments?.[0]?.content ?? '', 'base64').toString('utf8');
    expect(captured?.attachments).toEqual([
      {
        filename: 'invite.ics',
        content_type: 'text/calendar; method=REQUEST; charset=UTF-8',
        size: Buffer.byteLength(ics, 'utf8'),
        text: ics,
      },
    ]);
    expect(captured?.attachments[0]?.text).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*METHOD:REQUEST\r\n/);
  });

  it('returns them from /__local/mail as JSON, and none for a mail captured before', async () => {
    const answer = await handleMail(request('GET', '/__local/mail'), db);
    const mails = JSON.parse(answer.body ?? '[]') as { to: string; attachments: unknown[] }[];
    expect(mails.find((mail) => mail.to === 'sam@example.com')?.attachments).toHaveLength(1);
    expect(mails.find((mail) => mail.to === 'old@example.com')).toMatchObject({
      subject: 'Old',
      reply_to: null,
      attachments: [],
    });
  });

  it('shows a text attachment in the inbox page, escaped, with a download link', async () => {
    const answer = await handleMail(request('GET', '/__local/mail/inbox?to=sam@example.com'), db);
    const page = answer.body ?? '';
    expect(page).toContain('<h3>Attachments</h3>');
    expect(page).toContain('<summary>invite.ics (text/calendar; method=REQUEST; charset=UTF-8, ');
    expect(page).toContain('download="invite.ics"');
    expect(page).toMatch(/href="data:text\/calendar;base64,[A-Za-z0-9+/=]+"/);
    expect(page).toContain(
      'ORGANIZER;CN=&quot;Ada &lt;Lovelace&gt;&quot;:mailto:no-reply@kestrel.test',
    );
    expect(page).not.toContain('<Lovelace>');
  });

  it('keeps a binary attachment by name, type and size only; a list of bytes is content too', async () => {
    expect(
      (
        await send({
          to: 'files@example.com',
          attachments: [
            {
              filename: 'a.pdf',
              content: Buffer.from('%PDF-1.7').toString('base64'),
              content_type: 'application/pdf',
            },
            { filename: 'note.txt', content: [104, 105], content_type: 'text/plain' },
            { filename: 'blob.bin', content: 'AAEC' },
          ],
        })
      ).status,
    ).toBe(200);
    const [captured] = await listMail(db, 'files@example.com');
    expect(captured?.attachments).toEqual([
      { filename: 'a.pdf', content_type: 'application/pdf', size: 8, text: null },
      { filename: 'note.txt', content_type: 'text/plain', size: 2, text: 'hi' },
      { filename: 'blob.bin', content_type: 'application/octet-stream', size: 3, text: null },
    ]);
    const page =
      (await handleMail(request('GET', '/__local/mail/inbox?to=files@example.com'), db)).body ?? '';
    expect(page).toContain('<li>a.pdf (application/pdf, 8 bytes)</li>');
  });

  it.each([
    ['a remote path', [{ filename: 'x.pdf', path: 'https://example.com/x.pdf' }]],
    ['content that is not base64', [{ filename: 'x.txt', content: 'not base64!' }]],
    ['a filename with a line break', [{ filename: 'x\r\nBcc: v@x.test', content: 'AA==' }]],
    [
      'a content type with a line break',
      [{ filename: 'x', content: 'AA==', content_type: 'text/plain\nX: y' }],
    ],
    ['no list', { filename: 'x', content: 'AA==' }],
  ])('refuses %s with 422 and captures nothing', async (_, attachments) => {
    const answer = await send({ to: 'refused@example.com', attachments });
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body ?? '{}')).toMatchObject({ name: 'validation_error' });
    expect(await listMail(db, 'refused@example.com')).toEqual([]);
  });
});
