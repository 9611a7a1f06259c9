import { apiErrorOf } from '@test/support/api-error-of';
import { normalizeSuggestQuery, suggestionItems } from './suggest-query';

describe('normalizeSuggestQuery', () => {
  it('trims and makes inner white space one space', () => {
    expect(normalizeSuggestQuery('  inside \t  sales\n')).toBe('inside sales');
    expect(normalizeSuggestQuery('x')).toBe('x');
  });

  it('keeps case and diacritics (PostgreSQL lower-cases both sides)', () => {
    expect(normalizeSuggestQuery('José')).toBe('José');
  });

  it('answers 400 out_of_range on query when nothing is left after trimming', () => {
    for (const raw of ['', '   ', '\t\n']) {
      const e = apiErrorOf(() => normalizeSuggestQuery(raw));
      expect(e.status).toBe(400);
      expect(e.errorName).toBe('VALIDATION_ERROR');
      expect(e.payload).toMatchObject({
        field: 'query',
        code: 'out_of_range',
        received_value: raw,
        received_type: 'string',
      });
    }
  });

  it('counts at most 100 characters after trimming, in code points', () => {
    expect(normalizeSuggestQuery(`  ${'a'.repeat(100)}  `)).toBe('a'.repeat(100));
    expect(apiErrorOf(() => normalizeSuggestQuery('a'.repeat(101))).payload).toMatchObject({
      field: 'query',
      code: 'out_of_range',
    });
    // 100 emoji are 200 UTF-16 units but 100 characters
    expect(normalizeSuggestQuery('😀'.repeat(100))).toHaveLength(200);
  });
});

describe('suggestionItems', () => {
  const rows = [
    { value: 'Globex', count: '4200', company_id: '5c0000000000000000000001', website: 'globex.com' },
    { value: 'Globex Logistics', count: '0', company_id: '5c0000000000000000000007', website: null },
  ];

  it('answers value and count (a number, pg sends bigint as text) for every type but company_name', () => {
    expect(
      suggestionItems('person_job_title', [{ value: 'Sales Manager', count: '1999', company_id: null, website: null }]),
    ).toEqual([{ value: 'Sales Manager', count: 1999 }]);
  });

  it('adds the company id and website for company_name, keeping the order', () => {
    expect(suggestionItems('company_name', rows)).toEqual([
      { value: 'Globex', count: 4200, id: '5c0000000000000000000001', website: 'globex.com' },
      { value: 'Globex Logistics', count: 0, id: '5c0000000000000000000007', website: null },
    ]);
  });
});
