import http from 'node:http';
import https from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import type { AttemptResult } from '@app/webhooks/delivery/delivery-policy';
import type { TargetCheck } from '@app/webhooks/target-guard';

/** At most this much of a receiver's answer is read; the rest is discarded. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface SendRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /**
   * Applies the whole target policy to the URL (scheme, host, every resolved address) and answers
   * the checked addresses: `checkTargetUrl` with the worker's resolver and settings.
   */
  checkTarget: (url: string) => Promise<TargetCheck>;
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
 * POSTs one signed delivery. The URL is checked against the target policy here, on every
 * attempt (scheme, and every address the host resolves to), then the socket is pinned to the
 * checked address (a DNS answer that changes between check and connect, DNS rebinding, cannot
 * redirect us); TLS SNI and Host stay the hostname. A DNS failure or timeout is a connection
 * error, never a timeout: only a receiver that does not answer counts toward disabling.
 * Redirects are never followed; the whole exchange has one deadline.
 */
export async function sendDelivery(request: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const done = (result: AttemptResult): SendResult => ({ result, durationMs: Math.round(performance.now() - started) });
  const deadline = Date.now() + request.timeoutMs;
  let check: TargetCheck;
  try {
    check = await withDeadline(request.checkTarget(request.url), deadline);
  } catch (error) {
    // DNS that outlasts the whole attempt is still a DNS failure: never a receiver timeout.
    return done({
      kind: 'connection_error',
      message: `dns: ${error instanceof TimeoutError ? 'ETIMEOUT' : (error as Error).message}`,
    });
  }
  if (!check.ok)
    return done(
      check.problem === 'unresolved'
        ? { kind: 'connection_error', message: `dns: ${check.reason}` }
        : { kind: 'blocked_target', message: check.reason },
    );
  const { url } = check;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const address = { address: check.addresses[0], family: isIP(check.addresses[0]) };

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

function post(
  url: URL,
  hostname: string,
  pinned: { address: string; family: number },
  request: SendRequest,
  deadline: number,
  fresh: boolean,
): Promise<AttemptResult> {
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
    const timer = setTimeout(
      () => {
        finish({ kind: 'timeout' });
        req.destroy(new TimeoutError());
      },
      Math.max(0, deadline - Date.now()),
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof TimeoutError) return finish({ kind: 'timeout' });
      const reused = (req as http.ClientRequest & { reusedSocket?: boolean }).reusedSocket;
      if (reused && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
        return finish({ kind: 'connection_error', message: 'reused socket reset' });
      finish({ kind: 'connection_error', message: error.code ?? error.message });
    });
    req.end(request.body);
  });
}
