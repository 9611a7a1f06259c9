import { COMPANY_FACET_VOCABULARIES, companyFacetCodes } from './company-facet-codes';
import { COMPANY_TYPES, EMPLOYEE_RANGES } from './company-enums';
import { INDUSTRIES } from './industries';

describe('companyFacetCodes', () => {
  it('codes a value by its position in its vocabulary, from 1', () => {
    expect(companyFacetCodes('employee_range', ['1-10', '10001+'])).toEqual([1, EMPLOYEE_RANGES.length]);
    expect(companyFacetCodes('type', [COMPANY_TYPES[2]])).toEqual([3]);
  });

  it('gives a value outside the vocabulary no code, so it selects nothing (0 is the stored code of those)', () => {
    expect(companyFacetCodes('type', ['Pirate Ship', ''])).toEqual([]);
  });

  it('codes each value once', () => {
    expect(companyFacetCodes('business_type', ['B2B', 'B2B', 'B2C'])).toEqual([1, 2]);
  });

  it('gives every value of each vocabulary its own code, within smallint', () => {
    for (const [facet, values] of Object.entries(COMPANY_FACET_VOCABULARIES)) {
      const codes = companyFacetCodes(facet as keyof typeof COMPANY_FACET_VOCABULARIES, values);
      expect(new Set(codes).size).toBe(values.length);
      expect(Math.max(...codes)).toBeLessThanOrEqual(32_767);
    }
    expect(COMPANY_FACET_VOCABULARIES.industry).toHaveLength(INDUSTRIES.size);
  });
});
