/**
 * Which addresses the calendar reader may connect to: only the public internet. A calendar
 * address is typed in by a staff member, so without this rule the reader could be pointed at the
 * machine it runs on, its private network or the cloud's metadata service, and its answers would
 * tell what listens there. Addresses are judged as resolvers and URL parsing give them: IPv4 as
 * four plain decimal parts, IPv6 in any valid spelling; anything else is refused.
 */

/** Thrown when a host is, or resolves to, an address the reader must not connect to. */
export class AddressNotAllowedError extends Error {
  constructor() {
    super('the address is not allowed');
    this.name = 'AddressNotAllowedError';
  }
}

/** [first address, prefix length] of each IPv4 range that is not the public internet. */
const NON_PUBLIC_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", including the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared by carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, where cloud metadata services answer
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // the retired 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/** The address as a 32-bit number; null unless four decimal parts 0-255 without leading zeros. */
function ipv4Number(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

const V4_RANGES = NON_PUBLIC_V4.map(([first, bits]) => {
  const size = 2 ** (32 - bits);
  const start = ipv4Number(first)!;
  return { start, end: start + size - 1 };
});

const isPublicV4 = (value: number) =>
  !V4_RANGES.some(({ start, end }) => value >= start && value <= end);

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail allowed); null if invalid. */
function ipv6Groups(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(text)) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === '') return [];
    const groups: number[] = [];
    const parts = half.split(':');
    for (const [index, part] of parts.entries()) {
      if (part.includes('.')) {
        const v4 = index === parts.length - 1 ? ipv4Number(part) : null;
        if (v4 === null) return null;
        groups.push(Math.floor(v4 / 65536), v4 % 65536);
      } else if (/^[0-9a-f]{1,4}$/i.test(part)) {
        groups.push(parseInt(part, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (head === null || tail === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  // A dotted tail belongs after the last group only.
  if (halves[0]!.includes('.')) return null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

const startsWith = (groups: number[], prefix: number[]) =>
  prefix.every((group, index) => groups[index] === group);

/** The IPv4 address in groups [at, at + 1]. */
const v4At = (groups: number[], at: number) => groups[at]! * 65536 + groups[at + 1]!;

function isPublicV6(groups: number[]): boolean {
  // ::/96 (unspecified, loopback, the retired IPv4-compatible form) and ::ffff:0:0/96 (IPv4-mapped).
  if (startsWith(groups, [0, 0, 0, 0, 0])) {
    return groups[5] === 0xffff && isPublicV4(v4At(groups, 6));
  }
  // NAT64 (64:ff9b::/96) reaches the IPv4 address it carries.
  if (startsWith(groups, [0x64, 0xff9b, 0, 0, 0, 0])) return isPublicV4(v4At(groups, 6));
  // 6to4 (2002::/16) reaches the IPv4 address in its next 32 bits.
  if (groups[0] === 0x2002) return isPublicV4(v4At(groups, 1));
  // Only global unicast (2000::/3) is the public internet; below are its special parts.
  if ((groups[0]! & 0xe000) !== 0x2000) return false;
  const [first = 0, second = 0] = groups;
  if (first === 0x2001 && second < 0x200) return false; // protocol assignments, Teredo
  if (first === 0x2001 && second === 0xdb8) return false; // documentation
  if ((first & 0xfff0) === 0x3ff0) return false; // documentation (3fff::/20)
  return true;
}

/** Whether the reader may connect to this IP address (text as a resolver or URL gives it). */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4Number(address);
  if (v4 !== null) return isPublicV4(v4);
  const v6 = address.includes(':') ? ipv6Groups(address) : null;
  return v6 !== null && isPublicV6(v6);
}

/** Whether the text is an IP address at all (as opposed to a name to resolve). */
export const isIpAddress = (text: string) =>
  ipv4Number(text) !== null || (text.includes(':') && ipv6Groups(text) !== null);

/**
 * Names refused without resolving them: the machine itself, local-network and reverse-lookup
 * zones, cloud metadata names, and single labels, which a resolver completes with the network's
 * own search domains.
 */
export function isRefusedHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!name.includes('.')) return true;
  return ['localhost', 'internal', 'local', 'home.arpa', 'in-addr.arpa', 'ip6.arpa'].some(
    (zone) => name === zone || name.endsWith(`.${zone}`),
  );
}
