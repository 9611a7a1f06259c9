import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino, { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { requestLogLevel, requestLogSerializers } from './request-log';
import { lazyRequestLogger, requestLogMiddleware } from './request-logger';

const REDACT = { paths: ['req.headers["x-api-key"]', '*.secret', 'secret'], censor: '[redacted]' };

function memoryLogger(): { root: Logger; lines: () => Array<Record<string, unknown>> } {
  const written: string[] = [];
  const sink = new Writable({ write: (chunk, _enc, done) => (written.push(String(chunk)), done()) });
  const root = pino({ base: { app: 'api' }, redact: REDACT, serializers: requestLogSerializers }, sink);
  return {
    root,
    lines: () =>
      written
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
  };
}

/** One request through `middleware` to a handler answering `status`; the request's id is `id`. */
async function serve(
  middleware: (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void,
  status: number,
  path = '/v2/lists?api_key=pws_abcdefghijkl',
): Promise<void> {
  const server = http.createServer((req, res) => {
    (req as http.IncomingMessage & { id: string }).id = 'req-1';
    middleware(req, res, () => res.writeHead(status, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'x-api-key': 'pws_secret-key-value' } }).then((r) =>
    r.text(),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => server.close(resolve));
}

const comparable = ({ time: _time, responseTime: _rt, err, ...rest }: Record<string, unknown>) => ({
  ...rest,
  err: err && { type: (err as { type: string }).type, message: (err as { message: string }).message },
});

describe('requestLogMiddleware', () => {
  it.each([200, 404, 500, 503])(
    'writes the line pino-http wrote for a %i answer, at the same level',
    async (status) => {
      const ours = memoryLogger();
      await serve(
        requestLogMiddleware(ours.root, () => false),
        status,
      );
      const theirs = memoryLogger();
      await serve(
        pinoHttp({
          logger: theirs.root,
          wrapSerializers: false,
          customLogLevel: requestLogLevel,
          genReqId: () => 'req-1',
        }),
        status,
      );
      expect(ours.lines()).toHaveLength(1);
      expect(comparable(ours.lines()[0])).toEqual(comparable(theirs.lines()[0]));
      expect(Object.keys(ours.lines()[0])).toEqual(Object.keys(theirs.lines()[0]));
      expect(ours.lines()[0]).toMatchObject({
        req: { id: 'req-1', url: '/v2/lists?api_key=[redacted]' },
        res: { statusCode: status },
      });
      expect(JSON.stringify(ours.lines())).not.toContain('secret-key-value');
    },
  );

  it('leaves out the requests `ignore` names', async () => {
    const ours = memoryLogger();
    await serve(
      requestLogMiddleware(ours.root, (req) => req.url === '/health'),
      200,
      '/health',
    );
    expect(ours.lines()).toEqual([]);
  });
});

describe('lazyRequestLogger', () => {
  it('builds the request child only when something logs, and logs with the request and the redaction', () => {
    const { root, lines } = memoryLogger();
    const child = jest.spyOn(root, 'child');
    const req = Object.assign(new http.IncomingMessage(null as never), { id: 'req-2', method: 'GET', url: '/v2/x' });
    const logger = lazyRequestLogger(root, req);
    expect(child).not.toHaveBeenCalled();
    logger.warn({ secret: 'hidden', context: 'Filter' }, 'something went wrong');
    expect(logger.isLevelEnabled('info')).toBe(true);
    expect(child).toHaveBeenCalledTimes(1);
    logger.child({ extra: 1 }).info('nested');
    expect(lines()).toEqual([
      expect.objectContaining({
        req: { id: 'req-2', method: 'GET', url: '/v2/x' },
        secret: '[redacted]',
        msg: 'something went wrong',
      }),
      expect.objectContaining({ req: { id: 'req-2', method: 'GET', url: '/v2/x' }, extra: 1, msg: 'nested' }),
    ]);
  });
});
