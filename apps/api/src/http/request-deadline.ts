// Plain module (no Nest imports) so a unit spec can drive it with fake requests and timers.
import { unavailableError } from '@app/common/http/api-error';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@app/common/http/dependency-failure';
import { errorEnvelope } from '@app/common/http/envelope';

/** The part of Express's response the deadline uses. */
export interface DeadlineResponse {
  readonly headersSent: boolean;
  once(event: 'close', listener: () => void): unknown;
  setHeader(name: string, value: string): unknown;
  status(code: number): { json(body: unknown): unknown };
}

/** The answer a request gets when it runs past REQUEST_TIMEOUT. */
export function deadlineError(timeoutMs: number) {
  return unavailableError(
    `the request took longer than the server allows (${timeoutMs} ms); retry later`,
    UNAVAILABLE_RETRY_AFTER_SECONDS,
    { timeout_ms: timeoutMs },
  );
}

/**
 * Answers 503 UNAVAILABLE in the envelope if the request has not been answered `timeoutMs` after
 * it started, whatever it waits for (a pool connection, a statement, a dependency that stopped
 * answering without closing its connections). The handler is not stopped: its work may still
 * finish, and its own answer is then dropped (the exception filter sees the headers sent).
 */
export function armRequestDeadline(res: DeadlineResponse, timeoutMs: number, requestId?: string): void {
  const timer = setTimeout(() => {
    if (res.headersSent) return;
    const error = deadlineError(timeoutMs);
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    res
      .status(error.status)
      .json(errorEnvelope([{ name: error.errorName, message: error.message, payload: error.payload }], requestId));
  }, timeoutMs);
  timer.unref();
  // 'close' follows 'finish' on every answer (and comes alone when the client goes first): one listener does.
  res.once('close', () => clearTimeout(timer));
}
