import http from 'node:http';
import { AddressInfo } from 'node:net';
import { sendDelivery } from './webhook-sender';

const never = () => false;
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
  sendDelivery({ url: base + path, body: '{"id":"evt_1"}', headers: { 'content-type': 'application/json', 'x-test': 'yes' }, timeoutMs: 500, isBlocked: never, ...extra });

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
  const { result } = await sendDelivery({ url: `http://127.0.0.1:${port}/x`, body: '{}', headers: {}, timeoutMs: 500, isBlocked: never });
  expect(result.kind).toBe('connection_error');
});

it('refuses a blocked address, also when a name resolves to it, without connecting', async () => {
  const before = seen.length;
  const isBlocked = (ip: string) => ip === '127.0.0.1' || ip === '::1';
  expect((await send('/ok', { isBlocked })).result.kind).toBe('blocked_target');
  const port = new URL(base).port;
  const viaName = await sendDelivery({ url: `http://localhost:${port}/ok`, body: '{}', headers: {}, timeoutMs: 500, isBlocked });
  expect(viaName.result.kind).toBe('blocked_target');
  expect(seen.length).toBe(before);
});

it('answers 5xx and 4xx statuses as they are', async () => {
  expect((await send('/503')).result).toEqual({ kind: 'response', status: 503 });
  expect((await send('/404')).result).toEqual({ kind: 'response', status: 404 });
});
