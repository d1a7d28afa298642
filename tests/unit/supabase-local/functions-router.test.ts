// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { createFunctionsHandler } from '../../../supabase/local/functions/functions-router.ts';
import type { LocalRequest } from '../../../supabase/local/http.ts';
import { DEFAULT_JWT_SECRET, JwtKeys } from '../../../supabase/local/jwt.ts';
import { readSupabaseConfig } from '../../../supabase/local/supabase-config.ts';

const request = (name: string, headers: Record<string, string> = {}): LocalRequest => {
  const url = new URL(`http://127.0.0.1:54321/functions/v1/${name}?token=abc`);
  return {
    method: 'GET',
    url,
    path: url.pathname,
    headers,
    body: Buffer.alloc(0),
    ip: '127.0.0.1',
  };
};

/** Every function answers 200 with the query it was given, when the gateway lets it through. */
const echo = async (webRequest: Request) =>
  new Response(new URL(webRequest.url).search, { status: 200 });

describe("the embedded backend's Edge Function gateway", () => {
  it("honours each function's verify_jwt from supabase/config.toml", async () => {
    const keys = await JwtKeys.create(DEFAULT_JWT_SECRET);
    const { verifyJwt } = readSupabaseConfig('supabase/config.toml');
    expect(verifyJwt).toMatchObject({
      'send-enquiry-mail': true,
      consultation: true,
      'sync-busy-calendars': true,
      'consultation-feed': false,
    });
    const handle = createFunctionsHandler(
      {
        'consultation-feed': echo,
        'sync-busy-calendars': echo,
        consultation: echo,
        'send-enquiry-mail': echo,
      },
      keys,
      verifyJwt,
    );

    const feed = await handle(request('consultation-feed'), 'consultation-feed');
    expect(feed).toMatchObject({ status: 200, body: '?token=abc' });

    for (const name of ['sync-busy-calendars', 'consultation', 'send-enquiry-mail']) {
      expect((await handle(request(name), name)).status).toBe(401);
      const forged = await handle(request(name, { authorization: 'Bearer a.b.c' }), name);
      expect(forged.status).toBe(401);
      const anon = await handle(request(name, { authorization: `Bearer ${keys.anonKey}` }), name);
      expect(anon.status).toBe(200);
    }
  });

  it('checks the JWT of a function the file does not name, and knows no other function', async () => {
    const keys = await JwtKeys.create(DEFAULT_JWT_SECRET);
    const handle = createFunctionsHandler({ other: echo }, keys, { 'consultation-feed': false });
    expect((await handle(request('other'), 'other')).status).toBe(401);
    expect((await handle(request('consultation-feed'), 'consultation-feed')).status).toBe(404);
  });
});
