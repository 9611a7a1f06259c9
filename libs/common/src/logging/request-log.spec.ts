import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { loggedUrl, requestLogLevel, requestLogSerializers } from './request-log';

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
  it('logs the id, method, path with the query names (values redacted) and remote address of a request, and no header', () => {
    const logged = requestLogSerializers.req(request());
    expect(logged).toEqual({
      id: 'req-1',
      method: 'GET',
      url: '/v2/companies/5c0000000000000000000001?x=[redacted]',
      remoteAddress: undefined,
    });
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

describe('loggedUrl', () => {
  const key = 'pws_Ab3dEf6hIj9kLm2oPq5sTu8wXy1zAb4dEf7hIj0kLm3';

  it('keeps the path and the query names, and redacts every query value', () => {
    expect(loggedUrl(`/v2/lists?api_key=${key}&page=2`)).toBe('/v2/lists?api_key=[redacted]&page=[redacted]');
    expect(loggedUrl('/v2/lists?type=people&type=company&flag')).toBe('/v2/lists?type=[redacted]&type=[redacted]&flag');
    expect(loggedUrl('/v2/lists?x=a=b')).toBe('/v2/lists?x=[redacted]');
    expect(loggedUrl('/v2/lists')).toBe('/v2/lists');
    expect(loggedUrl('/v2/lists?')).toBe('/v2/lists');
    expect(loggedUrl('/health?&&')).toBe('/health');
  });

  it('redacts an API key pasted into the path or as a parameter name', () => {
    expect(loggedUrl(`/v2/${key}/lists?${key}`)).toBe('/v2/[redacted]/lists?[redacted]');
    expect(loggedUrl(`/v2/lists?${key}=1`)).toBe('/v2/lists?[redacted]=[redacted]');
  });

  it('never logs the key, whatever the URL', () => {
    for (const url of [
      `/v2/lists?api_key=${key}`,
      `/v2/lists?x=1&apikey=${encodeURIComponent(key)}`,
      `/${key}`,
      `/v2/lists?k[${key}]=1`,
    ]) {
      expect(loggedUrl(url)).not.toContain(key.slice(4));
    }
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
