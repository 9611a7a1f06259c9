import { hasBody, isJsonMediaType, isUnsupportedBody } from './media-type';

describe('request media types', () => {
  it('takes application/json with parameters and +json types, nothing else', () => {
    expect(isJsonMediaType('application/json')).toBe(true);
    expect(isJsonMediaType('Application/JSON; charset=utf-8')).toBe(true);
    expect(isJsonMediaType('application/merge-patch+json')).toBe(true);
    expect(isJsonMediaType('text/plain')).toBe(false);
    expect(isJsonMediaType('application/x-www-form-urlencoded')).toBe(false);
    expect(isJsonMediaType('multipart/form-data; boundary=x')).toBe(false);
    expect(isJsonMediaType('application/jsonp')).toBe(false);
  });

  it('takes no charset or UTF-8 only: JSON is UTF-8', () => {
    expect(isJsonMediaType('application/json; charset=UTF-8')).toBe(true);
    expect(isJsonMediaType('application/json;charset="utf-8"')).toBe(true);
    expect(isJsonMediaType('application/json; charset=utf-16')).toBe(false);
    expect(isJsonMediaType('application/json; charset=latin1')).toBe(false);
    expect(isUnsupportedBody({ 'content-length': '1', 'content-type': 'application/json; charset=utf-16' })).toBe(true);
  });

  it('a body is a Content-Length above 0 or a Transfer-Encoding', () => {
    expect(hasBody({})).toBe(false);
    expect(hasBody({ 'content-length': '0' })).toBe(false);
    expect(hasBody({ 'content-length': '12' })).toBe(true);
    expect(hasBody({ 'transfer-encoding': 'chunked' })).toBe(true);
  });

  it('415 only for a body with a non-JSON content type; no body or no content type is fine', () => {
    expect(isUnsupportedBody({ 'content-length': '5', 'content-type': 'text/plain' })).toBe(true);
    expect(isUnsupportedBody({ 'content-type': 'text/plain' })).toBe(false);
    expect(isUnsupportedBody({ 'content-length': '5' })).toBe(false);
    expect(isUnsupportedBody({ 'content-length': '5', 'content-type': 'application/json' })).toBe(false);
  });
});
