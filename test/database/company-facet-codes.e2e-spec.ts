import {
  COMPANY_FACET_VOCABULARIES,
  CompanyFacet,
  companyFacetCodes,
} from '../../libs/domain/src/enums/company-facet-codes';
import { companyConditions, companySelection } from '../../libs/search/src/compile/company-conditions';
import { SqlParams } from '../../libs/search/src/compile/sql-params';
import type { PeopleFilters } from '../../libs/search/src/filters/filter-types';
import { createTestDatabase, TestDatabase } from '../support/database';
import { PlanNode, planNodes } from '../support/query-plans';

/**
 * The people search compiles a company facet value to its code in TypeScript and compares it with the code column
 * PostgreSQL generated (migration 1796300000000): the two codings must agree for every value, or a filter selects
 * the wrong companies. A vocabulary changed without a migration that redefines `company_facet_code` fails here.
 */
describe('company facet codes: the database and the compiler agree', () => {
  let db: TestDatabase;
  beforeAll(async () => (db = await createTestDatabase()));
  afterAll(() => db?.drop());

  it.each(Object.keys(COMPANY_FACET_VOCABULARIES) as CompanyFacet[])('codes every %s alike', async (facet) => {
    const values = COMPANY_FACET_VOCABULARIES[facet];
    const rows = await db.query<{ value: string; code: number }>(
      `SELECT v AS value, company_facet_code($1, v) AS code FROM unnest($2::text[]) v`,
      [facet, values],
    );
    expect(rows.map((r) => [r.value, r.code])).toEqual(values.map((v) => [v, companyFacetCodes(facet, [v])[0]]));
  });

  it('codes no value, and a value outside the vocabulary, 0', async () => {
    const [row] = await db.query<{ none: number; other: number }>(
      `SELECT company_facet_code('type', NULL) AS none, company_facet_code('type', 'Pirate Ship') AS other`,
    );
    expect(row).toEqual({ none: 0, other: 0 });
  });

  it('stores the codes in the generated columns the facets index carries', async () => {
    await db.query(
      `INSERT INTO companies (id, employee_range, industry, type, business_type, revenue_stream)
       VALUES ($1, '51-200', 'Restaurants', 'Partnership', 'B2C', 'Pirate Gold')`,
      ['c'.repeat(24)],
    );
    const [row] = await db.query(
      `SELECT employee_range_code, industry_code, type_code, business_type_code, revenue_stream_code FROM companies`,
    );
    expect(row).toEqual({
      employee_range_code: companyFacetCodes('employee_range', ['51-200'])[0],
      industry_code: companyFacetCodes('industry', ['Restaurants'])[0],
      type_code: companyFacetCodes('type', ['Partnership'])[0],
      business_type_code: companyFacetCodes('business_type', ['B2C'])[0],
      revenue_stream_code: 0,
    });
    const [index] = await db.query<{ def: string }>(`SELECT pg_get_indexdef('companies_facets_idx'::regclass) AS def`);
    for (const column of Object.keys(COMPANY_FACET_VOCABULARIES)) expect(index.def).toContain(`${column}_code`);
  });

  it("reads a headcount range's and an industry's companies from their coded indexes alone, never a company row", async () => {
    const ranges = COMPANY_FACET_VOCABULARIES.employee_range;
    const industries = COMPANY_FACET_VOCABULARIES.industry;
    await db.query(
      `INSERT INTO companies (id, employee_range, industry, type, business_type, country_code)
       SELECT lpad(to_hex(i), 24, '0'), ($1::text[])[1 + i % 8], ($2::text[])[1 + i % 90], 'Partnership', 'B2B', 'US'
         FROM generate_series(1, 2000) i`,
      [ranges, industries],
    );
    await db.query('VACUUM ANALYZE companies');
    // On 2,000 companies a scan of the table would win; with it and bitmaps off, what is left reads by an index.
    await db.query('SET enable_seqscan = off');
    await db.query('SET enable_bitmapscan = off');
    // The statement the resolver and the search's company subquery run, compiled as they compile it.
    const reads = async (filters: PeopleFilters) => {
      const params = new SqlParams();
      const selection = companySelection(companyConditions(filters, {}, params), params)!;
      const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) SELECT c.id FROM companies c WHERE ${selection}`,
        params.values,
      );
      return planNodes(row['QUERY PLAN'][0].Plan)
        .filter((n) => n['Relation Name'] === 'companies')
        .map((n) => `${n['Node Type']} ${n['Index Name']}`);
    };
    expect(
      await reads({ company_headcount_range: ['51-200'], company_type: { include: ['Partnership'], exclude: [] } }),
    ).toEqual(['Index Only Scan companies_facets_idx']);
    expect(
      await reads({
        company_industry: { include: ['Restaurants'], exclude: [] },
        company_business_type: { include: ['B2B'], exclude: [] },
        company_country: { include: ['US'], exclude: [], headquarters_only: true },
      }),
    ).toEqual(['Index Only Scan companies_industry_code_idx']);
  });
});
