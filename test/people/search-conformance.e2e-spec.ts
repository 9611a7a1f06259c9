import { errorOf } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';
import {
  ALL_BY_FOLLOWERS,
  BASE_PEOPLE,
  C,
  expectIds,
  expectOrder,
  importPeopleFixture,
  P,
  search,
  without,
} from '../support/people-fixtures';
import { change, E, searchArrangement, TITLE } from '../support/people-search-kit';

// POST /v2/people/search against the public conformance fixture only (15 companies, 40 people):
// the conformance cases with their literal expectations. Expected ids are written by hand from the
// table in support/people-fixtures.ts.

// Jest reads testTimeout only from the root config; the e2e project's 60 s would not apply here.
jest.setTimeout(120_000);

describe('POST /v2/people/search on the conformance fixture', () => {
  let stack: TestStack;
  let a: Workspace;

  beforeAll(async () => {
    stack = await startStack();
    a = await stack.workspace();
    await importPeopleFixture(stack, { extended: false });
  });
  afterAll(() => stack?.close());

  const { createPeopleList, savePerson } = searchArrangement(() => stack);

  describe('the public conformance cases', () => {
    it('no filters: all 40 people, followers descending', async () => {
      await expectOrder(a.api, {}, ALL_BY_FOLLOWERS);
    });

    it('person.name: diacritics are significant, case is not ("José" vs "jose")', async () => {
      await expectIds(a.api, { person: { name: { include: ['José'] } } }, E.name_jose_accented);
      await expectIds(a.api, { person: { name: { include: ['jose'] } } }, E.name_jose_plain);
      await expectIds(a.api, { person: { name: { include: ['Renée'] } } }, E.name_renee_accented);
    });

    it('person_job_title CONTAINS: every word in any order; exclude removes', async () => {
      await expectIds(a.api, TITLE(['Software Engineer']), E.title_contains_software_engineer);
      await expectIds(
        a.api,
        TITLE(['Software Engineer'], 'CONTAINS', ['Senior']),
        E.title_software_engineer_not_senior,
      );
      await expectIds(a.api, TITLE(['Data Scientist']), E.title_contains_data_scientist);
    });

    it('person_job_title EXACT: the title equals the term', async () => {
      await expectIds(a.api, TITLE(['Software Engineer'], 'EXACT'), E.title_exact_software_engineer);
      await expectIds(a.api, TITLE(['Data Scientist'], 'EXACT'), E.title_exact_data_scientist);
    });

    it('"VP Sales" and "Vice President Sales" both find "VP Sales" and "Vice President of Sales"', async () => {
      await expectIds(a.api, TITLE(['VP Sales']), E.title_vp_sales);
      await expectIds(a.api, TITLE(['Vice President Sales']), E.title_vp_sales);
    });

    it('boolean_search: quoted phrase with ! exclusion, and parenthesised OR inside AND', async () => {
      await expectIds(
        a.api,
        { person_job_title: { boolean_search: "'Software Engineer' AND !Senior" } },
        E.title_software_engineer_not_senior,
      );
      await expectIds(
        a.api,
        { person_job_title: { boolean_search: '(Sales OR Marketing) AND Manager' } },
        E.bool_sales_or_marketing_and_manager,
      );
    });

    it('boolean_search mixing AND and OR at one level without parentheses answers 400', async () => {
      await search(a.api, { person_job_title: { boolean_search: 'Sales AND Manager' } });
      const res = await a.api.post('/v2/people/search', {
        filters: { person_job_title: { boolean_search: 'Sales AND Marketing OR Manager' } },
        page: 1,
        per_page: 100,
      });
      expect(res.status).toBe(400);
      expect(errorOf(res).name).toBe('VALIDATION_ERROR');
    });

    it('person_seniority include matches any listed value', async () => {
      await expectIds(a.api, { person_seniority: { include: ['VP'] } }, E.seniority_vp);
      await expectIds(
        a.api,
        { person_seniority: { include: ['Director', 'Chief Officer'] } },
        E.seniority_director_chief,
      );
      await expectIds(a.api, { person_seniority: { include: ['Owner'] } }, E.seniority_owner);
    });

    it('person_department: a group matches everyone in it, a sub-department only itself', async () => {
      await expectIds(a.api, { person_department: { include: ['Sales'] } }, E.dept_sales);
      await expectIds(a.api, { person_department: { include: ['Inside Sales'] } }, E.dept_inside_sales);
    });

    it('person_months_in_current_role min/max inclusive ranges', async () => {
      await expectIds(a.api, { person_months_in_current_role: { max: 6 } }, E.role_max6);
      await expectIds(a.api, { person_months_in_current_role: { min: 12, max: 24 } }, E.role_12_24);
    });

    it('person_job_change timeframe_months 1 (this month only) vs 3', async () => {
      await expectIds(a.api, change(1), E.change_1_any);
      await expectIds(a.api, change(3), E.change_3_any);
    });

    it('person_job_change change_type promotion (same company) vs new_company', async () => {
      await expectIds(a.api, change(1, 'promotion'), E.change_1_promotion);
      await expectIds(a.api, change(1, 'new_company'), E.change_1_new_company);
      await expectIds(a.api, change(3, 'new_company'), E.change_3_new_company);
    });

    it('company.domain ORGANIZATION (default) / PRIMARY / LINKEDIN_WEBSITE on globex.com', async () => {
      await expectIds(a.api, { company: { domain: { include: ['globex.com'] } } }, E.domain_org);
      await expectIds(
        a.api,
        { company: { domain: { include: ['globex.com'], match_mode: 'ORGANIZATION' } } },
        E.domain_org,
      );
      await expectIds(
        a.api,
        { company: { domain: { include: ['globex.com'], match_mode: 'PRIMARY' } } },
        E.domain_primary,
      );
      await expectIds(
        a.api,
        { company: { domain: { include: ['globex.com'], match_mode: 'LINKEDIN_WEBSITE' } } },
        E.domain_linkedin,
      );
    });

    it('company.name EXACT is a case-insensitive whole-name match', async () => {
      await expectIds(
        a.api,
        { company: { name: { include: ['globex'], match_mode: 'EXACT' } } },
        E.company_name_globex,
      );
      await expectIds(a.api, { company: { name: { include: ['GLOBEX LABS'] } } }, E.company_name_globex_labs);
    });

    it('company_headcount_range matches any listed range', async () => {
      await expectIds(a.api, { company_headcount_range: ['11-50', '51-200'] }, E.headcount_11_200);
    });

    it('company_country include DE: headquarters_only true = HQ only, false = any office', async () => {
      await expectIds(a.api, { company_country: { include: ['DE'], headquarters_only: true } }, E.country_de_hq);
      await expectIds(a.api, { company_country: { include: ['de'], headquarters_only: false } }, E.country_de_any);
      await expectIds(a.api, { company_country: { include: ['DE'] } }, E.country_de_any);
    });

    it('company_technologies answers 400 today', async () => {
      const res = await a.api.post('/v2/people/search', {
        filters: { company_technologies: { include: ['tech_react'] } },
        page: 1,
        per_page: 100,
      });
      expect(res.status).toBe(400);
      expect(errorOf(res).name).toBe('VALIDATION_ERROR');
    });

    it('contact_details.email.status valid / accept_all by best stored email', async () => {
      await expectIds(a.api, { contact_details: { email: { status: ['valid'] } } }, E.email_valid);
      await expectIds(a.api, { contact_details: { email: { status: ['accept_all'] } } }, E.email_accept_all);
    });

    it('lists.saved any / without_list / none and lists.include', async () => {
      const ws = await stack.workspace();
      const list = await createPeopleList(ws, 'conformance list');
      await savePerson(ws, 'jose', '2026-01-01T00:00:00Z', [list]);
      await savePerson(ws, 'alice', '2026-01-02T00:00:00Z');
      await expectIds(ws.api, { lists: { saved: 'any' } }, [P.jose, P.alice]);
      await expectIds(ws.api, { lists: { saved: 'without_list' } }, [P.alice]);
      await expectIds(ws.api, { lists: { saved: 'none' } }, without(BASE_PEOPLE, P.jose, P.alice));
      await expectIds(ws.api, { lists: { include: [list] } }, [P.jose]);
    });

    it('max_person_per_company 1 keeps the colleague with a valid email over higher followers', async () => {
      await expectIds(
        a.api,
        { company: { id: { include: [C.initech] } }, max_person_per_company: 1 },
        E.mppc_initech_1,
      );
    });

    it('default order within a company is followers desc; sort_by person_last_name asc/desc reorders', async () => {
      const f = { company: { id: { include: [C.umbrella] } } };
      await expectOrder(a.api, f, E.umbrella_by_followers);
      await expectOrder(
        a.api,
        { ...f, sort_by: 'person_last_name', sort_direction: 'asc' },
        E.umbrella_by_last_name_asc,
      );
      await expectOrder(
        a.api,
        { ...f, sort_by: 'person_last_name', sort_direction: 'desc' },
        [...E.umbrella_by_last_name_asc].reverse(),
      );
    });
  });
});
