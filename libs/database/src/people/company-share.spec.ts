import { companyShare, pinPeopleCompanyShare } from './company-share';

describe('companyShare', () => {
  it('is the companies as a share of the people rows', () => {
    expect(companyShare(938_727, 10_000_000)).toBeCloseTo(0.0938727, 9);
    expect(companyShare(1, 1)).toBe(1);
  });

  it('is null without companies or people, so the estimate is left to ANALYZE', () => {
    expect(companyShare(0, 1000)).toBeNull();
    expect(companyShare(0, 0)).toBeNull();
    expect(companyShare(Number.NaN, 10)).toBeNull();
  });
});

describe('pinPeopleCompanyShare', () => {
  const client = (companies: number, people: number) => {
    const statements: string[] = [];
    return {
      statements,
      query: async (text: string) => {
        statements.push(text);
        return { rows: statements.length === 1 ? [{ companies, people }] : [] };
      },
    };
  };

  it('sets n_distinct of company_id to minus the share on the table given', async () => {
    const c = client(25, 100);
    expect(await pinPeopleCompanyShare(c, 'public.people_next')).toBe(0.25);
    expect(c.statements[0]).toContain('FROM public.people_next GROUP BY company_id');
    expect(c.statements[1]).toBe(
      'ALTER TABLE public.people_next ALTER COLUMN company_id SET STATISTICS 10, ' +
        'ALTER COLUMN company_id SET (n_distinct = -0.25)',
    );
  });

  it('resets it when no person has a company', async () => {
    const c = client(0, 100);
    expect(await pinPeopleCompanyShare(c)).toBeNull();
    expect(c.statements[1]).toBe(
      'ALTER TABLE public.people ALTER COLUMN company_id SET STATISTICS 10, ALTER COLUMN company_id RESET (n_distinct)',
    );
  });
});
