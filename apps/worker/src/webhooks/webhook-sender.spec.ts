import http from 'node:http';
import { AddressInfo } from 'node:net';
import { checkTargetUrl, TargetCheck } from '@app/webhooks/target-guard';
import { sendDelivery } from './webhook-sender';

/** The policy with private targets allowed, as the worker runs it in tests. */
const open = (url: string) => checkTargetUrl(url, { allowPrivate: true, alwaysResolve: true });
let server: http.Server;
let base: string;
const seen: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/ok') return res.end('{}');
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/ok' });
        return res.end();
      }
      if (req.url === '/hang') return; // never answers
      if (req.url === '/huge') {
        res.writeHead(200);
        const chunk = Buffer.alloc(16 * 1024, 'x');
        const write = (): unknown => (res.write(chunk) ? setImmediate(write) : res.once('drain', write));
        return write();
      }
      res.writeHead(Number(req.url?.slice(1)) || 500);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const send = (path: string, extra: Partial<Parameters<typeof sendDelivery>[0]> = {}) =>
  sendDelivery({
    url: base + path,
    body: '{"id":"evt_1"}',
    headers: { 'content-type': 'application/json', 'x-test': 'yes' },
    timeoutMs: 500,
    checkTarget: open,
    ...extra,
  });

it('POSTs the body and headers and answers the status', async () => {
  const { result, durationMs } = await send('/ok');
  expect(result).toEqual({ kind: 'response', status: 200 });
  expect(durationMs).toBeGreaterThanOrEqual(0);
  const got = seen.find((s) => s.path === '/ok')!;
  expect(got.body).toBe('{"id":"evt_1"}');
  expect(got.headers['x-test']).toBe('yes');
  expect(got.headers['content-type']).toBe('application/json');
});

it('does not follow redirects', async () => {
  const before = seen.filter((s) => s.path === '/ok').length;
  expect((await send('/redirect')).result).toEqual({ kind: 'response', status: 302 });
  expect(seen.filter((s) => s.path === '/ok').length).toBe(before);
});

it('answers a timeout when the receiver hangs', async () => {
  const started = Date.now();
  expect((await send('/hang', { timeoutMs: 300 })).result).toEqual({ kind: 'timeout' });
  expect(Date.now() - started).toBeLessThan(1000);
});

it('reads at most 64 KiB of an endless answer', async () => {
  expect((await send('/huge', { timeoutMs: 2000 })).result).toEqual({ kind: 'response', status: 200 });
});

it('answers a connection error when nothing listens', async () => {
  const closed = http.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((r) => closed.close(r));
  const { result } = await sendDelivery({
    url: `http://127.0.0.1:${port}/x`,
    body: '{}',
    headers: {},
    timeoutMs: 500,
    checkTarget: open,
  });
  expect(result.kind).toBe('connection_error');
});

it('refuses what the target policy refuses, without connecting', async () => {
  const before = seen.length;
  const strict = (url: string) => checkTargetUrl(url, { allowPrivate: false, alwaysResolve: true });
  expect((await send('/ok', { checkTarget: strict })).result).toEqual({
    kind: 'blocked_target',
    message: 'url must use https',
  });
  const blocked = async (): Promise<TargetCheck> => ({
    ok: false,
    problem: 'blocked',
    reason: 'url host resolves to a private, loopback or reserved address',
  });
  expect((await send('/ok', { checkTarget: blocked })).result.kind).toBe('blocked_target');
  expect(seen.length).toBe(before);
});

it('refuses a receiver on a port outside WEBHOOK_ALLOWED_PORTS as blocked_target, without connecting', async () => {
  const before = seen.length;
  const narrowed = (url: string) =>
    checkTargetUrl(url, { allowPrivate: true, alwaysResolve: true, allowedPorts: [443, 8443] });
  const port = new URL(base).port;
  expect((await send('/ok', { checkTarget: narrowed })).result).toEqual({
    kind: 'blocked_target',
    message: `url must use port 443 or 8443, not ${port}`,
  });
  expect(seen.length).toBe(before);
  const listed = (url: string) =>
    checkTargetUrl(url, { allowPrivate: true, alwaysResolve: true, allowedPorts: [443, Number(port)] });
  expect((await send('/ok', { checkTarget: listed })).result).toEqual({ kind: 'response', status: 200 });
});

it('answers a DNS failure or a DNS that outlasts the attempt as a connection error, never a timeout', async () => {
  const unresolved = async (): Promise<TargetCheck> => ({
    ok: false,
    problem: 'unresolved',
    reason: 'url host does not resolve (ETIMEOUT)',
  });
  expect((await send('/ok', { checkTarget: unresolved })).result).toEqual({
    kind: 'connection_error',
    message: 'dns: url host does not resolve (ETIMEOUT)',
  });
  const hanging = () => new Promise<TargetCheck>(() => undefined);
  const started = Date.now();
  expect((await send('/ok', { checkTarget: hanging, timeoutMs: 200 })).result).toEqual({
    kind: 'connection_error',
    message: 'dns: ETIMEOUT',
  });
  expect(Date.now() - started).toBeLessThan(1000);
});

it('connects to the checked address while Host stays the hostname', async () => {
  const port = new URL(base).port;
  const pinned = async (url: string): Promise<TargetCheck> => ({
    ok: true,
    url: new URL(url),
    addresses: ['127.0.0.1'],
  });
  const { result } = await sendDelivery({
    url: `http://receiver.invalid:${port}/200`,
    body: '{}',
    headers: {},
    timeoutMs: 500,
    checkTarget: pinned,
  });
  expect(result).toEqual({ kind: 'response', status: 200 });
  expect(seen.find((s) => s.path === '/200')!.headers.host).toBe(`receiver.invalid:${port}`);
});

it('answers 5xx and 4xx statuses as they are', async () => {
  expect((await send('/503')).result).toEqual({ kind: 'response', status: 503 });
  expect((await send('/404')).result).toEqual({ kind: 'response', status: 404 });
});
