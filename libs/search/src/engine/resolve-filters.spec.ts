import type { PeopleFilters } from '../filters/filter-types';
import { RESOLUTION_LIMIT, resolveFilters } from './resolve-filters';

/** A database whose company lookups answer `companies` ids (at most the statement's LIMIT), recording the statements. */
function fakeDb(companies: number) {
  const statements: string[] = [];
  return {
    statements,
    query: async (text: string) => {
      statements.push(text);
      const limit = Number(/LIMIT (\d+)/.exec(text)?.[1] ?? companies);
      return { rows: Array.from({ length: Math.min(companies, limit) }, (_, i) => ({ id: `co_${i}` })) };
    },
  };
}

const keywords: PeopleFilters = {
  company_keywords: { include: ['cloud computing'], exclude: [], include_all: false, sources: ['specialties'] },
};
const nameContains: PeopleFilters = { company: { name: { include: ['acme'], exclude: [], match_mode: 'CONTAINS' } } };

describe('resolveFilters: companies of a keyword or CONTAINS-name filter', () => {
  it('answers their ids while they fit in a list', async () => {
    const db = fakeDb(3);
    expect((await resolveFilters(db, 'ws', keywords)).keywordCompanyIds).toEqual(['co_0', 'co_1', 'co_2']);
    expect((await resolveFilters(db, 'ws', nameContains)).nameContainsCompanyIds).toEqual(['co_0', 'co_1', 'co_2']);
    expect(db.statements[0]).toContain(`LIMIT ${RESOLUTION_LIMIT + 1}`);
  });

  it("answers 'broad' past RESOLUTION_LIMIT, for the compiler to write the condition in, rather than refusing the search", async () => {
    const db = fakeDb(RESOLUTION_LIMIT + 1);
    expect((await resolveFilters(db, 'ws', keywords)).keywordCompanyIds).toBe('broad');
    expect((await resolveFilters(db, 'ws', nameContains)).nameContainsCompanyIds).toBe('broad');
    const exactly = fakeDb(RESOLUTION_LIMIT);
    expect((await resolveFilters(exactly, 'ws', keywords)).keywordCompanyIds).toHaveLength(RESOLUTION_LIMIT);
  });
});
