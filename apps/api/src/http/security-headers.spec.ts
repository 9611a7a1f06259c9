import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { recordHeaderEdits, securityHeaders } from './security-headers';

function answer(path: string): { req: Request; res: Response } {
  const req = new IncomingMessage(new Socket()) as Request;
  req.url = path;
  Object.defineProperty(req, 'path', { value: path });
  const res = new ServerResponse(req) as Response;
  res.setHeader('X-Powered-By', 'Express');
  return { req, res };
}

function run(middleware: RequestHandler, path: string): Record<string, unknown> {
  const { req, res } = answer(path);
  let called = false;
  void middleware(req, res, () => (called = true));
  expect(called).toBe(true);
  return res.getHeaders();
}

describe('securityHeaders', () => {
  it('sets exactly the headers helmet sets on the answer, on the API and on the browser pages', () => {
    const api = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    });
    const docs = helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } });
    const headers = securityHeaders();
    expect(run(headers, '/v2/lists')).toEqual(run(api, '/v2/lists'));
    expect(run(headers, '/docs')).toEqual(run(docs, '/docs'));
    expect(run(headers, '/v2/lists')['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(run(headers, '/v2/lists')['x-powered-by']).toBeUndefined();
  });

  it('refuses a middleware whose headers depend on the request', () => {
    const perRequest: RequestHandler = (req, _res, next) => (req.headers ? next() : undefined);
    expect(() => recordHeaderEdits(perRequest)).toThrow();
  });
});
