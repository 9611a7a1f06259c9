import { LocalDnsServer, startLocalDnsServer } from '../support/local-dns-server';
import { errorOf } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';

jest.setTimeout(60_000);

/** Receiver URLs refused at registration when private targets are not allowed (the production default). */
const REFUSED: [string, string][] = [
  ['http scheme', 'http://hooks.example.com/in'],
  ['localhost', 'https://localhost/hook'],
  ['localhost with a root dot', 'https://localhost./hook'],
  ['a localhost subdomain', 'https://api.localhost/hook'],
  ['IPv4 loopback', 'https://127.0.0.1/hook'],
  ['IPv4 loopback as one number', 'https://2130706433/hook'],
  ['IPv4 loopback in hex', 'https://0x7f.0.0.1/hook'],
  ['10/8', 'https://10.0.0.5/hook'],
  ['172.16/12', 'https://172.16.4.2/hook'],
  ['192.168/16', 'https://192.168.1.10/hook'],
  ['cloud metadata', 'https://169.254.169.254/latest/meta-data/'],
  ['link-local', 'https://169.254.10.10/hook'],
  ['CGNAT 100.64/10', 'https://100.64.1.1/hook'],
  ['unspecified', 'https://0.0.0.0/hook'],
  ['multicast', 'https://224.0.0.251/hook'],
  ['broadcast', 'https://255.255.255.255/hook'],
  ['IPv6 loopback', 'https://[::1]/hook'],
  ['IPv6 unique local', 'https://[fc00::1]/hook'],
  ['IPv6 unique local fd', 'https://[fd12:3456::1]/hook'],
  ['IPv6 link-local', 'https://[fe80::1]/hook'],
  ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/hook'],
  ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/hook'],
  ['IPv4-mapped metadata', 'https://[::ffff:a9fe:a9fe]/hook'],
  ['NAT64 of loopback', 'https://[64:ff9b::127.0.0.1]/hook'],
  ['6to4 of a private address', 'https://[2002:c0a8:0101::1]/hook'],
  ['credentials in the URL', 'https://user:pw@93.184.216.34/hook'],
  ['an unresolvable name', 'https://no-such-host.invalid/hook'],
];

describe('webhooks: SSRF guard at registration (WEBHOOK_ALLOW_PRIVATE_TARGETS=false)', () => {
  let stack: TestStack;
  let ws: Workspace;
  let dns: LocalDnsServer;

  beforeAll(async () => {
    // Names resolve through the API's resolver (c-ares), here against a local DNS server.
    dns = await startLocalDnsServer({
      'loopback.ssrf.test': { a: ['127.0.0.1'] },
      'v6loopback.ssrf.test': { a: ['93.184.216.34'], aaaa: ['::1'] },
      'mixed.ssrf.test': { a: ['93.184.216.34', '10.0.0.1'] },
      'public.ssrf.test': { a: ['93.184.216.34'], aaaa: ['2606:2800:220:1::1'] },
      '*.dead.ssrf.test': { drop: true },
    });
    stack = await startStack({
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_DNS_SERVERS: dns.address, WEBHOOK_DNS_TIMEOUT: '500ms' },
    });
    ws = await stack.workspace();
  });
  afterAll(async () => {
    await stack?.close();
    await dns?.close();
  });

  it.each(REFUSED)('refuses %s (%s) with 400 invalid_value on url', async (_label, url) => {
    const res = await ws.api.post('/v2/webhooks', { url, events: ['company.saved'] });
    expect(res.status).toBe(400);
    const e = errorOf(res);
    expect(e).toMatchObject({ name: 'VALIDATION_ERROR', payload: { field: 'url', code: 'invalid_value' } });
  });

  it.each([
    'loopback.ssrf.test',
    'v6loopback.ssrf.test',
    'mixed.ssrf.test',
    'no-such.ssrf.test',
    'hooks.dead.ssrf.test',
  ])('refuses %s: a name with any private address among its answers, or none in time', async (name) => {
    const started = Date.now();
    const res = await ws.api.post('/v2/webhooks', { url: `https://${name}/hook`, events: ['company.saved'] });
    expect(res.status).toBe(400);
    expect(errorOf(res).payload).toMatchObject({ field: 'url', code: 'invalid_value' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(dns.queries(name)).toBeGreaterThan(0);
  });

  it('takes a name whose every address is public', async () => {
    const res = await ws.api.post('/v2/webhooks', { url: 'https://public.ssrf.test/hook', events: ['company.saved'] });
    expect(res.status).toBe(201);
  });

  it('refuses a private URL on update too, and keeps the old one', async () => {
    const created = await ws.api.post('/v2/webhooks', { url: 'https://93.184.216.34/hook', events: ['company.saved'] });
    expect(created.status).toBe(201);
    const res = await ws.api.patch(`/v2/webhooks/${created.body.data.id}`, { url: 'https://[::1]/hook' });
    expect(res.status).toBe(400);
    expect(errorOf(res).payload).toMatchObject({ field: 'url', code: 'invalid_value' });
    expect((await ws.api.get(`/v2/webhooks/${created.body.data.id}`)).body.data.url).toBe('https://93.184.216.34/hook');
  });

  it.each([
    'https://8.8.8.8:6379/',
    'https://93.184.216.34:80/hook',
    'https://public.ssrf.test:22/hook',
    'https://[2606:4700:4700::1111]:6379/',
    'https://8.8.8.8:4430/',
  ])(
    'refuses %s: a receiver port other than 443 and 8443 (the default WEBHOOK_ALLOWED_PORTS), naming the allowed ports',
    async (url) => {
      const res = await ws.api.post('/v2/webhooks', { url, events: ['company.saved'] });
      expect(res.status).toBe(400);
      const e = errorOf(res);
      expect(e).toMatchObject({
        name: 'VALIDATION_ERROR',
        payload: { field: 'url', code: 'invalid_value', allowed_ports: [443, 8443] },
      });
      expect(e.message).toBe(`url must use port 443 or 8443, not ${new URL(url).port}`);
    },
  );

  it('refuses a port outside the allowed ones on update too, and keeps the old URL; :443 is the https default', async () => {
    const created = await ws.api.post('/v2/webhooks', {
      url: 'https://93.184.216.34:443/hook',
      events: ['company.saved'],
    });
    expect(created.status).toBe(201);
    expect(created.body.data.url).toBe('https://93.184.216.34/hook');
    const res = await ws.api.patch(`/v2/webhooks/${created.body.data.id}`, { url: 'https://93.184.216.34:6379/hook' });
    expect(res.status).toBe(400);
    expect(errorOf(res).payload).toMatchObject({ field: 'url', code: 'invalid_value', allowed_ports: [443, 8443] });
    expect((await ws.api.get(`/v2/webhooks/${created.body.data.id}`)).body.data.url).toBe('https://93.184.216.34/hook');
    expect(
      (await ws.api.patch(`/v2/webhooks/${created.body.data.id}`, { url: 'https://93.184.216.34:8443/hook' })).status,
    ).toBe(200);
  });

  it('accepts https on a public address', async () => {
    for (const url of [
      'https://93.184.216.34/hook',
      'https://[2606:4700:4700::1111]/hook',
      'https://8.8.8.8:8443/in?x=1',
    ]) {
      const res = await ws.api.post('/v2/webhooks', { url, events: ['person.saved'] });
      expect(res.status).toBe(201);
      expect(res.body.data.url).toBe(url);
    }
  });
});
