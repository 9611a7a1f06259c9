import { EventEmitter } from 'node:events';
import { armRequestDeadline, DeadlineResponse } from './request-deadline';

/** Enough of Express's response to see what the deadline writes. */
class FakeResponse extends EventEmitter implements DeadlineResponse {
  headersSent = false;
  headers: Record<string, string> = {};
  statusCode = 200;
  body: any;
  setHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  status(code: number) {
    this.statusCode = code;
    return {
      json: (body: unknown) => {
        this.body = body;
        this.headersSent = true;
        // As Node's ServerResponse: 'finish' once the answer is written, then 'close'.
        this.emit('finish');
        this.emit('close');
      },
    };
  }
}

describe('armRequestDeadline', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('answers 503 UNAVAILABLE in the envelope, with Retry-After, once the request has run its time', () => {
    const res = new FakeResponse();
    armRequestDeadline(res, 1500, 'req-7');
    jest.advanceTimersByTime(1499);
    expect(res.body).toBeUndefined();
    jest.advanceTimersByTime(1);
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['Retry-After'])).toBeGreaterThan(0);
    expect(res.body).toMatchObject({
      success: false,
      data: null,
      metadata: { request_id: 'req-7' },
      errors: [{ name: 'UNAVAILABLE', payload: { timeout_ms: 1500 } }],
    });
  });

  it('does nothing to a request answered in time', () => {
    const res = new FakeResponse();
    armRequestDeadline(res, 1000);
    res.status(200).json({ success: true });
    jest.advanceTimersByTime(5000);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('leaves an answer that has started streaming alone, and forgets a closed connection', () => {
    const streaming = new FakeResponse();
    armRequestDeadline(streaming, 1000);
    streaming.headersSent = true;
    jest.advanceTimersByTime(1000);
    expect(streaming.statusCode).toBe(200);

    const closed = new FakeResponse();
    armRequestDeadline(closed, 1000);
    closed.emit('close');
    expect(jest.getTimerCount()).toBe(0);
  });
});
