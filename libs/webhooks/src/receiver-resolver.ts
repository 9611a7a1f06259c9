import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

// Resolves receiver hostnames for the registration check (API) and every delivery (worker).
// Plain module: no Nest imports.
//
// Why not dns.lookup: it runs getaddrinfo on libuv's 4-thread pool, so one tenant whose
// nameserver drops queries can hold every thread and make every other tenant's lookups (and
// file I/O, and crypto) wait. c-ares (`Resolver`) sends the queries itself on the event loop,
// each with its own timeout. A TTL cache keeps the nameserver off the delivery path, and a
// short negative cache keeps a broken nameserver from costing a timeout on every attempt.
//
// c-ares does not read /etc/hosts as getaddrinfo does. Names are handled so:
// - an IP literal is its own answer (no DNS);
// - `localhost` and `*.localhost` are loopback (RFC 6761), 127.0.0.1 and ::1, which the target
//   policy then refuses unless WEBHOOK_ALLOW_PRIVATE_TARGETS is on;
// - every other name goes to the DNS servers (WEBHOOK_DNS_SERVERS, else the system's), never to /etc/hosts.

/** A name that did not resolve: `code` is c-ares' (ENOTFOUND, ENODATA, ETIMEOUT, ESERVFAIL, …). */
export class DnsLookupError extends Error {
  constructor(
    readonly hostname: string,
    readonly code: string,
  ) {
    super(`${hostname} did not resolve: ${code}`);
  }
}

export interface ReceiverResolverOptions {
  /** `ip`, `ip:port` or `[ipv6]:port`; empty or absent: the system's configured servers. */
  servers?: readonly string[];
  /** Longest wait for one name's answer, in ms (A and AAAA are asked at once). */
  timeoutMs?: number;
  /** Most names cached; the least recently used leaves first. */
  maxEntries?: number;
  /** How long a failed lookup (NXDOMAIN, no record, timeout, SERVFAIL) is remembered. */
  negativeTtlMs?: number;
  /** Longest time an answer is kept, whatever its TTL says. */
  maxTtlMs?: number;
  /** Clock (tests). */
  now?: () => number;
}

/** The config fields that shape the resolver (structurally typed: libs/webhooks does not import the config lib). */
export interface ResolverConfig {
  webhookDnsServers: readonly string[];
  webhookDnsTimeoutMs: number;
  webhookDnsCacheSize: number;
}

export const DNS_NEGATIVE_TTL_MS = 5_000;
export const DNS_MAX_TTL_MS = 300_000;

type Entry = { addresses: string[]; expiresAt: number } | { error: DnsLookupError; expiresAt: number };

interface Family {
  addresses: string[];
  /** Smallest TTL of the records, in seconds. */
  ttl: number;
}

const LOOPBACK = ['127.0.0.1', '::1'];

/** A hostname as DNS takes it: lower case, without IPv6 brackets or a trailing root dot. */
export function bareHostname(host: string): string {
  let name = host.toLowerCase();
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  while (name.endsWith('.')) name = name.slice(0, -1);
  return name;
}

export const isLocalhostName = (name: string): boolean => name === 'localhost' || name.endsWith('.localhost');

export class ReceiverResolver {
  private readonly resolver: Resolver;
  private readonly cache = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry>>();
  private readonly timeoutMs: number;
  private readonly maxEntries: number;
  private readonly negativeTtlMs: number;
  private readonly maxTtlMs: number;
  private readonly now: () => number;

  constructor(options: ReceiverResolverOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 2000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.negativeTtlMs = options.negativeTtlMs ?? DNS_NEGATIVE_TTL_MS;
    this.maxTtlMs = options.maxTtlMs ?? DNS_MAX_TTL_MS;
    this.now = options.now ?? Date.now;
    // One try per server: our own deadline bounds the whole lookup anyway.
    this.resolver = new Resolver({ timeout: this.timeoutMs, tries: 1 });
    if (options.servers && options.servers.length > 0) this.resolver.setServers([...options.servers]);
  }

  static fromConfig(config: ResolverConfig): ReceiverResolver {
    return new ReceiverResolver({
      servers: config.webhookDnsServers,
      timeoutMs: config.webhookDnsTimeoutMs,
      maxEntries: config.webhookDnsCacheSize,
    });
  }

  /**
   * Every address of `host`, IPv4 first; throws DnsLookupError when it does not resolve in time.
   * Concurrent lookups of one name share one query.
   */
  async resolve(host: string): Promise<string[]> {
    const name = bareHostname(host);
    if (isIP(name)) return [name];
    if (isLocalhostName(name)) return [...LOOPBACK];
    const entry = this.cached(name) ?? (await this.lookupOnce(name));
    if ('error' in entry) throw entry.error;
    return [...entry.addresses];
  }

  /** Names cached now, expired ones included until they are looked up again or pushed out. */
  get size(): number {
    return this.cache.size;
  }

  private cached(name: string): Entry | null {
    const entry = this.cache.get(name);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.cache.delete(name);
      return null;
    }
    // Most recently used goes last: eviction takes from the front.
    this.cache.delete(name);
    this.cache.set(name, entry);
    return entry;
  }

  private lookupOnce(name: string): Promise<Entry> {
    let lookup = this.pending.get(name);
    if (!lookup) {
      lookup = this.query(name).finally(() => this.pending.delete(name));
      this.pending.set(name, lookup);
    }
    return lookup;
  }

  private async query(name: string): Promise<Entry> {
    const [v4, v6] = await Promise.allSettled([this.family(name, 4), this.family(name, 6)]);
    const found = [v4, v6].flatMap((r) => (r.status === 'fulfilled' && r.value.addresses.length > 0 ? [r.value] : []));
    let entry: Entry;
    if (found.length > 0) {
      const ttlMs = Math.min(this.maxTtlMs, ...found.map((f) => f.ttl * 1000));
      entry = { addresses: found.flatMap((f) => f.addresses), expiresAt: this.now() + ttlMs };
      if (ttlMs <= 0) return entry; // TTL 0: use once, keep nothing
    } else {
      entry = { error: new DnsLookupError(name, failureCode([v4, v6])), expiresAt: this.now() + this.negativeTtlMs };
    }
    this.store(name, entry);
    return entry;
  }

  private family(name: string, family: 4 | 6): Promise<Family> {
    const query =
      family === 4 ? this.resolver.resolve4(name, { ttl: true }) : this.resolver.resolve6(name, { ttl: true });
    return withTimeout(query, this.timeoutMs).then((records) => ({
      addresses: records.map((r) => r.address),
      ttl: Math.min(...records.map((r) => r.ttl)),
    }));
  }

  private store(name: string, entry: Entry): void {
    this.cache.delete(name);
    this.cache.set(name, entry);
    while (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
  }
}

/** The most telling code of two failed families: a timeout or server failure before "no such name". */
function failureCode(results: PromiseSettledResult<Family>[]): string {
  const codes = results.map((r) =>
    r.status === 'rejected' ? ((r.reason as NodeJS.ErrnoException).code ?? 'EFAIL') : 'ENODATA',
  );
  for (const telling of ['ETIMEOUT', 'ESERVFAIL', 'ECONNREFUSED', 'ENOTFOUND'])
    if (codes.includes(telling)) return telling;
  return codes[0];
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error('DNS query timed out'), { code: 'ETIMEOUT' })), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

let shared: ReceiverResolver | null = null;

/** The process' resolver with default settings, for callers that were given none. */
export function defaultReceiverResolver(): ReceiverResolver {
  shared ??= new ReceiverResolver();
  return shared;
}
