// The embedded backend's mail API keeps a mail's From, Reply-To and threading headers, so a test
// can check where the enquirer's answer to a staff reply goes; a line break in any is refused.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from './support/backend.ts';
import type { TestBackend } from './support/backend.ts';
import { mailTo } from './support/mail.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

const send = (mail: Record<string, unknown>) =>
  fetch(`${backend.url}/__local/mail-api/emails`, {
    method: 'POST',
    headers: { Authorization: 'Bearer local-mail-api-key', 'Content-Type': 'application/json' },
    body: JSON.stringify({
      from: 'Ada via Kestrel Data <no-reply@kestrel-data.local>',
      subject: 'Re: your enquiry',
      text: 'Hello',
      ...mail,
    }),
  });

describe('the local mail API and Reply-To', () => {
  it('keeps reply_to and returns it from /__local/mail; a mail without one has null', async () => {
    expect((await send({ to: 'rita@example.com', reply_to: 'ada@kestrel.test' })).status).toBe(200);
    expect((await send({ to: 'carl@example.com' })).status).toBe(200);
    const [withReplyTo] = await mailTo(backend, 'rita@example.com');
    const [without] = await mailTo(backend, 'carl@example.com');
    expect(withReplyTo).toMatchObject({ reply_to: 'ada@kestrel.test', text: 'Hello' });
    expect(without).toMatchObject({ reply_to: null });
  });

  it("shows each mail's From, To and Reply-To in the inbox page, as a mail client would", async () => {
    await send({ to: 'nina@example.com', reply_to: 'ada@kestrel.test' });
    const [captured] = await mailTo(backend, 'nina@example.com');
    expect(captured).toMatchObject({ from: 'Ada via Kestrel Data <no-reply@kestrel-data.local>' });
    const page = await (
      await fetch(`${backend.url}/__local/mail/inbox?to=nina@example.com`)
    ).text();
    expect(page).toContain(
      '<dt>From</dt><dd>Ada via Kestrel Data &lt;no-reply@kestrel-data.local&gt;</dd>',
    );
    expect(page).toContain('<dt>To</dt><dd>nina@example.com</dd>');
    expect(page).toContain('<dt>Reply-To</dt><dd>ada@kestrel.test</dd>');
  });

  it('refuses a line break in reply_to and a reply_to that is not an address', async () => {
    for (const reply_to of ['ada@kestrel.test\r\nBcc: victim@example.com', 42]) {
      const response = await send({ to: 'mallory@example.com', reply_to });
      expect(response.status).toBe(422);
    }
    expect(await mailTo(backend, 'mallory@example.com')).toEqual([]);
  });

  it('keeps the threading headers the sender set, shown in the inbox beside Reply-To', async () => {
    const headers = {
      'Message-ID': '<reply-2@kestrel.test>',
      'In-Reply-To': '<enquiry-1@kestrel.test>',
      References: '<enquiry-1@kestrel.test>',
    };
    const response = await send({ to: 'tom@example.com', reply_to: 'ada@kestrel.test', headers });
    expect(response.status).toBe(200);
    const [captured] = await mailTo(backend, 'tom@example.com');
    expect(captured).toMatchObject({ reply_to: 'ada@kestrel.test', headers });
    const page = await (await fetch(`${backend.url}/__local/mail/inbox?to=tom@example.com`)).text();
    expect(page).toContain('<dt>Reply-To</dt><dd>ada@kestrel.test</dd>');
    expect(page).toContain('<dt>In-Reply-To</dt><dd>&lt;enquiry-1@kestrel.test&gt;</dd>');
  });

  it('refuses a line break in a header, as in reply_to', async () => {
    for (const headers of [
      { 'In-Reply-To': '<a@kestrel.test>\r\nBcc: victim@example.com' },
      { 'Reply-To\nBcc': 'victim@example.com' },
    ]) {
      const response = await send({ to: 'eve@example.com', headers });
      expect(response.status).toBe(422);
    }
    expect(await mailTo(backend, 'eve@example.com')).toEqual([]);
  });
});
