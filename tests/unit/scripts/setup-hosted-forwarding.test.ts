import { describe, expect, it } from 'vitest';

import { FORWARDING_MARKER, proxyHopsFrom } from '../../../scripts/setup-hosted/forwarding';

const answer = (forwardedFor: string | null) =>
  proxyHopsFrom(200, JSON.stringify({ forwarded_for: forwardedFor }));

describe('proxyHopsFrom', () => {
  it('counts the entries appended after the marker', () => {
    expect(answer(`${FORWARDING_MARKER}, 198.51.100.4`)).toMatchObject({ ok: true, hops: 1 });
    expect(answer(`${FORWARDING_MARKER},198.51.100.4, 172.64.1.9`)).toMatchObject({
      ok: true,
      hops: 2,
    });
  });

  it('takes the last marker, so an earlier copy of it does not count', () => {
    expect(answer(`${FORWARDING_MARKER}, ${FORWARDING_MARKER}, 198.51.100.4`)).toMatchObject({
      ok: true,
      hops: 1,
    });
  });

  it('counts every entry when a proxy rewrote the header and dropped the marker', () => {
    expect(answer('198.51.100.4, 10.0.0.3')).toMatchObject({ ok: true, hops: 2 });
  });

  it('refuses a header nothing was appended to: the last entry would be the caller’s to choose', () => {
    expect(answer(FORWARDING_MARKER)).toMatchObject({ ok: false, retry: false });
    expect(answer(null)).toMatchObject({ ok: false, retry: false });
  });

  it('refuses more proxies than the database can store', () => {
    const six = Array.from({ length: 6 }, (_, index) => `10.0.0.${index}`).join(', ');
    expect(answer(`${FORWARDING_MARKER}, ${six}`)).toMatchObject({ ok: false, retry: false });
  });

  it('retries a function not deployed yet or failing, and not a refusal', () => {
    expect(proxyHopsFrom(404, '')).toMatchObject({ ok: false, retry: true });
    expect(proxyHopsFrom(503, 'busy')).toMatchObject({ ok: false, retry: true });
    expect(proxyHopsFrom(401, '{}')).toMatchObject({ ok: false, retry: false });
    expect(proxyHopsFrom(200, 'not json')).toMatchObject({ ok: false, retry: false });
  });
});
