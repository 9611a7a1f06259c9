import { pbkdf2 } from 'node:crypto';
import { DnsLookupError, ReceiverResolver } from './receiver-resolver';
import { checkTargetUrl } from './target-guard';
import { LocalDnsServer, startLocalDnsServer } from '@test/support/local-dns-server';

let dns: LocalDnsServer;
let clock = 1_000_000;
const now = () => clock;

beforeAll(async () => {
  dns = await startLocalDnsServer({
    'hooks.example.test': { a: ['93.184.216.34', '93.184.216.35'], aaaa: ['2606:2800:220:1::1'], ttl: 30 },
    'short.example.test': { a: ['93.184.216.36'], ttl: 2 },
    'zero.example.test': { a: ['93.184.216.37'], ttl: 0 },
    'v6only.example.test': { aaaa: ['2606:2800:220:1::2'], ttl: 30 },
    'mixed.example.test': { a: ['93.184.216.34', '10.0.0.7'], ttl: 30 },
    'inner.example.test': { aaaa: ['::1'], a: ['93.184.216.34'], ttl: 30 },
    '*.dropped.test': { drop: true },
  });
});
afterAll(() => dns.close());
beforeEach(() => {
  clock = 1_000_000;
});

const resolverWith = (options: Partial<ConstructorParameters<typeof ReceiverResolver>[0]> = {}) =>
  new ReceiverResolver({ servers: [dns.address], timeoutMs: 300, now, ...options });

async function failure(promise: Promise<unknown>): Promise<DnsLookupError> {
  try {
    await promise;
  } catch (error) {
    return error as DnsLookupError;
  }
  throw new Error('resolved, expected a failure');
}

describe('ReceiverResolver', () => {
  it('answers every A and AAAA address, IPv4 first', async () => {
    const r = resolverWith();
    expect(await r.resolve('hooks.example.test')).toEqual(['93.184.216.34', '93.184.216.35', '2606:2800:220:1::1']);
    expect(await r.resolve('V6ONLY.example.test.')).toEqual(['2606:2800:220:1::2']);
  });

  it('keeps an answer for its TTL, then asks again', async () => {
    const r = resolverWith();
    await r.resolve('short.example.test');
    const asked = dns.queries('short.example.test');
    clock += 1900;
    await r.resolve('short.example.test');
    expect(dns.queries('short.example.test')).toBe(asked);
    clock += 200; // 2.1 s after the answer: its 2 s TTL ran out
    await r.resolve('short.example.test');
    expect(dns.queries('short.example.test')).toBe(asked + 2); // A and AAAA again
  });

  it('keeps nothing of a TTL 0 answer', async () => {
    const r = resolverWith();
    await r.resolve('zero.example.test');
    await r.resolve('zero.example.test');
    expect(dns.queries('zero.example.test')).toBe(4);
    expect(r.size).toBe(0);
  });

  it('remembers a name that does not exist for the negative TTL only', async () => {
    const r = resolverWith({ negativeTtlMs: 5000 });
    const first = await failure(r.resolve('nowhere.example.test'));
    expect(first).toBeInstanceOf(DnsLookupError);
    expect(first.code).toBe('ENOTFOUND');
    const asked = dns.queries('nowhere.example.test');
    clock += 4000;
    expect((await failure(r.resolve('nowhere.example.test'))).code).toBe('ENOTFOUND');
    expect(dns.queries('nowhere.example.test')).toBe(asked);
    clock += 1500;
    await failure(r.resolve('nowhere.example.test'));
    expect(dns.queries('nowhere.example.test')).toBe(asked + 2);
  });

  it('gives up on a nameserver that drops queries after its own timeout, while other names resolve at once', async () => {
    const r = resolverWith({ timeoutMs: 400 });
    const started = Date.now();
    const dropped = failure(r.resolve('api.dropped.test'));
    const otherStarted = Date.now();
    expect(await r.resolve('hooks.example.test')).toHaveLength(3);
    expect(Date.now() - otherStarted).toBeLessThan(300);
    const error = await dropped;
    expect(error.code).toBe('ETIMEOUT');
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(Date.now() - started).toBeLessThan(1500);
    // and the timeout is remembered briefly: the next delivery fails fast
    const again = Date.now();
    expect((await failure(r.resolve('api.dropped.test'))).code).toBe('ETIMEOUT');
    expect(Date.now() - again).toBeLessThan(50);
  });

  it("does not wait for libuv's thread pool (where dns.lookup would queue behind hanging lookups)", async () => {
    const r = resolverWith();
    // Slow pbkdf2 calls hold every pool thread, as hanging getaddrinfo calls would.
    const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    const started = Date.now();
    const busy = Promise.all(
      Array.from({ length: threads }, () => new Promise((done) => pbkdf2('x', 'salt', 400_000, 32, 'sha256', done))),
    );
    await r.resolve('hooks.example.test');
    const resolvedIn = Date.now() - started;
    await busy;
    const busyFor = Date.now() - started;
    expect(resolvedIn).toBeLessThan(busyFor / 2);
  });

  it('sends one query per name however many deliveries ask at once', async () => {
    const r = resolverWith();
    const before = dns.queries('hooks.example.test');
    const answers = await Promise.all(Array.from({ length: 20 }, () => r.resolve('hooks.example.test')));
    expect(new Set(answers.map((a) => a.join()))).toEqual(new Set(['93.184.216.34,93.184.216.35,2606:2800:220:1::1']));
    expect(dns.queries('hooks.example.test')).toBe(before + 2);
  });

  it('holds at most maxEntries names, pushing out the least recently used', async () => {
    const r = resolverWith({ maxEntries: 2 });
    await r.resolve('hooks.example.test');
    await r.resolve('mixed.example.test');
    await r.resolve('hooks.example.test'); // hooks is now the most recent
    await r.resolve('v6only.example.test'); // pushes out mixed
    expect(r.size).toBe(2);
    const hooks = dns.queries('hooks.example.test');
    const mixed = dns.queries('mixed.example.test');
    await r.resolve('hooks.example.test');
    await r.resolve('mixed.example.test');
    expect(dns.queries('hooks.example.test')).toBe(hooks);
    expect(dns.queries('mixed.example.test')).toBe(mixed + 2);
  });

  it('answers IP literals and localhost without DNS', async () => {
    const r = resolverWith();
    expect(await r.resolve('203.0.113.9')).toEqual(['203.0.113.9']);
    expect(await r.resolve('[2001:db8::1]')).toEqual(['2001:db8::1']);
    expect(await r.resolve('localhost')).toEqual(['127.0.0.1', '::1']);
    expect(await r.resolve('api.localhost.')).toEqual(['127.0.0.1', '::1']);
    expect(dns.queries('localhost')).toBe(0);
  });
});

