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

/** Owned addresses as a lookup that also records what it was asked. */
const owning =
  (addresses: string[], asked: string[][] = []) =>
  async (batch: string[]): Promise<Set<string>> => {
    asked.push(batch);
    return new Set(batch.filter((a) => addresses.includes(a)));
  };

describe('verifyAddresses', () => {
  const STORED = stored({
    'known@gone.io': 'valid',
    'catch@mail.io': 'accept_all',
    'bad@mail.io': 'invalid',
    'nf@gone.io': 'not_found',
  });

  it('for owned addresses decides by syntax, then the stored status, then the domain answer', async () => {
    const resolver = new CountingResolver({ 'mail.io': 'mail', 'gone.io': 'no_mail' });
    const emails = [
      'bad..dots@mail.io',
      'known@gone.io',
      'catch@mail.io',
      'nobody@gone.io',
      'someone@mail.io',
      'x@silent.io',
      'nf@gone.io',
      'bad@mail.io',
    ];
    const statuses = await verifyAddresses(emails, {
      ownedAddresses: owning(emails),
      storedStatuses: STORED,
      resolver,
    });
    expect(statuses).toEqual(['invalid', 'valid', 'accept_all', 'invalid', 'unknown', 'unknown', 'invalid', 'invalid']);
  });

  it('never answers a stored status for an address the workspace does not own: only syntax and the domain check', async () => {
    const resolver = new CountingResolver({ 'mail.io': 'mail', 'gone.io': 'no_mail' });
    const emails = ['known@gone.io', 'catch@mail.io', 'bad@mail.io', 'nf@gone.io', 'bad..dots@mail.io'];
    const statuses = await verifyAddresses(emails, { ownedAddresses: owning([]), storedStatuses: STORED, resolver });
    // A stored valid on a domain without mail is still invalid: that much anyone can learn from DNS.
    expect(statuses).toEqual(['invalid', 'unknown', 'unknown', 'invalid', 'invalid']);
    const off = await verifyAddresses(emails, { ownedAddresses: owning([]), storedStatuses: STORED, resolver: null });
    expect(off).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'invalid']);
  });

  it('asks for stored statuses only of the owned addresses, and ownership only of well-formed ones', async () => {
    const askedOwned: string[][] = [];
    const askedStored: string[][] = [];
    const storedSpy = async (batch: string[]) => (askedStored.push(batch), STORED(batch));
    const statuses = await verifyAddresses(['known@gone.io', 'catch@mail.io', 'no-at-sign'], {
      ownedAddresses: owning(['catch@mail.io'], askedOwned),
      storedStatuses: storedSpy,
      resolver: null,
    });
    expect(statuses).toEqual(['unknown', 'accept_all', 'invalid']);
    expect(askedOwned).toEqual([['known@gone.io', 'catch@mail.io']]);
    expect(askedStored).toEqual([['catch@mail.io']]);
    await verifyAddresses(['known@gone.io'], { ownedAddresses: owning([]), storedStatuses: storedSpy, resolver: null });
    expect(askedStored).toHaveLength(1); // nothing owned: the stored statuses are not read at all
  });

  it('ignores a stored status the lookup answers for an address that is not owned', async () => {
    // A lookup that answers more than it was asked must not widen what the workspace is told.
    const leaky = async () =>
      new Map<string, StoredEmailStatus>([
        ['known@gone.io', 'valid'],
        ['mine@mail.io', 'valid'],
      ]);
    const statuses = await verifyAddresses(['known@gone.io', 'mine@mail.io'], {
      ownedAddresses: owning(['mine@mail.io']),
      storedStatuses: leaky,
      resolver: null,
    });
    expect(statuses).toEqual(['unknown', 'valid']);
  });

  it('asks each domain once, across chunks sharing a cache', async () => {
    const resolver = new CountingResolver({ 'mail.io': 'mail' });
    const domainCache = new Map();
    const options = { ownedAddresses: owning([]), storedStatuses: stored({}), resolver, domainCache };
    await verifyAddresses(['a@mail.io', 'b@mail.io', 'c@other.io'], options);
    await verifyAddresses(['d@mail.io', 'e@other.io'], options);
    expect(resolver.asked.sort()).toEqual(['mail.io', 'other.io']);
  });

  it('leaves well-formed unknown addresses unknown when the domain check is off', async () => {
    const statuses = await verifyAddresses(['a@nowhere.invalid', 'not-an-address'], {
      ownedAddresses: owning([]),
      storedStatuses: stored({}),
      resolver: null,
    });
    expect(statuses).toEqual(['unknown', 'invalid']);
  });

  it('treats a resolver failure as no answer', async () => {
    const resolver: DomainResolver = { lookup: () => Promise.reject(new Error('boom')) };
    expect(
      await verifyAddresses(['a@b.io'], { ownedAddresses: owning([]), storedStatuses: stored({}), resolver }),
    ).toEqual(['unknown']);
  });

  it('counts statuses', () => {
    expect(countStatuses(['valid', 'invalid', 'invalid', 'unknown'])).toEqual({
      valid: 1,
      invalid: 2,
      accept_all: 0,
      unknown: 1,
    });
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
