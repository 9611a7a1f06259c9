import { nulCharacterError, nulCharacterPath } from './nul-character';

describe('nulCharacterPath', () => {
  it('names the first string holding U+0000, at any depth, in the API field notation', () => {
    expect(nulCharacterPath({ name: 'a\u0000b' }, '')).toBe('name');
    expect(nulCharacterPath({ emails: ['ok@x.example', 'bad\u0000@x.example'] }, '')).toBe('emails[1]');
    expect(nulCharacterPath({ filters: { job_title: { include: ['\u0000'] } } }, '')).toBe(
      'filters.job_title.include[0]',
    );
    expect(nulCharacterPath('x\u0000', 'id')).toBe('id');
  });

  it('reports a key holding U+0000 too', () => {
    expect(nulCharacterPath({ 'a\u0000': 1 }, '')).toBe('a\\u0000');
  });

  it('answers null for clean values, other control characters and lone surrogates included', () => {
    expect(nulCharacterPath({ a: ['\u0001', '\ud800', 'é'], b: 1, c: null, d: true }, '')).toBeNull();
    expect(nulCharacterPath(undefined, '')).toBeNull();
  });

  it('walks 100,000 levels of nesting without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(nulCharacterPath(deep, 'data')).toBe('data' + '[0]'.repeat(100_000));
  });
});

describe('nulCharacterError', () => {
  it('is a 400 VALIDATION_ERROR invalid_value on the field', () => {
    const error = nulCharacterError({ name: '\u0000' }, '');
    expect(error).toMatchObject({
      status: 400,
      errorName: 'VALIDATION_ERROR',
      payload: { field: 'name', code: 'invalid_value' },
    });
    expect(nulCharacterError({ name: 'fine' }, '')).toBeNull();
  });

  it('names the body when the body itself is the string', () => {
    expect(nulCharacterError('\u0000', '')?.payload.field).toBe('body');
  });
});
