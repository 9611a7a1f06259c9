import { DomainAnswer, DomainResolver, resolverFromSetting, StaticDomainResolver } from './domain-resolver';
import { countStatuses, StoredEmailStatus, verifyAddresses } from './verify-addresses';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const stored =
  (known: Record<string, StoredEmailStatus>) =>
  async (addresses: string[]): Promise<Map<string, StoredEmailStatus>> =>
    new Map(addresses.filter((a) => a in known).map((a) => [a, known[a]]));

class CountingResolver implements DomainResolver {
  readonly asked: string[] = [];
  constructor(private readonly answers: Record<string, DomainAnswer>) {}
  async lookup(domain: string): Promise<DomainAnswer> {
    this.asked.push(domain);
    return this.answers[domain] ?? 'no_answer';
  }
}

describe('verifyAddresses', () => {
  it('decides by syntax, then the stored status, then the domain answer', async () => {
    const resolver = new CountingResolver({ 'mail.io': 'mail', 'gone.io': 'no_mail' });
    const statuses = await verifyAddresses(
      ['bad..dots@mail.io', 'known@gone.io', 'catch@mail.io', 'nobody@gone.io', 'someone@mail.io', 'x@silent.io', 'nf@gone.io'],
      { storedStatuses: stored({ 'known@gone.io': 'valid', 'catch@mail.io': 'accept_all', 'nf@gone.io': 'not_found' }), resolver },
    );
    expect(statuses).toEqual(['invalid', 'valid', 'accept_all', 'invalid', 'unknown', 'unknown', 'invalid']);
  });

  it('asks each domain once, across chunks sharing a cache', async () => {
    const resolver = new CountingResolver({ 'mail.io': 'mail' });
    const domainCache = new Map();
    const options = { storedStatuses: stored({}), resolver, domainCache };
    await verifyAddresses(['a@mail.io', 'b@mail.io', 'c@other.io'], options);
    await verifyAddresses(['d@mail.io', 'e@other.io'], options);
    expect(resolver.asked.sort()).toEqual(['mail.io', 'other.io']);
  });

  it('leaves well-formed unknown addresses unknown when the domain check is off', async () => {
    const statuses = await verifyAddresses(['a@nowhere.invalid', 'not-an-address'], { storedStatuses: stored({}), resolver: null });
    expect(statuses).toEqual(['unknown', 'invalid']);
  });

  it('treats a resolver failure as no answer', async () => {
    const resolver: DomainResolver = { lookup: () => Promise.reject(new Error('boom')) };
    expect(await verifyAddresses(['a@b.io'], { storedStatuses: stored({}), resolver })).toEqual(['unknown']);
  });

  it('counts statuses', () => {
    expect(countStatuses(['valid', 'invalid', 'invalid', 'unknown'])).toEqual({ valid: 1, invalid: 2, accept_all: 0, unknown: 1 });
  });
});

describe('StaticDomainResolver and VERIFICATION_RESOLVER', () => {
  it('answers exact names, then *.suffix, then *, else no answer', async () => {
    const r = new StaticDomainResolver({ 'a.io': 'mail', '*.slow.test': { answer: 'no_mail', delay_ms: 1 } });
    expect(await r.lookup('a.io')).toBe('mail');
    expect(await r.lookup('x.slow.test')).toBe('no_mail');
    expect(await r.lookup('b.io')).toBe('no_answer');
    expect(await new StaticDomainResolver({ '*': 'mail' }).lookup('b.io')).toBe('mail');
  });

  it('reads static:<path> and refuses anything else', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'resolver-')), 'map.json');
    writeFileSync(file, JSON.stringify({ 'a.io': 'no_mail' }));
    expect(await resolverFromSetting(`static:${file}`).lookup('a.io')).toBe('no_mail');
    expect(() => resolverFromSetting('dns:8.8.8.8')).toThrow(/VERIFICATION_RESOLVER/);
    expect(() => resolverFromSetting('static:/no/such/file.json')).toThrow(/VERIFICATION_RESOLVER: cannot read/);
    writeFileSync(file, JSON.stringify({ 'a.io': 'maybe' }));
    expect(() => resolverFromSetting(`static:${file}`)).toThrow(/must be mail, no_mail or no_answer/);
  });
});
