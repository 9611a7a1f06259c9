import { clientErrorAnswer } from './client-error';

const parse = (raw: string) => {
  const [head, body] = raw.split('\r\n\r\n');
  return { statusLine: head.split('\r\n')[0], head, body: JSON.parse(body), length: Buffer.byteLength(body) };
};

describe('clientErrorAnswer', () => {
  it('answers an over-long request line or headers 431 in the envelope', () => {
    const answer = parse(clientErrorAnswer('HPE_HEADER_OVERFLOW'));
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.head).toContain(`Content-Length: ${answer.length}`);
    expect(answer.head).toContain('Connection: close');
    expect(answer.body).toMatchObject({
      success: false,
      data: null,
      errors: [{ name: 'REQUEST_HEADER_FIELDS_TOO_LARGE', payload: { field: 'headers', code: 'out_of_range' } }],
    });
    expect(typeof answer.body.metadata.timestamp).toBe('string');
  });

  it('answers any other parse failure 400 VALIDATION_ERROR with a field and a code', () => {
    const answer = parse(clientErrorAnswer('HPE_INVALID_METHOD'));
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.body.errors[0]).toMatchObject({
      name: 'VALIDATION_ERROR',
      payload: { field: 'request', code: 'invalid_format' },
    });
  });

  it('answers a request that was not received in time 408', () => {
    expect(parse(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT')).statusLine).toBe('HTTP/1.1 408 Request Timeout');
  });
});
