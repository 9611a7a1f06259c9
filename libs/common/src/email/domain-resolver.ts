/**
 * The pluggable domain check of email verification: does a domain accept mail at all?
 * Plain module (node:dns only), so unit specs load it directly.
 */
import { Resolver } from 'node:dns/promises';
import { readFileSync } from 'node:fs';
import { within } from '../async/within';

/** `mail`: MX (or, per RFC 5321 5.1, an address record) exists; `no_mail`: NXDOMAIN, null MX, or nothing; `no_answer`: timeout or failure. */
export type DomainAnswer = 'mail' | 'no_mail' | 'no_answer';

export interface DomainResolver {
  lookup(asciiDomain: string): Promise<DomainAnswer>;
}

const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** Real DNS through node:dns/promises with a per-query timeout; never throws. */
export class DnsDomainResolver implements DomainResolver {
  private readonly resolver: Resolver;

  /** `servers`: DNS servers to ask instead of the system's (tests point it at a local fake). */
  constructor(
    private readonly timeoutMs = 3000,
    servers?: string[],
  ) {
    this.resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
    if (servers) this.resolver.setServers(servers);
  }

  async lookup(domain: string): Promise<DomainAnswer> {
    try {
      const records = await this.withTimeout(this.resolver.resolveMx(domain));
      // RFC 7505 null MX: a single record with an empty exchange says "no mail here".
      const usable = records.filter((r) => r.exchange !== '' && r.exchange !== '.');
      return usable.length > 0 ? 'mail' : 'no_mail';
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (code === 'ENOTFOUND') return 'no_mail';
      if (code !== 'ENODATA') return 'no_answer';
    }
    // No MX records: RFC 5321 falls back to the address records of the domain itself.
    const [v4, v6] = await Promise.all([
      this.hasRecords(this.resolver.resolve4(domain)),
      this.hasRecords(this.resolver.resolve6(domain)),
    ]);
    if (v4 === true || v6 === true) return 'mail';
    if (v4 === false && v6 === false) return 'no_mail';
    return 'no_answer';
  }

  /** true: records; false: the name has none; null: no answer. */
  private async hasRecords(query: Promise<unknown[]>): Promise<boolean | null> {
    try {
      return (await this.withTimeout(query)).length > 0;
    } catch (error) {
      return NO_SUCH_NAME.has((error as { code?: string }).code ?? '') ? false : null;
    }
  }

  private withTimeout<T>(query: Promise<T>): Promise<T> {
    return within(query, this.timeoutMs, () => Object.assign(new Error('dns timeout'), { code: 'ETIMEOUT' }));
  }
}

export interface StaticEntry {
  answer: DomainAnswer;
  delay_ms?: number;
}

/**
 * Answers from a fixed map, for tests, benchmarks and offline use. Keys are domains, `*.suffix`
 * (any subdomain of suffix) or `*` (everything else); values are an answer or `{answer, delay_ms}`.
 * Domains the map does not name get no answer.
 */
export class StaticDomainResolver implements DomainResolver {
  private readonly exact = new Map<string, StaticEntry>();
  private readonly suffixes: [string, StaticEntry][] = [];
  private fallback: StaticEntry = { answer: 'no_answer' };

  constructor(map: Record<string, DomainAnswer | StaticEntry>) {
    for (const [key, value] of Object.entries(map)) {
      const entry = typeof value === 'string' ? { answer: value } : value;
      if (!['mail', 'no_mail', 'no_answer'].includes(entry?.answer))
        throw new Error(`answer for "${key}" must be mail, no_mail or no_answer`);
      if (key === '*') this.fallback = entry;
      else if (key.startsWith('*.')) this.suffixes.push([key.slice(1).toLowerCase(), entry]);
      else this.exact.set(key.toLowerCase(), entry);
    }
  }

  async lookup(domain: string): Promise<DomainAnswer> {
    const entry =
      this.exact.get(domain) ?? this.suffixes.find(([suffix]) => domain.endsWith(suffix))?.[1] ?? this.fallback;
    if (entry.delay_ms) await new Promise((resolve) => setTimeout(resolve, entry.delay_ms));
    return entry.answer;
  }
}

/**
 * The resolver that a `VERIFICATION_RESOLVER` value names: unset means real DNS; `static:<path>`
 * reads a JSON map for StaticDomainResolver (a test and offline facility). Throws on a bad value.
 */
export function resolverFromSetting(setting: string | undefined, dnsTimeoutMs = 3000): DomainResolver {
  if (setting === undefined || setting.trim() === '') return new DnsDomainResolver(dnsTimeoutMs);
  const match = /^static:(.+)$/.exec(setting.trim());
  if (!match) throw new Error(`VERIFICATION_RESOLVER: expected static:<path to a JSON map>, got "${setting}"`);
  let map: unknown;
  try {
    map = JSON.parse(readFileSync(match[1], 'utf8'));
  } catch (error) {
    throw new Error(`VERIFICATION_RESOLVER: cannot read ${match[1]}: ${(error as Error).message}`);
  }
  if (!map || typeof map !== 'object' || Array.isArray(map))
    throw new Error('VERIFICATION_RESOLVER: the file must hold a JSON object');
  try {
    return new StaticDomainResolver(map as Record<string, DomainAnswer | StaticEntry>);
  } catch (error) {
    throw new Error(`VERIFICATION_RESOLVER: ${(error as Error).message}`);
  }
}
