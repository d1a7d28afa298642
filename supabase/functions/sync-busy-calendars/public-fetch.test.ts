import { deepStrictEqual, equal, rejects } from 'node:assert/strict';

import { denoResolver } from './deno-resolve.ts';
import { AddressNotAllowedError } from './public-address.ts';
import { checkedThenFetch, publicAddressesOf, type ResolveHost } from './public-fetch.ts';

const answers =
  (table: Record<string, string[]>): ResolveHost =>
  (host) =>
    table[host] ? Promise.resolve(table[host]) : Promise.reject(new Error(`no ${host}`));

Deno.test('a host is refused when any one of its addresses is not public', async () => {
  const resolve = answers({
    'calendar.example': ['93.184.216.34', '2606:2800:220:1::1'],
    'split.example': ['93.184.216.34', '127.0.0.1'],
    'split6.example': ['93.184.216.34', '::ffff:10.0.0.1'],
    'metadata.example': ['169.254.169.254'],
  });
  deepStrictEqual(await publicAddressesOf('calendar.example', resolve), [
    '93.184.216.34',
    '2606:2800:220:1::1',
  ]);
  for (const host of ['split.example', 'split6.example', 'metadata.example']) {
    await rejects(publicAddressesOf(host, resolve), AddressNotAllowedError, host);
  }
});

Deno.test('refused names and addresses are not even looked up', async () => {
  let lookups = 0;
  const resolve: ResolveHost = () => {
    lookups += 1;
    return Promise.resolve(['93.184.216.34']);
  };
  for (const host of ['localhost', 'metadata.google.internal', '127.0.0.1', '::1', 'intranet']) {
    await rejects(publicAddressesOf(host, resolve), AddressNotAllowedError, host);
  }
  deepStrictEqual(await publicAddressesOf('8.8.8.8', resolve), ['8.8.8.8']);
  equal(lookups, 0);
});

Deno.test('a host with no address, or whose lookup fails, is not fetched', async () => {
  let fetched = 0;
  const fetcher = checkedThenFetch(answers({ 'empty.example': [] }), () => {
    fetched += 1;
    return Promise.resolve(new Response('x'));
  });
  const init = { headers: {}, redirect: 'manual' as const, signal: AbortSignal.timeout(1000) };
  await rejects(fetcher(new URL('https://empty.example/'), init), TypeError);
  await rejects(fetcher(new URL('https://unknown.example/'), init), /no unknown.example/);
  await rejects(fetcher(new URL('https://[::1]/'), init), AddressNotAllowedError);
  equal(fetched, 0);
});

Deno.test('the Deno resolver asks for A and AAAA; only a missing type counts as none', async () => {
  const notFound = () => Object.assign(new Error('no record'), { name: 'NotFound' });
  const asked: string[] = [];
  const resolve = denoResolver((name, type) => {
    asked.push(`${name} ${type}`);
    if (name === 'v4only.example') {
      return type === 'A' ? Promise.resolve(['93.184.216.34']) : Promise.reject(notFound());
    }
    if (name === 'both.example') {
      return Promise.resolve(type === 'A' ? ['93.184.216.34'] : ['::1']);
    }
    return type === 'A'
      ? Promise.resolve(['93.184.216.34'])
      : Promise.reject(new Error('timed out'));
  });
  deepStrictEqual(await resolve('v4only.example'), ['93.184.216.34']);
  deepStrictEqual(await resolve('both.example'), ['93.184.216.34', '::1']);
  await rejects(resolve('flaky.example'), /timed out/);
  deepStrictEqual(asked.slice(0, 2).sort(), ['v4only.example A', 'v4only.example AAAA']);
});
