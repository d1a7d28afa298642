import { equal } from 'node:assert/strict';

import { isPublicAddress, isRefusedHostName } from './public-address.ts';

const refused = (addresses: string[]) => {
  for (const address of addresses) equal(isPublicAddress(address), false, address);
};
const allowed = (addresses: string[]) => {
  for (const address of addresses) equal(isPublicAddress(address), true, address);
};

Deno.test('public IPv4 addresses are allowed', () => {
  allowed(['8.8.8.8', '1.1.1.1', '142.250.187.238', '93.184.216.34', '100.63.255.255']);
  allowed(['100.128.0.0', '172.15.255.255', '172.32.0.0', '192.169.0.1', '223.255.255.255']);
});

Deno.test('IPv4 loopback, private, shared, link-local and metadata addresses are refused', () => {
  refused(['127.0.0.1', '127.255.255.254', '10.0.0.1', '10.255.255.255']);
  refused(['172.16.0.1', '172.31.255.255', '192.168.0.1', '192.168.255.255']);
  refused(['100.64.0.1', '100.127.255.255', '169.254.0.1', '169.254.169.254']);
});

Deno.test(
  'IPv4 unspecified, multicast, broadcast, reserved and documentation ranges are refused',
  () => {
    refused(['0.0.0.0', '0.1.2.3', '224.0.0.1', '239.255.255.250', '255.255.255.255']);
    refused(['240.0.0.1', '192.0.0.8', '192.0.2.10', '198.51.100.7', '203.0.113.9']);
    refused(['198.18.0.1', '198.19.255.255', '192.88.99.1']);
  },
);

Deno.test('public IPv6 addresses are allowed', () => {
  allowed(['2606:4700:4700::1111', '2a00:1450:4009:81f::200e', '2001:4860:4860::8888']);
});

Deno.test('IPv6 loopback, unspecified, link-local, unique-local and multicast are refused', () => {
  refused(['::1', '::', '0:0:0:0:0:0:0:1', 'fe80::1', 'febf::1', 'fc00::1', 'fd12:3456::1']);
  refused(['fd00:ec2::254', 'ff02::1', 'ff05::2', 'fec0::1', '2001:db8::1', '3fff::1', '100::1']);
});

Deno.test('IPv6 with an IPv4 inside is judged by the IPv4 address', () => {
  refused(['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe']);
  refused(['::127.0.0.1', '::7f00:1', '64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b::c0a8:1']);
  refused(['2002:7f00:1::1', '2002:a00:1::', '2002:c0a8:101::1', '2002:a9fe:a9fe::']);
  refused(['64:ff9b:1::8.8.8.8']);
  allowed(['::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']);
});

Deno.test('what is not an IP address, or is written oddly, is refused', () => {
  refused(['', 'localhost', '127.1', '2130706433', '0x7f.0.0.1', '0177.0.0.1', '127.0.0.01']);
  refused(['1.2.3', '1.2.3.4.5', '256.1.1.1', '::ffff:1.2.3', '1::2::3', 'fe80::1%eth0', ':::']);
  refused(['1:2:3:4:5:6:7:8:9', '12345::', 'g::1', '[::1]']);
});

Deno.test('local and metadata names are refused before any lookup', () => {
  for (const name of [
    'localhost',
    'LOCALHOST.',
    'calendar.localhost',
    'metadata.google.internal',
    'metadata.google.internal.',
    'anything.internal',
    'printer.local',
    'router.home.arpa',
    'metadata',
    'instance-data',
    '1.0.0.127.in-addr.arpa',
  ]) {
    equal(isRefusedHostName(name), true, name);
  }
  for (const name of ['calendar.google.com', 'outlook.office365.com', 'p01-caldav.icloud.com']) {
    equal(isRefusedHostName(name), false, name);
  }
});