describe('checkTargetUrl with the resolver', () => {
  const strict = (r: ReceiverResolver) => ({ allowPrivate: false, resolve: (host: string) => r.resolve(host) });

  it('checks every address of the answer: one private address among public ones refuses the URL', async () => {
    const r = resolverWith();
    expect(await checkTargetUrl('https://hooks.example.test/in', strict(r))).toEqual(
      expect.objectContaining({ ok: true, addresses: ['93.184.216.34', '93.184.216.35', '2606:2800:220:1::1'] }),
    );
    expect(await checkTargetUrl('https://mixed.example.test/in', strict(r))).toEqual({
      ok: false,
      problem: 'blocked',
      reason: 'url host resolves to a private, loopback or reserved address',
    });
    expect(await checkTargetUrl('https://inner.example.test/in', strict(r))).toEqual(
      expect.objectContaining({ ok: false, problem: 'blocked' }),
    );
  });

  it('checks the cached answer again on every call', async () => {
    const r = resolverWith();
    const asked = dns.queries('mixed.example.test');
    for (let i = 0; i < 3; i++)
      expect((await checkTargetUrl('https://mixed.example.test/in', strict(r))).ok).toBe(false);
    expect(dns.queries('mixed.example.test') - asked).toBeLessThanOrEqual(2);
  });

  it('answers a name that does not resolve, or not in time, as unresolved', async () => {
    const r = resolverWith();
    expect(await checkTargetUrl('https://nowhere.example.test/', strict(r))).toEqual({
      ok: false,
      problem: 'unresolved',
      reason: 'url host does not resolve (ENOTFOUND)',
    });
    expect(await checkTargetUrl('https://x.dropped.test/', strict(r))).toEqual({
      ok: false,
      problem: 'unresolved',
      reason: 'url host does not resolve (ETIMEOUT)',
    });
  });

  it('refuses localhost, and with private targets allowed resolves it to loopback when asked to', async () => {
    const r = resolverWith();
    expect(await checkTargetUrl('https://localhost/in', strict(r))).toEqual(
      expect.objectContaining({ ok: false, problem: 'blocked' }),
    );
    const lax = await checkTargetUrl('http://localhost:8080/in', {
      allowPrivate: true,
      alwaysResolve: true,
      resolve: (h) => r.resolve(h),
    });
    expect(lax).toEqual(expect.objectContaining({ ok: true, addresses: ['127.0.0.1', '::1'] }));
    expect(
      await checkTargetUrl('http://mixed.example.test/in', {
        allowPrivate: true,
        alwaysResolve: true,
        resolve: (h) => r.resolve(h),
      }),
    ).toEqual(expect.objectContaining({ ok: true, addresses: ['93.184.216.34', '10.0.0.7'] }));
  });
});
