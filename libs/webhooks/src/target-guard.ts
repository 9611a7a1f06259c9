import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

// SSRF guard for receiver URLs: at registration (API) and again at delivery time (worker,
// against DNS rebinding). Plain module: no Nest imports.

export interface TargetGuardOptions {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: http and private/loopback receivers (tests, local use). */
  allowPrivate: boolean;
  /** Resolver (tests); defaults to dns.lookup with every address. */
  resolve?: (hostname: string) => Promise<string[]>;
  /** Longest wait for DNS, in ms (default 5000). */
  resolveTimeoutMs?: number;
}

export type TargetCheck = { ok: true; url: URL; addresses: string[] } | { ok: false; reason: string };

const MAX_URL_LENGTH = 2048;

/** Ranges of ipaddr.js that a receiver may live in; every other range is refused. */
const PUBLIC_RANGES = new Set(['unicast']);

function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const range = address.range();
  const p = address.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
    case 'rfc6052': // NAT64 64:ff9b::a.b.c.d
      return [v4(p[6], p[7])];
    case '6to4': // 2002:AABB:CCDD::
      return [v4(p[1], p[2])];
    case 'teredo': // 2001:0:SERVER:…:~CLIENT
      return [v4(p[2], p[3]), v4(p[6] ^ 0xffff, p[7] ^ 0xffff)];
    default:
      return [];
  }
}

/** Whether a delivery must not go to this IP address (anything but public unicast). */
export function isBlockedAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return true;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  if (address.kind() === 'ipv4') return !PUBLIC_RANGES.has(address.range());
  const v6 = address as ipaddr.IPv6;
  const p = v6.parts;
  // IPv4-compatible ::a.b.c.d (deprecated) and the NAT64 local-use prefix 64:ff9b:1::/48.
  if (p.slice(0, 6).every((w) => w === 0)) return true;
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 1) return true;
  const embedded = embeddedIpv4(v6);
  if (embedded.length > 0) return embedded.some((v4) => !PUBLIC_RANGES.has(v4.range()));
  return !PUBLIC_RANGES.has(v6.range());
}

/** The hostname of a URL without IPv6 brackets or a trailing root dot. */
function bareHost(url: URL): string {
  let host = url.hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  while (host.endsWith('.')) host = host.slice(0, -1);
  return host;
}

async function resolveAll(hostname: string): Promise<string[]> {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('DNS lookup timed out')), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

/**
 * Checks a receiver URL: https on a host whose every resolved address is public unicast.
 * With `allowPrivate`, http and any address pass (no DNS needed). Answers the addresses to pin.
 */
export async function checkTargetUrl(raw: string, options: TargetGuardOptions): Promise<TargetCheck> {
  if (typeof raw !== 'string' || raw.length === 0) return { ok: false, reason: 'url must be a non-empty string' };
  if (raw.length > MAX_URL_LENGTH) return { ok: false, reason: `url must be at most ${MAX_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'url is not an absolute URL' };
  }
  const schemes = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return { ok: false, reason: options.allowPrivate ? 'url must use http or https' : 'url must use https' };
  if (url.username || url.password) return { ok: false, reason: 'url must not carry credentials' };
  const host = bareHost(url);
  if (!host) return { ok: false, reason: 'url has no host' };
  if (options.allowPrivate) return { ok: true, url, addresses: [] };

  if (host === 'localhost' || host.endsWith('.localhost')) return { ok: false, reason: 'url must be on a public host, not localhost' };
  if (ipaddr.isValid(host)) {
    if (isBlockedAddress(host)) return { ok: false, reason: 'url must be on a public host, not a private, loopback or reserved address' };
    return { ok: true, url, addresses: [host] };
  }
  let addresses: string[];
  try {
    addresses = await withTimeout((options.resolve ?? resolveAll)(host), options.resolveTimeoutMs ?? 5000);
  } catch {
    return { ok: false, reason: 'url host does not resolve' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'url host does not resolve' };
  if (addresses.some(isBlockedAddress)) return { ok: false, reason: 'url host resolves to a private, loopback or reserved address' };
  return { ok: true, url, addresses };
}
