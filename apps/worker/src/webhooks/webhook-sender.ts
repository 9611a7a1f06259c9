import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import type { AttemptResult } from '@app/webhooks/delivery/delivery-policy';

/** At most this much of a receiver's answer is read; the rest is discarded. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface SendRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Answers true for an address we must never connect to (private, loopback, metadata…). */
  isBlocked: (address: string) => boolean;
}

export interface SendResult {
  result: AttemptResult;
  durationMs: number;
}

// Keep-alive pools make 1,000+ deliveries/s possible; each new socket still goes through the pinned lookup.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 256, scheduling: 'lifo' }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 256, scheduling: 'lifo' }),
};

class TimeoutError extends Error {}

/**
 * POSTs one signed delivery. The host is resolved here and every address is checked, then the
 * socket is pinned to the checked address (a DNS answer that changes between check and connect,
 * DNS rebinding, cannot redirect us). Redirects are never followed; the whole exchange has one deadline.
 */
export async function sendDelivery(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const done = (result: AttemptResult): SendResult => ({ result, durationMs: Math.round(performance.now() - started) });
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return done({ kind: 'blocked_target', message: 'invalid url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return done({ kind: 'blocked_target', message: 'unsupported protocol' });
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const deadline = Date.now() + request.timeoutMs;

  let address: { address: string; family: number };
  try {
    const addresses = isIP(hostname) ? [{ address: hostname, family: isIP(hostname) }] : await withDeadline(dnsLookup(hostname, { all: true, verbatim: true }), deadline);
    if (addresses.length === 0) return done({ kind: 'connection_error', message: 'no address' });
    if (addresses.some((a) => request.isBlocked(a.address))) return done({ kind: 'blocked_target', message: 'address not allowed' });
    address = addresses[0];
  } catch (error) {
    if (error instanceof TimeoutError) return done({ kind: 'timeout' });
    return done({ kind: 'connection_error', message: `dns: ${(error as NodeJS.ErrnoException).code ?? 'failed'}` });
  }

  // A kept-alive socket the receiver closed meanwhile fails at once; one fresh retry is not a new attempt.
  let result = await post(url, hostname, address, request, deadline, false);
  if (result.kind === 'connection_error' && result.message === 'reused socket reset' && Date.now() < deadline) {
    result = await post(url, hostname, address, request, deadline, true);
  }
  return done(result);
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError()), Math.max(0, deadline - Date.now()));
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

function post(url: URL, hostname: string, pinned: { address: string; family: number }, request: SendRequest, deadline: number, fresh: boolean): Promise<AttemptResult> {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options && (options as { all?: boolean }).all) (callback as any)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = transport.request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: url.pathname + url.search,
        method: 'POST',
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body).toString() },
        lookup,
        agent: fresh ? false : agents[url.protocol as 'http:' | 'https:'],
        // SNI and certificate checks use the hostname, never the pinned address.
        ...(url.protocol === 'https:' && !isIP(hostname) ? { servername: hostname } : {}),
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) {
            finish({ kind: 'response', status: res.statusCode ?? 0 });
            res.destroy();
          }
        });
        res.on('end', () => finish({ kind: 'response', status: res.statusCode ?? 0 }));
        res.on('error', () => finish({ kind: 'response', status: res.statusCode ?? 0 }));
      },
    );
    const timer = setTimeout(() => {
      finish({ kind: 'timeout' });
      req.destroy(new TimeoutError());
    }, Math.max(0, deadline - Date.now()));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof TimeoutError) return finish({ kind: 'timeout' });
      const reused = (req as http.ClientRequest & { reusedSocket?: boolean }).reusedSocket;
      if (reused && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) return finish({ kind: 'connection_error', message: 'reused socket reset' });
      finish({ kind: 'connection_error', message: error.code ?? error.message });
    });
    req.end(request.body);
  });
}
