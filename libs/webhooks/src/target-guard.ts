import { MAX_URL_LENGTH } from '@app/common/ids/id-formats';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { bareHostname, defaultReceiverResolver, DnsLookupError, isLocalhostName } from './receiver-resolver';

// SSRF guard for receiver URLs: at registration (API) and again before every delivery (worker),
// with the settings of the moment and a fresh (or still valid cached) DNS answer, so neither a
// setting turned off since nor DNS rebinding lets a delivery through. Plain module: no Nest imports.

export interface TargetGuardOptions {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: http and private/loopback receivers (tests, local use). */
  allowPrivate: boolean;
  /** Answers every address of a hostname; defaults to the process' shared `ReceiverResolver` (c-ares, cached). */
  resolve?: (hostname: string) => Promise<string[]>;
  /**
   * Resolve even when `allowPrivate` spares the address check: at delivery time the sender needs
   * an address to connect to. At registration a private-targets setup needs no DNS.
   */
  alwaysResolve?: boolean;
  /**
   * WEBHOOK_ALLOWED_PORTS: the ports a receiver may listen on (443 and 8443 by default); null or
   * absent: any port. Applies whatever `allowPrivate` says: the config decides what "unset" means.
   */
  allowedPorts?: readonly number[] | null;
}

/**
 * Why a URL was refused: `invalid` (not an http(s) URL we take), `blocked` (scheme or address
 * outside the policy) or `unresolved` (DNS gave no answer in time: a transient failure at delivery).
 */
export type TargetProblem = 'invalid' | 'blocked' | 'unresolved';

export type TargetCheck =
  | { ok: true; url: URL; addresses: string[] }
  | {
      ok: false;
      problem: TargetProblem;
      reason: string;
      /** Set when the port was the problem. */ allowedPorts?: number[];
    };

/** The port a URL connects to: the one written, else its scheme's (the URL parser drops a written default port, `:443` on https). */
export function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** "443", "443 or 8443", "443, 8443 or 9443". */
function portList(ports: readonly number[]): string {
  return ports.length === 1 ? String(ports[0]) : `${ports.slice(0, -1).join(', ')} or ${ports[ports.length - 1]}`;
}

/**
 * Why the URL's port is refused, or null when `allowedPorts` (null: any) takes it. A pure
 * function of the URL, so the worker runs it before every delivery at no cost: without it a
 * receiver URL is a port scanner (the delivery history tells whether a port answers TLS).
 */
export function portRefusal(url: URL, allowedPorts: readonly number[] | null | undefined): string | null {
  if (!allowedPorts) return null;
  const port = effectivePort(url);
  if (allowedPorts.includes(port)) return null;
  return `url must use port ${portList(allowedPorts)}, not ${port}${url.port === '' ? ` (the ${url.protocol.slice(0, -1)} default)` : ''}`;
}

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
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
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

/**
 * Checks a receiver URL against the whole target policy: https on an allowed port of a host whose
 * every resolved address is public unicast. With `allowPrivate`, http and any address pass (and, unless
 * `alwaysResolve`, no DNS is needed). Answers the checked addresses to pin the socket to.
 * The API runs it at registration, the worker before every delivery, so a URL stored under a
 * laxer setting is refused once the setting is stricter.
 */
export async function checkTargetUrl(raw: string, options: TargetGuardOptions): Promise<TargetCheck> {
  const refuse = (problem: TargetProblem, reason: string): TargetCheck => ({ ok: false, problem, reason });
  if (typeof raw !== 'string' || raw.length === 0) return refuse('invalid', 'url must be a non-empty string');
  if (raw.length > MAX_URL_LENGTH) return refuse('invalid', `url must be at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('invalid', 'url is not an absolute URL');
  }
  const schemes = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    return refuse('blocked', options.allowPrivate ? 'url must use http or https' : 'url must use https');
  if (url.username || url.password) return refuse('invalid', 'url must not carry credentials');
  const host = bareHostname(url.hostname);
  if (!host) return refuse('invalid', 'url has no host');
  const badPort = portRefusal(url, options.allowedPorts);
  if (badPort) return { ok: false, problem: 'blocked', reason: badPort, allowedPorts: [...options.allowedPorts!] };
  if (options.allowPrivate && !options.alwaysResolve) return { ok: true, url, addresses: [] };

  if (!options.allowPrivate && isLocalhostName(host))
    return refuse('blocked', 'url must be on a public host, not localhost');
  // The URL parser writes an IP host in canonical form (`0x7f.1` becomes `127.0.0.1`), so node's
  // native check is exact here; ipaddr.isValid takes ~15 µs to reject a hostname, on every delivery.
  if (isIP(host) !== 0) {
    // An IP literal needs no DNS.
    if (!options.allowPrivate && isBlockedAddress(host))
      return refuse('blocked', 'url must be on a public host, not a private, loopback or reserved address');
    return { ok: true, url, addresses: [host] };
  }
  let addresses: string[];
  try {
    addresses = await (options.resolve ?? ((name: string) => defaultReceiverResolver().resolve(name)))(host);
  } catch (error) {
    const code = error instanceof DnsLookupError ? error.code : ((error as NodeJS.ErrnoException).code ?? 'failed');
    return refuse('unresolved', `url host does not resolve (${code})`);
  }
  if (addresses.length === 0) return refuse('unresolved', 'url host does not resolve');
  if (!options.allowPrivate && addresses.some(isBlockedAddress))
    return refuse('blocked', 'url host resolves to a private, loopback or reserved address');
  return { ok: true, url, addresses };
}
