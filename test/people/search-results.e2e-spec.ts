import { startStack, TestStack, Workspace } from '../support/stack';
import {
  ALL_BY_FOLLOWERS,
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
  UNKNOWN_PERSON_ID,
} from '../support/people-fixtures';
import { E } from '../support/people-search-kit';

// POST /v2/people/search against the public conformance fixture only (15 companies, 40 people):
// paging, the person shape and the order (sort_by). Expected ids are written by hand from the table
// in support/people-fixtures.ts.

// Jest reads testTimeout only from the root config; the e2e project's 60 s would not apply here.
jest.setTimeout(120_000);

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

  describe('paging', () => {
    it('defaults to page 1 of 25 people, with the pagination block', async () => {
      const res = await a.api.post('/v2/people/search', {});
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.map((p: any) => p.id)).toEqual(ALL_BY_FOLLOWERS.slice(0, 25));
      expect(res.body.metadata.pagination).toEqual({
        page: 1,
        per_page: 25,
        total_count: 40,
        total_pages: 2,
        total_is_estimate: false,
      });
      expect(typeof res.body.metadata.timestamp).toBe('string');
      const empty = await a.api.post('/v2/people/search', { filters: {} });
      expect(empty.body.data.map((p: any) => p.id)).toEqual(ALL_BY_FOLLOWERS.slice(0, 25));
    });

    it('page 2 of the default 25 holds the last 15', async () => {
      const r = await search(a.api, {}, { page: 2, per_page: undefined });
      expect(r.ids).toEqual(ALL_BY_FOLLOWERS.slice(25));
      expect(r.pagination).toEqual({
        page: 2,
        per_page: 25,
        total_count: 40,
        total_pages: 2,
        total_is_estimate: false,
      });
    });

    it('windows of 7: page 6 holds people 36-40, page 7 is empty but still counts 40', async () => {
      const p1 = await search(a.api, {}, { page: 1, per_page: 7 });
      expect(p1.ids).toEqual(ALL_BY_FOLLOWERS.slice(0, 7));
      const p3 = await search(a.api, {}, { page: 3, per_page: 7 });
      expect(p3.ids).toEqual(ALL_BY_FOLLOWERS.slice(14, 21));
      const p6 = await search(a.api, {}, { page: 6, per_page: 7 });
      expect(p6.ids).toEqual(ALL_BY_FOLLOWERS.slice(35, 40));
      expect(p6.pagination).toEqual({
        page: 6,
        per_page: 7,
        total_count: 40,
        total_pages: 6,
        total_is_estimate: false,
      });
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
      expect(all.pagination).toEqual({
        page: 1,
        per_page: 100,
        total_count: 40,
        total_pages: 1,
        total_is_estimate: false,
      });
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
        location: {
          city: 'New York',
          state: 'New York',
          state_code: 'NY',
          country: 'United States',
          country_code: 'US',
        },
        primary_position: {
          title: 'VP Sales',
          seniority: 'VP',
          departments: ['Sales', 'Sales Leader'],
          started_at: dateMonthsAgo(now, 40),
          ended_at: null,
          company_id: C.globex,
        },
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
      // technologies are omitted entirely from people search (docs/api.md#companies), and their check time with them
      expect(company).not.toHaveProperty('technologies');
      expect(company).not.toHaveProperty('technologies_checked_at');
    });

    it('shows the best stored email status: invalid+valid is valid, accept_all+valid is valid, no email is not_found', async () => {
      const r = await search(b.api, { person: { id: { include: [P.mei, P.pierre, P.ana, P.renee_plain, P.renee] } } });
      const status = Object.fromEntries(r.people.map((p) => [p.id, p.contact_details.email.status]));
      expect(status).toEqual({
        [P.mei]: 'valid',
        [P.pierre]: 'valid',
        [P.ana]: 'not_found',
        [P.renee_plain]: 'invalid',
        [P.renee]: 'accept_all',
      });
      expect(r.res.text).not.toContain('@old-globex.com');
    });
  });

  describe('sort_by', () => {
    const small = { company: { id: { include: [C.vandelay, C.pied, C.acme, C.cyberdyne] } } };
    it('person_first_name, person_last_name (asc default), desc reverses', async () => {
      const umbrella = { company: { id: { include: [C.umbrella] } } };
      await expectOrder(a.api, { ...umbrella, sort_by: 'person_first_name' }, [P.alice, P.bob, P.chloe, P.dan]);
      await expectOrder(a.api, { ...umbrella, sort_by: 'person_first_name', sort_direction: 'desc' }, [
        P.dan,
        P.chloe,
        P.bob,
        P.alice,
      ]);
      await expectOrder(a.api, { ...umbrella, sort_by: 'person_last_name' }, E.umbrella_by_last_name_asc);
      await expectOrder(a.api, { ...umbrella, sort_direction: 'asc' }, E.umbrella_by_followers); // sort_direction alone is ignored
    });

    it('person_seniority: most senior first by default (rank, not alphabet); ties by followers', async () => {
      const f = { company: { id: { include: [C.oscorp, C.stark, C.hooli] } } };
      const desc = [
        P.gavin,
        P.norman,
        P.pepper,
        P.happy,
        P.otto,
        P.renee_plain,
        P.gwen,
        P.kenji,
        P.maria,
        P.nelson,
        P.ingrid,
      ];
      await expectOrder(a.api, { ...f, sort_by: 'person_seniority' }, desc);
      await expectOrder(a.api, { ...f, sort_by: 'person_seniority', sort_direction: 'desc' }, desc);
      await expectOrder(a.api, { ...f, sort_by: 'person_seniority', sort_direction: 'asc' }, [
        P.maria,
        P.nelson,
        P.ingrid,
        P.renee_plain,
        P.gwen,
        P.kenji,
        P.pepper,
        P.happy,
        P.otto,
        P.norman,
        P.gavin,
      ]);
    });

    it('company_employee_count: largest first by default, nulls last both ways', async () => {
      const desc = [P.jose_plain, P.tom, P.lina, P.richard, P.monica, P.dinesh, P.art, P.elaine, P.miles, P.sarah];
      await expectOrder(a.api, { ...small, sort_by: 'company_employee_count' }, desc);
      await expectOrder(a.api, { ...small, sort_by: 'company_employee_count', sort_direction: 'asc' }, [
        P.art,
        P.elaine,
        P.richard,
        P.monica,
        P.dinesh,
        P.jose_plain,
        P.tom,
        P.lina,
        P.miles,
        P.sarah,
      ]);
    });

    it('company_name asc by default, desc reverses the names, nulls-free ties by followers', async () => {
      await expectOrder(a.api, { ...small, sort_by: 'company_name' }, [
        P.jose_plain,
        P.tom,
        P.lina,
        P.miles,
        P.sarah,
        P.richard,
        P.monica,
        P.dinesh,
        P.art,
        P.elaine,
      ]);
      await expectOrder(a.api, { ...small, sort_by: 'company_name', sort_direction: 'desc' }, [
        P.art,
        P.elaine,
        P.richard,
        P.monica,
        P.dinesh,
        P.miles,
        P.sarah,
        P.jose_plain,
        P.tom,
        P.lina,
      ]);
    });

    it('company_founded: youngest first by default, nulls last both ways', async () => {
      await expectOrder(a.api, { ...small, sort_by: 'company_founded' }, [
        P.jose_plain,
        P.tom,
        P.lina,
        P.richard,
        P.monica,
        P.dinesh,
        P.art,
        P.elaine,
        P.miles,
        P.sarah,
      ]);
      await expectOrder(a.api, { ...small, sort_by: 'company_founded', sort_direction: 'asc' }, [
        P.art,
        P.elaine,
        P.richard,
        P.monica,
        P.dinesh,
        P.jose_plain,
        P.tom,
        P.lina,
        P.miles,
        P.sarah,
      ]);
    });

    it('person_country and company_country sort by country NAME, not code', async () => {
      const people = { person: { id: { include: ids('jose', 'renee', 'lukasz', 'alice', 'norman', 'art', 'gavin') } } };
      // France, Germany, Japan, Poland, Spain, United Kingdom, United States (codes would give DE, ES, FR, GB, JP, PL, US)
      await expectOrder(a.api, { ...people, sort_by: 'person_country' }, [
        P.renee,
        P.gavin,
        P.norman,
        P.lukasz,
        P.art,
        P.alice,
        P.jose,
      ]);
      await expectOrder(a.api, { ...people, sort_by: 'person_country', sort_direction: 'desc' }, [
        P.jose,
        P.alice,
        P.art,
        P.lukasz,
        P.norman,
        P.gavin,
        P.renee,
      ]);
      const hq = { person: { id: { include: ids('jose', 'alice', 'renee', 'art', 'gavin', 'norman', 'miles') } } };
      // soylent FR, hooli DE, oscorp JP, vandelay ES, umbrella GB, globex US, cyberdyne none
      await expectOrder(a.api, { ...hq, sort_by: 'company_country' }, [
        P.renee,
        P.gavin,
        P.norman,
        P.art,
        P.alice,
        P.jose,
        P.miles,
      ]);
      await expectOrder(a.api, { ...hq, sort_by: 'company_country', sort_direction: 'desc' }, [
        P.jose,
        P.alice,
        P.art,
        P.norman,
        P.gavin,
        P.renee,
        P.miles,
      ]);
    });

    it('person_email_available: valid first by default; asc puts them last; ties by followers', async () => {
      const f = { company: { id: { include: [C.initech] } } };
      await expectOrder(a.api, { ...f, sort_by: 'person_email_available' }, [P.milton, P.peter, P.samir]);
      await expectOrder(a.api, { ...f, sort_by: 'person_email_available', sort_direction: 'asc' }, [
        P.peter,
        P.samir,
        P.milton,
      ]);
    });

    it('person_job_title A → Z and back', async () => {
      const f = { company: { id: { include: [C.stark] } } };
      await expectOrder(a.api, { ...f, sort_by: 'person_job_title' }, [P.ingrid, P.happy, P.pepper, P.maria]);
      await expectOrder(a.api, { ...f, sort_by: 'person_job_title', sort_direction: 'desc' }, [
        P.maria,
        P.pepper,
        P.happy,
        P.ingrid,
      ]);
    });

    it('company_type, company_business_type, company_revenue_stream asc by default, nulls last', async () => {
      const t = { person: { id: { include: ids('jose', 'priya', 'art', 'miles') } } };
      await expectOrder(a.api, { ...t, sort_by: 'company_type' }, [P.priya, P.jose, P.art, P.miles]);
      await expectOrder(a.api, { ...t, sort_by: 'company_type', sort_direction: 'desc' }, [
        P.art,
        P.jose,
        P.priya,
        P.miles,
      ]);
      const bt = { person: { id: { include: ids('jose', 'alice', 'miles') } } };
      await expectOrder(a.api, { ...bt, sort_by: 'company_business_type' }, [P.jose, P.alice, P.miles]);
      await expectOrder(a.api, { ...bt, sort_by: 'company_business_type', sort_direction: 'desc' }, [
        P.alice,
        P.jose,
        P.miles,
      ]);
      const rs = { person: { id: { include: ids('gavin', 'alice', 'priya', 'jose', 'art') } } };
      // Advertising, Product Sales, Project / Contract Work, Subscriptions / Recurring, Transaction Fees
      await expectOrder(a.api, { ...rs, sort_by: 'company_revenue_stream' }, [
        P.gavin,
        P.alice,
        P.priya,
        P.jose,
        P.art,
      ]);
      await expectOrder(a.api, { ...rs, sort_by: 'company_revenue_stream', sort_direction: 'desc' }, [
        P.art,
        P.jose,
        P.priya,
        P.alice,
        P.gavin,
      ]);
    });

    it('ties keep followers descending within the sort key (company_name over one company)', async () => {
      await expectOrder(
        a.api,
        { company: { id: { include: [C.stark] } }, sort_by: 'company_name', sort_direction: 'desc' },
        [P.pepper, P.happy, P.maria, P.ingrid],
      );
    });
  });
});
