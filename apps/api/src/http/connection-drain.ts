import { ShutdownState } from '@app/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * The HTTP side of a stop. From the signal on, every answer carries `Connection: close`, so a client's
 * keep-alive connection ends with its answer and its next request opens a new connection, which the
 * load balancer sends to another replica. After SHUTDOWN_DELAY, `close` stops accepting connections,
 * closes the idle ones and waits for the requests in flight to be answered.
 */
export class ConnectionDrain {
  private inFlight = 0;

  constructor(private readonly state: ShutdownState) {}

  /** Express middleware, first of all: counts requests in flight and marks answers while stopping. */
  readonly middleware = (_req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    this.inFlight += 1;
    res.once('close', () => (this.inFlight -= 1));
    if (this.state.stopping) res.setHeader('Connection', 'close');
    next();
  };

  /** Resolves once the server accepts nothing more and every connection has ended. */
  close(server: Server, log: (message: string) => void): Promise<void> {
    log(`closing the port; ${this.inFlight} request(s) in flight`);
    return new Promise((resolve) => {
      // server.close ends the connections idle now; a keep-alive connection whose request began before the
      // signal (no Connection: close on its answer) turns idle later, and the sweep ends it then.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      server.close(() => {
        clearInterval(sweep);
        resolve();
      });
    });
  }
}
