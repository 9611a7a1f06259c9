import { errorOf } from './support/http';
import { startStack, TestStack, Workspace } from './support/stack';
import {
  ALL_BY_FOLLOWERS,
  BASE_PEOPLE,
  C,
  dateMonthsAgo,
  emailOf,
  expectIds,
  expectOrder,
  importPeopleFixture,
  P,
  PersonKey,
  personUrl,
  search,
  SOCIAL_NETWORK_KEYS,
  UNKNOWN_COMPANY_ID,
  UNKNOWN_PERSON_ID,
  without,
} from './support/people-fixtures';

// POST /v2/people/search against the public conformance fixture only (15 companies, 40 people):
// the conformance cases with their literal expectations, then every filter key, the order, paging,
// the person shape, lists / saves / exports and workspace isolation. Expected ids are written by
// hand from the table in support/people-fixtures.ts.

// Jest reads testTimeout only from the root config; the e2e project's 60 s would not apply here.
jest.setTimeout(120_000);

/** The conformance cases' expectations (/work/shared/conformance/cases/search.mjs), verbatim. */
const E = {
  name_jose_accented: [P.jose],
  name_jose_plain: [P.jose_plain],
  name_renee_accented: [P.renee],
  title_contains_software_engineer: [P.mei, P.jurgen, P.peter, P.samir, P.chloe, P.dinesh, P.maria, P.miles],
  title_software_engineer_not_senior: [P.jurgen, P.peter, P.samir, P.chloe, P.maria, P.miles],
  title_exact_software_engineer: [P.jurgen, P.peter, P.samir, P.chloe, P.maria, P.miles],
  title_exact_data_scientist: [P.priya],
  title_contains_data_scientist: [P.priya, P.fatima],
  title_vp_sales: [P.jose, P.jose_plain],
  bool_sales_or_marketing_and_manager: [P.renee_plain, P.alice, P.pierre, P.gwen, P.sarah, P.kenji],
  seniority_vp: [P.jose, P.jose_plain, P.richard, P.zoe],
  seniority_director_chief: [P.renee, P.lukasz, P.klaus, P.tom, P.elaine, P.monica, P.pepper, P.happy, P.norman, P.otto],
  seniority_owner: [P.gavin, P.art],
  dept_sales: [P.jose, P.jose_plain, P.ana, P.klaus, P.milton, P.lina, P.pierre, P.nelson, P.monica, P.pepper, P.sarah, P.kenji],
  dept_inside_sales: [P.ana, P.lina, P.nelson],
  role_max6: [P.lina, P.nelson, P.pepper, P.otto],
  role_12_24: [P.jose_plain, P.renee_plain, P.ana, P.jurgen, P.priya, P.milton, P.olga, P.bob, P.pierre, P.elaine, P.dinesh, P.monica, P.gwen, P.sarah, P.kenji],
  change_1_any: [P.nelson, P.pepper],
  change_1_promotion: [P.pepper],
  change_1_new_company: [P.nelson],
  change_3_any: [P.lina, P.nelson, P.pepper],
  change_3_new_company: [P.lina, P.nelson],
  domain_org: [P.jose, P.lukasz, P.mei, P.ana, P.jurgen, P.klaus, P.zoe, P.priya, P.fatima, P.peter, P.samir, P.milton],
  domain_primary: [P.jose, P.lukasz, P.mei, P.ana],
  domain_linkedin: [P.jose, P.lukasz, P.mei, P.ana, P.jurgen, P.klaus, P.zoe],
  company_name_globex: [P.jose, P.lukasz, P.mei, P.ana],
  company_name_globex_labs: [P.priya, P.fatima],
  headcount_11_200: [P.jose_plain, P.renee_plain, P.priya, P.tom, P.lina, P.gavin, P.nelson, P.richard, P.dinesh, P.monica, P.fatima],
  country_de_hq: [P.renee_plain, P.jurgen, P.klaus, P.gavin, P.nelson, P.zoe],
  country_de_any: [P.jose, P.renee, P.renee_plain, P.lukasz, P.mei, P.ana, P.jurgen, P.klaus, P.pierre, P.gavin, P.nelson, P.zoe],
  email_valid: [
    P.jose, P.jose_plain, P.lukasz, P.mei, P.jurgen, P.priya, P.milton, P.olga, P.lina, P.alice, P.bob, P.pierre,
    P.gavin, P.art, P.elaine, P.richard, P.pepper, P.maria, P.norman, P.gwen, P.miles, P.zoe, P.kenji,
  ],
  email_accept_all: [P.renee, P.klaus, P.tom, P.chloe, P.monica, P.otto, P.fatima],
  mppc_initech_1: [P.milton],
  umbrella_by_followers: [P.alice, P.bob, P.chloe, P.dan],
  umbrella_by_last_name_asc: [P.chloe, P.dan, P.bob, P.alice],
};

// People by company of their (only, primary) position, from the fixture table.
const AT = {
  globex: [P.jose, P.lukasz, P.mei, P.ana],
  globex_de: [P.jurgen, P.klaus, P.zoe],
  globex_labs: [P.priya, P.fatima],
  initech: [P.peter, P.samir, P.milton],
  globex_careers: [P.olga],
  acme: [P.jose_plain, P.tom, P.lina],
  umbrella: [P.alice, P.bob, P.chloe, P.dan],
  soylent: [P.renee, P.pierre],
  hooli: [P.renee_plain, P.gavin, P.nelson],
  vandelay: [P.art, P.elaine],
  pied: [P.richard, P.dinesh, P.monica],
  stark: [P.pepper, P.happy, P.maria, P.ingrid],
  oscorp: [P.norman, P.otto, P.gwen, P.kenji],
  cyberdyne: [P.miles, P.sarah],
};
const TITLE = (include: string[], match_mode = 'CONTAINS', exclude?: string[]) => ({ person_job_title: { include, match_mode, ...(exclude ? { exclude } : {}) } });
const change = (timeframe_months: number, change_type = 'any') => ({ person_job_change: { timeframe_months, change_type } });
const ids = (...keys: PersonKey[]) => keys.map((k) => P[k]);

