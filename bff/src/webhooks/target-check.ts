import { isIP } from 'node:net';

/** Resolves a host name to its addresses (injected: `dns.promises.lookup` in the product, a table in tests). */
export type Resolve = (host: string) => Promise<readonly string[]>;

export type TargetCheck =
  | { ok: true; url: URL; address: string }
  | { ok: false; reason: 'badUrl' | 'scheme' | 'privateAddress' | 'unresolved' };

const blockedV4: readonly (readonly [number, number])[] = [
  [0x00000000, 8], // 0.0.0.0/8 unspecified
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 carrier-grade NAT
  [0x7f000000, 8], // 127/8 loopback
  [0xa9fe0000, 16], // 169.254/16 link-local (cloud metadata)
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
  [0xe0000000, 3], // multicast and reserved
];

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function blockedIpv4(address: string): boolean {
  const n = v4Number(address);
  return blockedV4.some(([base, bits]) => n >>> (32 - bits) === base >>> (32 - bits));
}

function blockedIpv6(address: string): boolean {
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return blockedIpv4(mapped[1]);
  // the URL parser writes a mapped IPv4 address in hex (`::ffff:7f00:1`)
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hexMapped?.[1] && hexMapped[2]) {
    const n = Number.parseInt(hexMapped[1], 16) * 65536 + Number.parseInt(hexMapped[2], 16);
    return blockedIpv4([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'));
  }
  if (lower === '::' || lower === '::1') return true;
  const first = Number.parseInt(lower.split(':')[0] || '0', 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

/** Whether an address must never receive a webhook in production (loopback, private, link-local, ULA, unspecified). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blockedIpv4(address);
  if (family === 6) return blockedIpv6(address);
  return true;
}

function loopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
}

/**
 * Checks a webhook endpoint before each delivery: HTTPS only in production (http to loopback allowed
 * elsewhere, for the demo and tests), and in production every address the host resolves to must be public.
 * The caller connects to the returned `address`, so a second resolution cannot swap it (DNS rebinding).
 */
export async function checkWebhookTarget(
  raw: string,
  options: { production: boolean; resolve: Resolve },
): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'badUrl' };
  }
  if (url.username || url.password) return { ok: false, reason: 'badUrl' };
  const https = url.protocol === 'https:';
  if (!https && !(loopbackHttp(url) && !options.production)) return { ok: false, reason: 'scheme' };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: readonly string[];
  try {
    addresses = isIP(host) ? [host] : await options.resolve(host);
  } catch {
    return { ok: false, reason: 'unresolved' };
  }
  const [address] = addresses;
  if (!address) return { ok: false, reason: 'unresolved' };
  if (options.production && addresses.some(isBlockedAddress)) return { ok: false, reason: 'privateAddress' };
  return { ok: true, url, address };
}
