import { apiErrorOf } from '@test/support/api-error-of';
import { removalIds } from './list-removal';

const A = '5e0000000000000000000001';
const B = '5e0000000000000000000002';

describe('list removal ids', () => {
  it('keeps the well-formed ids once each, in request order', () => {
    expect(removalIds([B, A, B])).toEqual([B, A]);
  });

  it('skips malformed ids among good ones', () => {
    expect(removalIds(['nope', A, A.toUpperCase(), `${A}0`, A.slice(1), ''])).toEqual([A]);
  });

  it('answers invalid_format on ids when no id is well-formed', () => {
    const error = apiErrorOf(() => removalIds(['nope', '123', A.toUpperCase(), ` ${A.slice(1)}`]));
    expect(error.status).toBe(400);
    expect(error.errorName).toBe('VALIDATION_ERROR');
    expect(error.payload).toMatchObject({ field: 'ids', code: 'invalid_format' });
  });

  it('answers invalid_value on the first item that is not a string, even among good ids', () => {
    for (const bad of [42, null, { id: A }, [A], true]) {
      const error = apiErrorOf(() => removalIds([A, 'nope', bad]));
      expect(error.status).toBe(400);
      expect(error.payload).toMatchObject({ field: 'ids[2]', code: 'invalid_value' });
    }
  });
});