describe('POST /v2/people/search on the conformance fixture', () => {
  let stack: TestStack;
  let a: Workspace;
  let b: Workspace;
  let now: Date;

  beforeAll(async () => {
    stack = await startStack();
    [a, b] = [await stack.workspace(), await stack.workspace()];
    now = await importPeopleFixture(stack, { extended: false });
  });
  afterAll(() => stack?.close());

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
      await expectIds(a.api, TITLE(['Software Engineer'], 'CONTAINS', ['Senior']), E.title_software_engineer_not_senior);
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
      await expectIds(a.api, { person_job_title: { boolean_search: "'Software Engineer' AND !Senior" } }, E.title_software_engineer_not_senior);
      await expectIds(a.api, { person_job_title: { boolean_search: '(Sales OR Marketing) AND Manager' } }, E.bool_sales_or_marketing_and_manager);
    });

    it('boolean_search mixing AND and OR at one level without parentheses answers 400', async () => {
      await search(a.api, { person_job_title: { boolean_search: 'Sales AND Manager' } });
      const res = await a.api.post('/v2/people/search', { filters: { person_job_title: { boolean_search: 'Sales AND Marketing OR Manager' } }, page: 1, per_page: 100 });
      expect(res.status).toBe(400);
      expect(errorOf(res).name).toBe('VALIDATION_ERROR');
    });

    it('person_seniority include matches any listed value', async () => {
      await expectIds(a.api, { person_seniority: { include: ['VP'] } }, E.seniority_vp);
      await expectIds(a.api, { person_seniority: { include: ['Director', 'Chief Officer'] } }, E.seniority_director_chief);
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
      await expectIds(a.api, { company: { domain: { include: ['globex.com'], match_mode: 'ORGANIZATION' } } }, E.domain_org);
      await expectIds(a.api, { company: { domain: { include: ['globex.com'], match_mode: 'PRIMARY' } } }, E.domain_primary);
      await expectIds(a.api, { company: { domain: { include: ['globex.com'], match_mode: 'LINKEDIN_WEBSITE' } } }, E.domain_linkedin);
    });

    it('company.name EXACT is a case-insensitive whole-name match', async () => {
      await expectIds(a.api, { company: { name: { include: ['globex'], match_mode: 'EXACT' } } }, E.company_name_globex);
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
      const res = await a.api.post('/v2/people/search', { filters: { company_technologies: { include: ['tech_react'] } }, page: 1, per_page: 100 });
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
      await expectIds(a.api, { company: { id: { include: [C.initech] } }, max_person_per_company: 1 }, E.mppc_initech_1);
    });

    it('default order within a company is followers desc; sort_by person_last_name asc/desc reorders', async () => {
      const f = { company: { id: { include: [C.umbrella] } } };
      await expectOrder(a.api, f, E.umbrella_by_followers);
      await expectOrder(a.api, { ...f, sort_by: 'person_last_name', sort_direction: 'asc' }, E.umbrella_by_last_name_asc);
      await expectOrder(a.api, { ...f, sort_by: 'person_last_name', sort_direction: 'desc' }, [...E.umbrella_by_last_name_asc].reverse());
    });
  });

  describe('paging', () => {
    it('defaults to page 1 of 25 people, with the pagination block', async () => {
      const res = await a.api.post('/v2/people/search', {});
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.map((p: any) => p.id)).toEqual(ALL_BY_FOLLOWERS.slice(0, 25));
      expect(res.body.metadata.pagination).toEqual({ page: 1, per_page: 25, total_count: 40, total_pages: 2, total_is_estimate: false });
      expect(typeof res.body.metadata.timestamp).toBe('string');
      const empty = await a.api.post('/v2/people/search', { filters: {} });
      expect(empty.body.data.map((p: any) => p.id)).toEqual(ALL_BY_FOLLOWERS.slice(0, 25));
    });

    it('page 2 of the default 25 holds the last 15', async () => {
      const r = await search(a.api, {}, { page: 2, per_page: undefined });
      expect(r.ids).toEqual(ALL_BY_FOLLOWERS.slice(25));
      expect(r.pagination).toEqual({ page: 2, per_page: 25, total_count: 40, total_pages: 2, total_is_estimate: false });
    });

    it('windows of 7: page 6 holds people 36-40, page 7 is empty but still counts 40', async () => {
      const p1 = await search(a.api, {}, { page: 1, per_page: 7 });
      expect(p1.ids).toEqual(ALL_BY_FOLLOWERS.slice(0, 7));
      const p3 = await search(a.api, {}, { page: 3, per_page: 7 });
      expect(p3.ids).toEqual(ALL_BY_FOLLOWERS.slice(14, 21));
      const p6 = await search(a.api, {}, { page: 6, per_page: 7 });
      expect(p6.ids).toEqual(ALL_BY_FOLLOWERS.slice(35, 40));
      expect(p6.pagination).toEqual({ page: 6, per_page: 7, total_count: 40, total_pages: 6, total_is_estimate: false });
      const p7 = await search(a.api, {}, { page: 7, per_page: 7 });
      expect(p7.ids).toEqual([]);
      expect(p7.pagination).toMatchObject({ page: 7, per_page: 7, total_count: 40, total_pages: 6 });
    });

    it('per_page 1 page 40 is the last person; per_page 100 takes all in one page', async () => {
      const last = await search(a.api, {}, { page: 40, per_page: 1 });
      expect(last.ids).toEqual([P.olga]);
      expect(last.pagination).toMatchObject({ total_count: 40, total_pages: 40 });
      const all = await search(a.api, {}, { page: 1, per_page: 100 });
      expect(all.ids).toEqual(ALL_BY_FOLLOWERS);
      expect(all.pagination).toEqual({ page: 1, per_page: 100, total_count: 40, total_pages: 1, total_is_estimate: false });
    });

    it('pages a filtered result (VPs 3 a page) and counts an empty result as 0', async () => {
      const p1 = await search(a.api, { person_seniority: { include: ['VP'] } }, { page: 1, per_page: 3 });
      expect(p1.ids).toEqual([P.jose, P.jose_plain, P.richard]);
      expect(p1.pagination).toEqual({ page: 1, per_page: 3, total_count: 4, total_pages: 2, total_is_estimate: false });
      const p2 = await search(a.api, { person_seniority: { include: ['VP'] } }, { page: 2, per_page: 3 });
      expect(p2.ids).toEqual([P.zoe]);
      const none = await search(a.api, { person: { id: { include: [UNKNOWN_PERSON_ID] } } });
      expect(none.ids).toEqual([]);
      expect(none.pagination).toMatchObject({ total_count: 0, total_is_estimate: false });
    });

    it('the deepest allowed window (page 500 × 100 = 50,000) answers 200 with no people', async () => {
      const deep = await search(a.api, {}, { page: 500, per_page: 100 });
      expect(deep.ids).toEqual([]);
      expect(deep.pagination.total_count).toBe(40);
    });

    it('a null filter key means "not set"', async () => {
      await expectOrder(a.api, { person_seniority: null, company: null, sort_by: null }, ALL_BY_FOLLOWERS);
      await expectIds(a.api, { person: { name: null, id: { include: [P.alice] } } }, [P.alice]);
    });
  });

  describe('the person record', () => {
    it('answers the Person shape: primary position with its company in search shape, email status without address', async () => {
      const r = await search(b.api, { person: { id: { include: [P.jose] } } });
      expect(r.people).toHaveLength(1);
      const p = r.people[0];
      expect(p).toMatchObject({
        id: P.jose,
        first_name: 'José',
        last_name: 'García',
        full_name: 'José García',
        pro_network_url: personUrl('jose'),
        followers: 9100,
        location: { city: 'New York', state: 'New York', state_code: 'NY', country: 'United States', country_code: 'US' },
        primary_position: { title: 'VP Sales', seniority: 'VP', departments: ['Sales', 'Sales Leader'], started_at: dateMonthsAgo(now, 40), ended_at: null, company_id: C.globex },
      });
      expect(p.contact_details).toEqual({ email: { status: 'valid', revealed: false }, phone: { status: 'found' } });
      expect(p).not.toHaveProperty('matched_url');
      expect(JSON.stringify(p)).not.toContain(emailOf('jose'));
      const company = p.primary_position.company;
      expect(company).toMatchObject({
        id: C.globex,
        name: 'Globex',
        website: 'globex.com',
        email: { domain: 'globex.com', provider: null },
        employee_count: 4200,
        employee_range: '1001-5000',
        keywords: ['enterprise software', 'sales automation'],
        naics_codes: [511210, 541511],
        founded: 1989,
        saved: null,
      });
      expect(Object.keys(company.social_networks).sort()).toEqual([...SOCIAL_NETWORK_KEYS].sort());
      expect(company.social_networks.code_host_url).toBe('https://code.example/globex');
      // technologies are omitted entirely from people search (SPEC "Company"), and their check time with them
      expect(company).not.toHaveProperty('technologies');
      expect(company).not.toHaveProperty('technologies_checked_at');
    });

    it('shows the best stored email status: invalid+valid is valid, accept_all+valid is valid, no email is not_found', async () => {
      const r = await search(b.api, { person: { id: { include: [P.mei, P.pierre, P.ana, P.renee_plain, P.renee] } } });
      const status = Object.fromEntries(r.people.map((p) => [p.id, p.contact_details.email.status]));
      expect(status).toEqual({ [P.mei]: 'valid', [P.pierre]: 'valid', [P.ana]: 'not_found', [P.renee_plain]: 'invalid', [P.renee]: 'accept_all' });
      expect(r.res.text).not.toContain('@old-globex.com');
    });
  });

  describe('person.id and person.name', () => {
    it('name terms: every word a whole word of "first last", any order, case-insensitive, diacritics significant', async () => {
      await expectIds(a.api, { person: { name: { include: ['garcía josé'] } } }, [P.jose]);
      await expectIds(a.api, { person: { name: { include: ['Becker'] } } }, [P.klaus, P.tom]);
      await expectIds(a.api, { person: { name: { include: ['Tom Becker'] } } }, [P.tom]);
      await expectIds(a.api, { person: { name: { include: ['Beck'] } } }, []); // not a whole word
      await expectIds(a.api, { person: { name: { include: ['Becker', 'Hill'] } } }, [P.klaus, P.tom, P.maria]);
      await expectIds(a.api, { person: { name: { include: ['Zoë'] } } }, [P.zoe]);
      await expectIds(a.api, { person: { name: { include: ['Zoe'] } } }, []);
      await expectIds(a.api, { person: { name: { include: ['Lefevre'] } } }, []); // Lefèvre
      await expectIds(a.api, { person: { name: { include: ['lefèvre'] } } }, [P.pierre]);
      await expectIds(a.api, { person: { name: { include: ["Dan O'Brien"] } } }, [P.dan]);
    });

    it('id include ORs with name include, and that result ANDs with the other filters', async () => {
      await expectIds(a.api, { person: { id: { include: [P.alice] }, name: { include: ['Becker'] } } }, [P.alice, P.klaus, P.tom]);
      await expectIds(a.api, { person: { id: { include: [P.alice] }, name: { include: ['Becker'] } }, person_seniority: { include: ['Director'] } }, [P.klaus]);
      await expectIds(a.api, { person: { id: { include: [P.alice, P.bob, UNKNOWN_PERSON_ID] } } }, [P.alice, P.bob]);
    });

    it('excludes of both apply', async () => {
      await expectIds(a.api, { person: { name: { include: ['Becker'] }, id: { exclude: [P.tom] } } }, [P.klaus]);
      await expectIds(a.api, { person: { name: { include: ['Becker'], exclude: ['Tom'] } } }, [P.klaus]);
      await expectIds(a.api, { person: { id: { include: [P.alice, P.bob], exclude: [P.bob] } } }, [P.alice]);
      await expectIds(a.api, { person: { name: { exclude: ['Becker', 'Dubois'] }, id: { exclude: [P.olga] } } }, without(BASE_PEOPLE, P.klaus, P.tom, P.renee, P.renee_plain, P.olga));
    });
  });

  describe('person_job_title', () => {
    it('a combined title contains each role; abbreviations match their spelling out both ways', async () => {
      await expectIds(a.api, TITLE(['CEO']), [P.gavin, P.art]); // "Founder & CEO", "Chief Executive Officer"
      await expectIds(a.api, TITLE(['Founder']), [P.gavin]);
      await expectIds(a.api, TITLE(['Chief Executive Officer']), [P.gavin, P.art]);
      await expectIds(a.api, TITLE(['CTO']), [P.lukasz, P.tom]);
      await expectIds(a.api, TITLE(['Sr Software Engineer']), [P.mei, P.dinesh]);
    });

    it('CONTAINS ignores connector words; exclude drops any title containing its words', async () => {
      await expectIds(a.api, TITLE(['Head Sales']), [P.monica]);
      await expectIds(a.api, TITLE(['head of sales']), [P.monica]);
      await expectIds(a.api, TITLE(['Director'], 'CONTAINS', ['Sales']), [P.elaine, P.happy, P.otto]);
      await expectIds(a.api, TITLE(['Manager']), [P.renee_plain, P.alice, P.bob, P.pierre, P.gwen, P.sarah, P.kenji]);
      // "Engineer" is a whole word: "VP Engineering" stays; people whose title has none of these words stay
      await expectIds(a.api, { person_job_title: { exclude: ['Engineer', 'Manager', 'Director', 'Sales', 'Scientist', 'Marketing'] } }, [
        P.lukasz, P.milton, P.olga, P.tom, P.dan, P.gavin, P.art, P.richard, P.norman, P.ingrid,
      ]);
    });

    it('EXACT equals up to case, connector words, abbreviations and word order', async () => {
      await expectIds(a.api, TITLE(['VP Sales'], 'EXACT'), [P.jose, P.jose_plain]);
      await expectIds(a.api, TITLE(['Sales Vice President'], 'EXACT'), [P.jose, P.jose_plain]);
      await expectIds(a.api, TITLE(['director sales'], 'EXACT'), [P.klaus, P.pepper]);
      await expectIds(a.api, TITLE(['CEO'], 'EXACT'), [P.art]); // "Founder & CEO" is not exactly CEO
      await expectIds(a.api, TITLE(['Engineer'], 'EXACT'), []);
      await expectIds(a.api, TITLE(['Software Engineer'], 'EXACT', ['Software Engineer']), []);
    });

    it('boolean_search: backticks keep word order with connectors bridged, double quotes are EXACT, ! negates a group', async () => {
      await expectIds(a.api, { person_job_title: { boolean_search: '`Director Engineering`' } }, [P.happy]); // "Director of Engineering"
      await expectIds(a.api, { person_job_title: { boolean_search: '`Engineering Director`' } }, []);
      await expectIds(a.api, { person_job_title: { boolean_search: 'Director AND !(Sales OR Marketing)' } }, [P.happy, P.otto]);
      await expectIds(a.api, { person_job_title: { boolean_search: '"Software Engineer" OR CTO' } }, [P.jurgen, P.peter, P.samir, P.chloe, P.maria, P.miles, P.lukasz, P.tom]);
      await expectIds(a.api, { person_job_title: { boolean_search: "'Sales Manager'" } }, [P.pierre, P.kenji, P.sarah]);
      await expectIds(a.api, { person_job_title: { boolean_search: '"Sales Manager"' } }, [P.pierre, P.kenji]);
      await expectIds(a.api, { person_job_title: { boolean_search: '(Scientist OR Accountant) AND !(Senior OR Data)' } }, [P.ingrid]);
    });
  });

  describe('seniority, department, months, job change', () => {
    it('person_seniority exclude', async () => {
      await expectIds(a.api, { person_seniority: { exclude: ['Entry', 'Senior', 'Manager', 'Director', 'Chief Officer'] } }, [P.jose, P.jose_plain, P.richard, P.zoe, P.gavin, P.art]);
      await expectIds(a.api, { person_seniority: { include: ['VP', 'Owner'], exclude: ['Owner'] } }, E.seniority_vp);
    });

    it('person_department groups and sub-departments, include and exclude', async () => {
      await expectIds(a.api, { person_department: { include: ['C-Suite'] } }, [P.gavin, P.art]);
      await expectIds(a.api, { person_department: { include: ['Founder'] } }, [P.gavin]);
      await expectIds(a.api, { person_department: { include: ['Sales Leader'] } }, [P.jose, P.jose_plain, P.klaus, P.monica, P.pepper, P.kenji]);
      await expectIds(a.api, { person_department: { include: ['Marketing'], exclude: ['Marketing Executive'] } }, [P.renee_plain, P.alice, P.gwen]);
      const globexAndStark = { company: { id: { include: [C.globex, C.stark] } } };
      await expectIds(a.api, { ...globexAndStark, person_department: { exclude: ['Engineering & Technical'] } }, [P.jose, P.ana, P.pepper, P.ingrid]);
      await expectIds(a.api, { ...globexAndStark, person_department: { exclude: ['Software Development'] } }, [P.jose, P.lukasz, P.ana, P.pepper, P.happy, P.ingrid]);
    });

    it('person_months_in_current_role: 0 = began this month, min/max inclusive', async () => {
      await expectIds(a.api, { person_months_in_current_role: { max: 0 } }, [P.nelson, P.pepper]);
      // tenure 100 months (day 10): 100 from the 10th, 99 before (ingrid too: Accountant at Stark for 100 months);
      // otto's 100 months are at the company, not the role
      await expectIds(a.api, { person_months_in_current_role: { min: 99 } }, [P.lukasz, P.samir, P.chloe, P.gavin, P.art, P.happy, P.norman, P.ingrid]);
      await expectIds(a.api, { person_months_in_current_role: { min: 39, max: 41 } }, [P.jose, P.renee, P.mei, P.klaus, P.peter, P.tom, P.alice, P.dan, P.richard, P.maria, P.miles, P.zoe, P.fatima]);
    });

    it('person_months_in_current_company counts an earlier role at the same company, not one elsewhere', async () => {
      // pepper: Sales Director since this month, Executive Assistant at Stark since 40 months
      await expectIds(a.api, { person_months_in_current_company: { min: 39, max: 41 } }, [P.jose, P.renee, P.mei, P.klaus, P.peter, P.tom, P.alice, P.dan, P.richard, P.maria, P.miles, P.zoe, P.fatima, P.pepper]);
      // otto: at Oscorp since 100 months; lukasz's earlier employer was Formerco (does not count, but he is at Globex 100 months anyway)
      await expectIds(a.api, { person_months_in_current_company: { min: 99 } }, [P.lukasz, P.samir, P.chloe, P.gavin, P.art, P.happy, P.norman, P.otto, P.ingrid]);
      // lina and nelson came from Formerco: their company time is their role time
      await expectIds(a.api, { person_months_in_current_company: { max: 6 } }, [P.lina, P.nelson]);
      await expectIds(a.api, { person_months_in_current_company: { max: 0 } }, [P.nelson]);
    });

    it('person_job_change: inclusive calendar months; the 100th month back is outside timeframe 100', async () => {
      await expectIds(a.api, change(4), [P.lina, P.nelson, P.pepper, P.otto]);
      await expectIds(a.api, change(4, 'promotion'), [P.pepper, P.otto]);
      await expectIds(a.api, change(4, 'new_company'), [P.lina, P.nelson]);
      await expectIds(a.api, change(2), [P.nelson, P.pepper]); // lina began 2 calendar months back: needs timeframe 3
      // lukasz moved from Formerco to Globex 100 calendar months ago: timeframe 100 = this month and the 99 before
      await expectIds(a.api, change(100), [P.lina, P.nelson, P.pepper, P.otto]);
      await expectIds(a.api, change(101), [P.lina, P.nelson, P.pepper, P.otto, P.lukasz]);
      await expectIds(a.api, change(1000, 'new_company'), [P.lina, P.nelson, P.lukasz]);
      await expectIds(a.api, { person_job_change: { timeframe_months: 1 } }, E.change_1_any); // change_type defaults to any
    });
  });

  describe('company filters', () => {
    it('company.id include and exclude', async () => {
      await expectIds(a.api, { company: { id: { include: [C.acme, C.hooli, UNKNOWN_COMPANY_ID] } } }, [...AT.acme, ...AT.hooli]);
      await expectIds(a.api, { company: { id: { include: [C.acme, C.hooli], exclude: [C.hooli] } } }, AT.acme);
      await expectIds(a.api, { company: { id: { include: [C.formerco] } } }, []); // only past employees
      await expectIds(a.api, { company: { id: { exclude: [C.globex, C.globex_de, C.globex_labs, C.initech, C.globex_careers, C.acme, C.umbrella, C.soylent, C.hooli, C.vandelay, C.pied, C.stark, C.oscorp] } } }, AT.cyberdyne);
    });

    it('company: EXACT name ORs with id; domain ANDs with id; CONTAINS name ANDs with id', async () => {
      await expectIds(a.api, { company: { id: { include: [C.acme] }, name: { include: ['Hooli'] } } }, [...AT.acme, ...AT.hooli]);
      await expectIds(a.api, { company: { id: { include: [C.acme, C.globex] }, domain: { include: ['globex.com'] } } }, AT.globex);
      await expectIds(a.api, { company: { id: { include: [C.acme] }, domain: { include: ['globex.com'] } } }, []);
      // (acme OR initech by name) AND the org_globex domain = initech
      await expectIds(a.api, { company: { id: { include: [C.acme] }, name: { include: ['Initech'] }, domain: { include: ['globex.com'] } } }, AT.initech);
      await expectIds(a.api, { company: { id: { include: [C.hooli, C.initech] }, name: { include: ['tech'], match_mode: 'CONTAINS' } } }, AT.initech);
      await expectIds(a.api, { company: { id: { include: [C.hooli, C.globex] } }, company_keywords: { include: ['compression'] } }, AT.hooli);
    });

    it('company: pro_network_id ANDs with everything, the name included', async () => {
      await expectIds(a.api, { company: { pro_network_id: { include: [1009, 1010] } } }, [...AT.hooli, ...AT.vandelay]);
      await expectIds(a.api, { company: { pro_network_id: { include: [1009, 1010], exclude: [1009] } } }, AT.vandelay);
      await expectIds(a.api, { company: { name: { include: ['Hooli'] }, pro_network_id: { include: [1006] } } }, []);
      await expectIds(a.api, { company: { name: { include: ['Hooli'] }, pro_network_id: { include: [1009] } } }, AT.hooli);
      await expectIds(a.api, { company: { id: { include: [C.acme] }, name: { include: ['Hooli'] }, pro_network_id: { include: [1009] } } }, AT.hooli);
    });

    it('company.name: EXACT whole names and website-shaped values, CONTAINS substrings, exclude in the same mode', async () => {
      await expectIds(a.api, { company: { name: { include: ['globex.com'] } } }, AT.globex);
      await expectIds(a.api, { company: { name: { include: ['piedpiper.com', 'Globex Careers'] } } }, [...AT.pied, ...AT.globex_careers]);
      await expectIds(a.api, { company: { name: { include: ['Glob'] } } }, []);
      const globexish = [...AT.globex, ...AT.globex_de, ...AT.globex_labs, ...AT.globex_careers];
      await expectIds(a.api, { company: { name: { include: ['GLOBEX'], match_mode: 'CONTAINS' } } }, globexish);
      await expectIds(a.api, { company: { name: { exclude: ['globex'], match_mode: 'CONTAINS' } } }, without(BASE_PEOPLE, ...globexish));
      await expectIds(a.api, { company: { name: { exclude: ['globex'] } } }, without(BASE_PEOPLE, ...AT.globex));
    });

    it('company.domain: scheme, www. and path stripped; the owning organization found by website or staff email domain', async () => {
      await expectIds(a.api, { company: { domain: { include: ['https://www.globex.com/about-us'] } } }, E.domain_org);
      await expectIds(a.api, { company: { domain: { include: ['initech.com'] } } }, E.domain_org); // initech is a page of org_globex
      await expectIds(a.api, { company: { domain: { include: ['initech.com'], match_mode: 'PRIMARY' } } }, E.domain_primary); // org_globex's main page
      await expectIds(a.api, { company: { domain: { include: ['globexlabs.io'], match_mode: 'LINKEDIN_WEBSITE' } } }, AT.globex_labs);
      await expectIds(a.api, { company: { domain: { include: ['hooli.xyz', 'vandelay.es'] } } }, [...AT.hooli, ...AT.vandelay]);
      await expectIds(a.api, { company: { domain: { include: ['nobody-owns-this.example'] } } }, []);
    });

    it('company.domain exclude rejects every page of the organization, the link-only one too', async () => {
      const orgGlobex = [...E.domain_org, P.olga];
      await expectIds(a.api, { company: { domain: { exclude: ['globex.com'] } } }, without(BASE_PEOPLE, ...orgGlobex));
      await expectIds(a.api, { company: { domain: { exclude: ['globex.com'], match_mode: 'PRIMARY' } } }, without(BASE_PEOPLE, ...orgGlobex)); // match_mode affects include only
    });

    it('company_country exclude: headquarters_only true looks at the HQ only, false at any office (symmetric to include)', async () => {
      const f = { company: { id: { include: [C.globex, C.globex_de, C.soylent, C.hooli, C.acme] } } };
      await expectIds(a.api, { ...f, company_country: { exclude: ['DE'], headquarters_only: true } }, [...AT.globex, ...AT.soylent, ...AT.acme]);
      await expectIds(a.api, { ...f, company_country: { exclude: ['de'], headquarters_only: false } }, AT.acme);
      await expectIds(a.api, { ...f, company_country: { exclude: ['DE'] } }, AT.acme);
      // no location at all: never excluded, never included
      await expectIds(a.api, { company: { id: { include: [C.globex_careers, C.cyberdyne, C.hooli] } }, company_country: { exclude: ['DE'] } }, [...AT.globex_careers, ...AT.cyberdyne]);
      await expectIds(a.api, { company: { id: { include: [C.globex_careers, C.cyberdyne, C.hooli] } }, company_country: { include: ['DE', 'US'] } }, AT.hooli);
    });

    it('company_country include: Tokyo as an office vs as the headquarters; several countries', async () => {
      await expectIds(a.api, { company_country: { include: ['JP'] } }, [...AT.oscorp, ...AT.stark]);
      await expectIds(a.api, { company_country: { include: ['JP'], headquarters_only: true } }, AT.oscorp);
      await expectIds(a.api, { company_country: { include: ['us', 'gb'], headquarters_only: true } }, [...AT.globex, ...AT.globex_labs, ...AT.initech, ...AT.acme, ...AT.pied, ...AT.stark, ...AT.umbrella]);
      await expectIds(a.api, { company_country: { include: ['GB'], exclude: ['US'], headquarters_only: true } }, AT.umbrella);
      await expectIds(a.api, { company_country: { include: ['GB'], exclude: ['US'] } }, []); // every GB company also has a US office or HQ
    });

    it('company_headcount_range and company_headcount_custom (inclusive; unknown headcount never matches)', async () => {
      await expectIds(a.api, { company_headcount_range: ['10001+'] }, AT.stark);
      await expectIds(a.api, { company_headcount_range: ['1-10', '201-500'] }, [...AT.vandelay, ...AT.globex_de, ...AT.soylent]);
      await expectIds(a.api, { company_headcount_custom: { min: 300, max: 320 } }, [...AT.globex_de, ...AT.soylent]);
      await expectIds(a.api, { company_headcount_custom: { max: 10 } }, AT.vandelay);
      await expectIds(a.api, { company_headcount_custom: { min: 7000 } }, [...AT.umbrella, ...AT.stark]);
      await expectIds(a.api, { company_headcount_custom: { min: 0 } }, without(BASE_PEOPLE, ...AT.globex_careers, ...AT.cyberdyne));
    });

    it('company_type, company_business_type, company_revenue_stream include and exclude (null values are never excluded)', async () => {
      await expectIds(a.api, { company_type: { include: ['Public Company'] } }, [...AT.globex, ...AT.globex_de, ...AT.umbrella, ...AT.hooli, ...AT.stark, ...AT.oscorp]);
      await expectIds(a.api, { company_type: { include: ['Self Owned', 'Partnership'] } }, AT.vandelay);
      await expectIds(a.api, { company_type: { exclude: ['Public Company', 'Privately Held'] } }, [...AT.globex_careers, ...AT.vandelay, ...AT.cyberdyne]);
      await expectIds(a.api, { company_business_type: { include: ['B2C'] } }, [...AT.umbrella, ...AT.soylent, ...AT.hooli]);
      await expectIds(a.api, { company_business_type: { exclude: ['B2B'] } }, [...AT.umbrella, ...AT.soylent, ...AT.hooli, ...AT.globex_careers, ...AT.cyberdyne]);
      await expectIds(a.api, { company_revenue_stream: { include: ['Licensing / IP'] } }, [...AT.pied, ...AT.oscorp]);
      await expectIds(a.api, { company_business_type: { include: ['B2B'] }, company_revenue_stream: { exclude: ['Subscriptions / Recurring'] } }, [
        ...AT.globex_labs, ...AT.initech, ...AT.vandelay, ...AT.pied, ...AT.stark, ...AT.oscorp,
      ]);
    });

    it('company_founded: year between min and max, inclusive', async () => {
      await expectIds(a.api, { company_founded: { min: 2010 } }, [...AT.globex_labs, ...AT.acme, ...AT.pied]);
      await expectIds(a.api, { company_founded: { max: 1962 } }, [...AT.stark, ...AT.oscorp]);
      await expectIds(a.api, { company_founded: { min: 1989, max: 1990 } }, [...AT.globex, ...AT.vandelay]);
      await expectIds(a.api, { company_founded: { min: 2018, max: 2018 } }, AT.acme);
    });

    it('company_naics: any listed code of the company; exclude keeps companies without codes', async () => {
      await expectIds(a.api, { company_naics: { include: [541512] } }, AT.initech);
      await expectIds(a.api, { company_naics: { include: [511210] } }, [...AT.globex, ...AT.globex_de]);
      await expectIds(a.api, { company_naics: { include: [334511, 999999] } }, AT.stark);
      await expectIds(a.api, { company: { id: { include: [C.globex, C.globex_labs, C.initech] } }, company_naics: { exclude: [511210] } }, [...AT.globex_labs, ...AT.initech]);
    });

    it('company_keywords on the specialties: a phrase never spans two specialties', async () => {
      await expectIds(a.api, { company_keywords: { include: ['compression'] } }, [...AT.hooli, ...AT.pied]);
      await expectIds(a.api, { company_keywords: { include: ['Enterprise Software'] } }, [...AT.globex, ...AT.globex_de]);
      await expectIds(a.api, { company_keywords: { include: ['software sales'] } }, []); // "enterprise software" + "sales automation"
      await expectIds(a.api, { company_keywords: { include: ['software'] } }, [...AT.globex, ...AT.globex_de, ...AT.initech]);
      await expectIds(a.api, { company_keywords: { include: ['software'], exclude: ['consulting'] } }, [...AT.globex, ...AT.globex_de]);
    });

    it('contact_details: email status by best email, phone status', async () => {
      await expectIds(a.api, { contact_details: { email: { status: ['not_found'] } } }, [P.ana, P.peter, P.dan, P.nelson, P.happy, P.sarah]);
      await expectIds(a.api, { contact_details: { email: { status: ['invalid'] } } }, [P.renee_plain, P.samir, P.dinesh, P.ingrid]);
      await expectIds(a.api, { contact_details: { email: { status: ['invalid', 'not_found'] } } }, [P.renee_plain, P.samir, P.dinesh, P.ingrid, P.ana, P.peter, P.dan, P.nelson, P.happy, P.sarah]);
      await expectIds(a.api, { contact_details: { phone: { status: ['found'] } } }, [P.jose, P.renee_plain, P.ana, P.priya, P.milton, P.lina, P.chloe, P.gavin, P.elaine, P.monica, P.maria, P.gwen, P.zoe, P.fatima]);
      await expectIds(a.api, { company: { id: { include: [C.umbrella] } }, contact_details: { phone: { status: ['unknown'] } } }, [P.bob]);
      await expectIds(a.api, { company: { id: { include: [C.globex] } }, contact_details: { phone: { status: ['not_found', 'unknown'] } } }, [P.lukasz, P.mei]);
      await expectIds(a.api, { contact_details: { phone: { revealed: true } } }, []);
      await expectIds(a.api, { contact_details: { phone: { revealed: false } } }, BASE_PEOPLE);
    });
  });

  describe('max_person_per_company', () => {
    it('a valid email beats more followers; among equals the sort decides', async () => {
      await expectIds(a.api, { company: { id: { include: [C.globex] } }, max_person_per_company: 1 }, [P.lukasz]); // valid: jose, lukasz, mei → most followers
      await expectIds(a.api, { company: { id: { include: [C.globex] } }, max_person_per_company: 1, sort_by: 'person_first_name' }, [P.jose]); // José < Łukasz < Mei
      await expectOrder(a.api, { company: { id: { include: [C.globex] } }, max_person_per_company: 2 }, [P.lukasz, P.jose]);
      // umbrella: valid alice (Walker), bob (Smith); by last name chloe (Martin) would lead without the valid-email rule
      await expectIds(a.api, { company: { id: { include: [C.umbrella] } }, max_person_per_company: 1, sort_by: 'person_last_name', sort_direction: 'asc' }, [P.bob]);
      // initech: only milton is valid; the second slot goes to the sort's first among the rest (peter, most followers)
      await expectOrder(a.api, { company: { id: { include: [C.initech] } }, max_person_per_company: 2 }, [P.peter, P.milton]);
      const r = await expectOrder(a.api, { company: { id: { include: [C.initech, C.umbrella, C.globex] } }, max_person_per_company: 1 }, [P.lukasz, P.alice, P.milton]);
      expect(r.pagination).toMatchObject({ total_count: 3, total_is_estimate: false });
    });

    it('caps every company of a broad result and counts the capped result', async () => {
      // one per company over all 40: the valid-email person with most followers, else the most followed
      // one per company over all 40: a valid-email person with most followers, else the most followed
      const r = await expectIds(a.api, { max_person_per_company: 1 }, [
        P.lukasz, // globex: valid jose, lukasz, mei
        P.zoe, // globex_de: valid jurgen 2500, zoe 3450
        P.priya, // globex_labs
        P.milton, // initech: the only valid one
        P.olga, // globex_careers
        P.jose_plain, // acme: valid jose_plain, lina
        P.alice, // umbrella
        P.pierre, // soylent: pierre (accept_all + valid) over renee (accept_all, more followers)
        P.gavin, // hooli
        P.art, // vandelay
        P.richard, // pied
        P.pepper, // stark
        P.norman, // oscorp
        P.miles, // cyberdyne
      ]);
      expect(r.pagination.total_is_estimate).toBe(false);
    });
  });

  describe('sort_by', () => {
    const small = { company: { id: { include: [C.vandelay, C.pied, C.acme, C.cyberdyne] } } };
    it('person_first_name, person_last_name (asc default), desc reverses', async () => {
      const umbrella = { company: { id: { include: [C.umbrella] } } };
      await expectOrder(a.api, { ...umbrella, sort_by: 'person_first_name' }, [P.alice, P.bob, P.chloe, P.dan]);
      await expectOrder(a.api, { ...umbrella, sort_by: 'person_first_name', sort_direction: 'desc' }, [P.dan, P.chloe, P.bob, P.alice]);
      await expectOrder(a.api, { ...umbrella, sort_by: 'person_last_name' }, E.umbrella_by_last_name_asc);
      await expectOrder(a.api, { ...umbrella, sort_direction: 'asc' }, E.umbrella_by_followers); // sort_direction alone is ignored
    });

    it('person_seniority: most senior first by default (rank, not alphabet); ties by followers', async () => {
      const f = { company: { id: { include: [C.oscorp, C.stark, C.hooli] } } };
      const desc = [P.gavin, P.norman, P.pepper, P.happy, P.otto, P.renee_plain, P.gwen, P.kenji, P.maria, P.nelson, P.ingrid];
      await expectOrder(a.api, { ...f, sort_by: 'person_seniority' }, desc);
      await expectOrder(a.api, { ...f, sort_by: 'person_seniority', sort_direction: 'desc' }, desc);
      await expectOrder(a.api, { ...f, sort_by: 'person_seniority', sort_direction: 'asc' }, [P.maria, P.nelson, P.ingrid, P.renee_plain, P.gwen, P.kenji, P.pepper, P.happy, P.otto, P.norman, P.gavin]);
    });

    it('company_employee_count: largest first by default, nulls last both ways', async () => {
      const desc = [P.jose_plain, P.tom, P.lina, P.richard, P.monica, P.dinesh, P.art, P.elaine, P.miles, P.sarah];
      await expectOrder(a.api, { ...small, sort_by: 'company_employee_count' }, desc);
      await expectOrder(a.api, { ...small, sort_by: 'company_employee_count', sort_direction: 'asc' }, [P.art, P.elaine, P.richard, P.monica, P.dinesh, P.jose_plain, P.tom, P.lina, P.miles, P.sarah]);
    });

    it('company_name asc by default, desc reverses the names, nulls-free ties by followers', async () => {
      await expectOrder(a.api, { ...small, sort_by: 'company_name' }, [P.jose_plain, P.tom, P.lina, P.miles, P.sarah, P.richard, P.monica, P.dinesh, P.art, P.elaine]);
      await expectOrder(a.api, { ...small, sort_by: 'company_name', sort_direction: 'desc' }, [P.art, P.elaine, P.richard, P.monica, P.dinesh, P.miles, P.sarah, P.jose_plain, P.tom, P.lina]);
    });

    it('company_founded: youngest first by default, nulls last both ways', async () => {
      await expectOrder(a.api, { ...small, sort_by: 'company_founded' }, [P.jose_plain, P.tom, P.lina, P.richard, P.monica, P.dinesh, P.art, P.elaine, P.miles, P.sarah]);
      await expectOrder(a.api, { ...small, sort_by: 'company_founded', sort_direction: 'asc' }, [P.art, P.elaine, P.richard, P.monica, P.dinesh, P.jose_plain, P.tom, P.lina, P.miles, P.sarah]);
    });

    it('person_country and company_country sort by country NAME, not code', async () => {
      const people = { person: { id: { include: ids('jose', 'renee', 'lukasz', 'alice', 'norman', 'art', 'gavin') } } };
      // France, Germany, Japan, Poland, Spain, United Kingdom, United States (codes would give DE, ES, FR, GB, JP, PL, US)
      await expectOrder(a.api, { ...people, sort_by: 'person_country' }, [P.renee, P.gavin, P.norman, P.lukasz, P.art, P.alice, P.jose]);
      await expectOrder(a.api, { ...people, sort_by: 'person_country', sort_direction: 'desc' }, [P.jose, P.alice, P.art, P.lukasz, P.norman, P.gavin, P.renee]);
      const hq = { person: { id: { include: ids('jose', 'alice', 'renee', 'art', 'gavin', 'norman', 'miles') } } };
      // soylent FR, hooli DE, oscorp JP, vandelay ES, umbrella GB, globex US, cyberdyne none
      await expectOrder(a.api, { ...hq, sort_by: 'company_country' }, [P.renee, P.gavin, P.norman, P.art, P.alice, P.jose, P.miles]);
      await expectOrder(a.api, { ...hq, sort_by: 'company_country', sort_direction: 'desc' }, [P.jose, P.alice, P.art, P.norman, P.gavin, P.renee, P.miles]);
    });

    it('person_email_available: valid first by default; asc puts them last; ties by followers', async () => {
      const f = { company: { id: { include: [C.initech] } } };
      await expectOrder(a.api, { ...f, sort_by: 'person_email_available' }, [P.milton, P.peter, P.samir]);
      await expectOrder(a.api, { ...f, sort_by: 'person_email_available', sort_direction: 'asc' }, [P.peter, P.samir, P.milton]);
    });

    it('person_job_title A → Z and back', async () => {
      const f = { company: { id: { include: [C.stark] } } };
      await expectOrder(a.api, { ...f, sort_by: 'person_job_title' }, [P.ingrid, P.happy, P.pepper, P.maria]);
      await expectOrder(a.api, { ...f, sort_by: 'person_job_title', sort_direction: 'desc' }, [P.maria, P.pepper, P.happy, P.ingrid]);
    });

    it('company_type, company_business_type, company_revenue_stream asc by default, nulls last', async () => {
      const t = { person: { id: { include: ids('jose', 'priya', 'art', 'miles') } } };
      await expectOrder(a.api, { ...t, sort_by: 'company_type' }, [P.priya, P.jose, P.art, P.miles]);
      await expectOrder(a.api, { ...t, sort_by: 'company_type', sort_direction: 'desc' }, [P.art, P.jose, P.priya, P.miles]);
      const bt = { person: { id: { include: ids('jose', 'alice', 'miles') } } };
      await expectOrder(a.api, { ...bt, sort_by: 'company_business_type' }, [P.jose, P.alice, P.miles]);
      await expectOrder(a.api, { ...bt, sort_by: 'company_business_type', sort_direction: 'desc' }, [P.alice, P.jose, P.miles]);
      const rs = { person: { id: { include: ids('gavin', 'alice', 'priya', 'jose', 'art') } } };
      // Advertising, Product Sales, Project / Contract Work, Subscriptions / Recurring, Transaction Fees
      await expectOrder(a.api, { ...rs, sort_by: 'company_revenue_stream' }, [P.gavin, P.alice, P.priya, P.jose, P.art]);
      await expectOrder(a.api, { ...rs, sort_by: 'company_revenue_stream', sort_direction: 'desc' }, [P.art, P.jose, P.priya, P.alice, P.gavin]);
    });

    it('ties keep followers descending within the sort key (company_name over one company)', async () => {
      await expectOrder(a.api, { company: { id: { include: [C.stark] } }, sort_by: 'company_name', sort_direction: 'desc' }, [P.pepper, P.happy, P.maria, P.ingrid]);
    });
  });

  describe('lists, saves, revealed emails, exports and workspace isolation', () => {
    let l1: string;
    let l2: string;
    let l3: string; // deleted
    let lc: string; // a company list
    let lb: string; // workspace b's list

    beforeAll(async () => {
      l1 = await createPeopleList(a, 'L1');
      l2 = await createPeopleList(a, 'L2');
      l3 = await createPeopleList(a, 'L3 (deleted)');
      const company = await a.api.post('/v2/lists', { name: 'companies', type: 'company' });
      expect(company.status).toBe(201);
      lc = company.body.data.id;
      lb = await createPeopleList(b, 'LB');
      // workspace a: five saved people
      await savePerson(a, 'jose', '2026-01-05T10:00:00Z', [l1], true); // revealed email
      await savePerson(a, 'alice', '2026-02-10T08:00:00Z'); // saved without list
      await savePerson(a, 'bob', '2026-02-10T23:59:59Z', [l2]); // last second of Feb 10
      await savePerson(a, 'gavin', '2026-03-01T00:00:00Z', [l1, l2]);
      await savePerson(a, 'mei', '2025-12-01T12:00:00Z', [l3]); // only in a list that gets deleted
      expect((await a.api.delete(`/v2/lists/${l3}`)).status).toBe(200);
      // workspace b: one saved person
      await savePerson(b, 'kenji', '2026-02-10T12:00:00Z', [lb], true);
      // workspace a saves the company Globex
      const saved = await a.api.post('/v2/companies/save', { data: [C.globex] });
      expect(saved.status).toBe(200);
      // workspace a exported jose (people export does not exist yet: the row it would write)
      if (await exportsTableExists()) {
        await stack.db.query(`INSERT INTO exported_people (workspace_id, person_id, exported_at) VALUES ($1, $2, now())`, [a.workspace_id, P.jose]);
      }
    });

    it('lists.saved any / none / without_list (a deleted list does not count as a list)', async () => {
      await expectIds(a.api, { lists: { saved: 'any' } }, [P.jose, P.alice, P.bob, P.gavin, P.mei]);
      await expectIds(a.api, { lists: { saved: 'none' } }, without(BASE_PEOPLE, P.jose, P.alice, P.bob, P.gavin, P.mei));
      await expectIds(a.api, { lists: { saved: 'without_list' } }, [P.alice, P.mei]);
    });

    it('lists.include / exclude', async () => {
      await expectIds(a.api, { lists: { include: [l1] } }, [P.jose, P.gavin]);
      await expectIds(a.api, { lists: { include: [l1, l2] } }, [P.jose, P.gavin, P.bob]);
      await expectIds(a.api, { lists: { exclude: [l2] } }, without(BASE_PEOPLE, P.bob, P.gavin));
      await expectIds(a.api, { lists: { include: [l1], exclude: [l2] } }, [P.jose]);
      await expectIds(a.api, { lists: { saved: 'any', exclude: [l2] } }, [P.jose, P.alice, P.mei]);
      await expectIds(a.api, { lists: { include: [l1, l2] }, person_seniority: { include: ['Owner'] } }, [P.gavin]);
    });

    it('lists.saved_at: inclusive bounds; a date-only `to` takes that whole day', async () => {
      await expectIds(a.api, { lists: { saved_at: { from: '2026-02-10T00:00:00Z', to: '2026-02-10' } } }, [P.alice, P.bob]);
      await expectIds(a.api, { lists: { saved_at: { to: '2026-02-10T12:00:00Z' } } }, [P.mei, P.jose, P.alice]);
      await expectIds(a.api, { lists: { saved_at: { from: '2026-03-01T00:00:00Z' } } }, [P.gavin]);
      await expectIds(a.api, { lists: { saved_at: { from: '2026-03-01T00:00:00.001Z' } } }, []);
      await expectIds(a.api, { lists: { saved_at: { from: '2026-01-05T10:00:00Z', to: '2026-01-05T10:00:00Z' } } }, [P.jose]);
    });

    it('lists that are not live people lists of the workspace answer 400 invalid_value on the item', async () => {
      for (const [filters, field] of [
        [{ lists: { include: [l3] } }, 'filters.lists.include[0]'], // deleted
        [{ lists: { include: [l1, lc] } }, 'filters.lists.include[1]'], // a company list
        [{ lists: { include: [lb] } }, 'filters.lists.include[0]'], // workspace b's list
        [{ lists: { exclude: ['lst_does_not_exist'] } }, 'filters.lists.exclude[0]'],
      ] as const) {
        const res = await a.api.post('/v2/people/search', { filters });
        expect({ filters, status: res.status, field: res.body?.errors?.[0]?.payload?.field, code: res.body?.errors?.[0]?.payload?.code }).toEqual({ filters, status: 400, field, code: 'invalid_value' });
      }
      const res = await b.api.post('/v2/people/search', { filters: { lists: { include: [l1] } } });
      expect(res.status).toBe(400);
      expect(errorOf(res).payload).toMatchObject({ field: 'filters.lists.include[0]', code: 'invalid_value' });
    });

    it("workspace b sees none of workspace a's saves, lists, reveals or exports", async () => {
      await expectIds(b.api, { lists: { saved: 'any' } }, [P.kenji]);
      await expectIds(b.api, { lists: { include: [lb] } }, [P.kenji]);
      await expectIds(b.api, { lists: { saved: 'without_list' } }, []);
      await expectIds(b.api, { lists: { saved: 'none' } }, without(BASE_PEOPLE, P.kenji));
      await expectIds(b.api, { lists: { saved_at: { to: '2026-12-31' } } }, [P.kenji]);
      await expectIds(b.api, { contact_details: { email: { revealed: true } } }, [P.kenji]);
      await expectIds(b.api, { duplicates: { exclude_exported: true } }, BASE_PEOPLE);
      await expectIds(a.api, { lists: { saved_at: { from: '2026-02-10T12:00:00Z', to: '2026-02-10T12:00:00Z' } } }, []); // kenji's save time, in b
    });

    it('contact_details.email.revealed: true = revealed by this workspace, false = not', async () => {
      await expectIds(a.api, { contact_details: { email: { revealed: true } } }, [P.jose]);
      await expectIds(a.api, { contact_details: { email: { revealed: false } } }, without(BASE_PEOPLE, P.jose));
      await expectIds(a.api, { contact_details: { email: { revealed: false, status: ['valid'] } }, company: { id: { include: [C.globex] } } }, [P.lukasz, P.mei]);
      const mine = await search(a.api, { person: { id: { include: [P.jose, P.alice] } } });
      const revealed = Object.fromEntries(mine.people.map((p) => [p.id, p.contact_details.email.revealed]));
      expect(revealed).toEqual({ [P.jose]: true, [P.alice]: false });
      const theirs = await search(b.api, { person: { id: { include: [P.jose] } } });
      expect(theirs.people[0].contact_details.email.revealed).toBe(false);
    });

    it("the company's saved block is the workspace's own", async () => {
      const mine = await search(a.api, { person: { id: { include: [P.jose] } } });
      expect(mine.people[0].primary_position.company.saved).toMatchObject({ id: null, list_ids: [] });
      expect(typeof mine.people[0].primary_position.company.saved.saved_at).toBe('string');
      const theirs = await search(b.api, { person: { id: { include: [P.jose] } } });
      expect(theirs.people[0].primary_position.company.saved).toBeNull();
    });

    it('duplicates.exclude_exported hides what this workspace exported (everybody stays without an export record)', async () => {
      const exported = (await exportsTableExists()) ? [P.jose] : [];
      await expectIds(a.api, { duplicates: { exclude_exported: true } }, without(BASE_PEOPLE, ...exported));
      await expectIds(a.api, { duplicates: { exclude_exported: false } }, BASE_PEOPLE);
      await expectIds(a.api, { duplicates: { exclude_exported: true }, company: { id: { include: [C.globex] } } }, without(AT.globex, ...exported));
    });

    it('sort_by person_saved_at: most recent first by default, never saved last in both directions', async () => {
      const umbrella = { company: { id: { include: [C.umbrella] } } };
      await expectOrder(a.api, { ...umbrella, sort_by: 'person_saved_at' }, [P.bob, P.alice, P.chloe, P.dan]);
      await expectOrder(a.api, { ...umbrella, sort_by: 'person_saved_at', sort_direction: 'asc' }, [P.alice, P.bob, P.chloe, P.dan]);
      // b never saved anybody at Umbrella: the default order
      await expectOrder(b.api, { ...umbrella, sort_by: 'person_saved_at' }, [P.alice, P.bob, P.chloe, P.dan]);
      await expectOrder(a.api, { lists: { saved: 'any' }, sort_by: 'person_saved_at', sort_direction: 'asc' }, [P.mei, P.jose, P.alice, P.bob, P.gavin]);
    });
  });

  // ---------------------------------------------------------------- arrangement helpers
  async function createPeopleList(ws: Workspace, name: string): Promise<string> {
    const res = await ws.api.post('/v2/lists', { name, type: 'people' });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  /** People saves do not exist yet: the rows a save would write. */
  async function savePerson(ws: Workspace, key: PersonKey, savedAt: string, lists: string[] = [], revealed = false): Promise<void> {
    await stack.db.query(`INSERT INTO saved_people (workspace_id, person_id, saved_at, revealed_email, revealed_at) VALUES ($1, $2, $3, $4, $5)`, [
      ws.workspace_id,
      P[key],
      savedAt,
      revealed ? emailOf(key) : null,
      revealed ? savedAt : null,
    ]);
    for (const list of lists) {
      await stack.db.query(`INSERT INTO people_list_members (list_id, person_id, workspace_id, added_at) VALUES ($1, $2, $3, $4)`, [list, P[key], ws.workspace_id, savedAt]);
    }
  }

  async function exportsTableExists(): Promise<boolean> {
    const rows = await stack.db.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'exported_people'`);
    return rows.length > 0;
  }
});
