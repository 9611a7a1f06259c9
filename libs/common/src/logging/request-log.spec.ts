import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { requestLogLevel, requestLogSerializers } from './request-log';

function request(): IncomingMessage & { id?: string; originalUrl?: string } {
  const req = new IncomingMessage(new Socket()) as IncomingMessage & { id?: string; originalUrl?: string };
  req.method = 'GET';
  req.url = '/5c0000000000000000000001';
  req.originalUrl = '/v2/companies/5c0000000000000000000001?x=1';
  req.headers = { 'x-api-key': 'pws_secret-key-value', authorization: 'Bearer t', cookie: 'c=1', host: 'h' };
  req.id = 'req-1';
  return req;
}

describe('requestLogSerializers', () => {
  it('logs the id, method, full path with query and remote address of a request, and no header', () => {
    const logged = requestLogSerializers.req(request());
    expect(logged).toEqual({ id: 'req-1', method: 'GET', url: '/v2/companies/5c0000000000000000000001?x=1', remoteAddress: undefined });
    expect(JSON.stringify(logged)).not.toContain('pws_secret-key-value');
  });

  it('falls back to url when the request never went through express', () => {
    const req = request();
    delete req.originalUrl;
    expect(requestLogSerializers.req(req).url).toBe('/5c0000000000000000000001');
  });

  it('logs only the status code of a response', () => {
    const res = new ServerResponse(request());
    res.statusCode = 404;
    res.setHeader('set-cookie', 'secret=1');
    expect(requestLogSerializers.res(res)).toEqual({ statusCode: 404 });
  });
});

describe('requestLogLevel', () => {
  const answered = (status: number) => Object.assign(new ServerResponse(request()), { statusCode: status });

  it('logs a 503 (a dependency down, the deadline passed) as a warning, other 5xx and errors as errors', () => {
    expect(requestLogLevel(request(), answered(503), new Error('failed with status code 503'))).toBe('warn');
    expect(requestLogLevel(request(), answered(500), new Error('failed with status code 500'))).toBe('error');
    expect(requestLogLevel(request(), answered(200), new Error('aborted'))).toBe('error');
    expect(requestLogLevel(request(), answered(404))).toBe('info');
  });
});
