import { startStack, TestStack, Workspace } from '../support/stack';
import {
  C,
  expectIds,
  expectOrder,
  importPeopleFixture,
  P,
  PersonKey,
  personUrl,
  reimportCompany,
  search,
} from '../support/people-fixtures';

// POST /v2/people/search against the conformance fixture PLUS the extension rows of
// support/people-fixtures.ts (6 companies, 14 people): keyword sources, unified locations (regions,
// ambiguous cities, state codes), company_location symmetry, industries and groups, the URL pick
// with its position hint, two current positions, no current position, boomerang tenure, calendar
// month edges and colleagues with equal followers. Every expected list is written by hand and covers
// the 54 people of both tables.

jest.setTimeout(120_000);

const ids = (...keys: PersonKey[]) => keys.map((k) => P[k]);
// People by the company of their primary position (both tables).
const AT = {
  globex: ids('jose', 'lukasz', 'mei', 'ana'),
  globex_de: ids('jurgen', 'klaus', 'zoe'),
  globex_labs: ids('priya', 'fatima'),
  initech: ids('peter', 'samir', 'milton'),
  acme: ids('jose_plain', 'tom', 'lina'),
  umbrella: ids('alice', 'bob', 'chloe', 'dan'),
  soylent: ids('renee', 'pierre'),
  hooli: ids('renee_plain', 'gavin', 'nelson'),
  pied: ids('richard', 'dinesh', 'monica'),
  stark: ids('pepper', 'happy', 'maria', 'ingrid'),
  oscorp: ids('norman', 'otto', 'gwen', 'kenji'),
  northwind: ids('hana'),
  northwind_eu: ids('felix'),
  southwind: ids('erin', 'owen', 'tex'),
  pixel: ids('bea'), // nadia's Pixelforge position is not her primary; gaia's ended
  ledger: ids('rex'), // victor's Ledgerline position is not his primary; bea's ended
  codewright: ids('nadia', 'victor', 'kim', 'liam', 'sam'),
};
const GERMANY = ids('renee_plain', 'jurgen', 'klaus', 'gavin', 'nelson', 'zoe'); // people living in Berlin
const JAPAN = ids('norman', 'otto', 'kenji'); // people living in Tokyo (gwen lives in New York)

describe('POST /v2/people/search on the extended fixture', () => {
  let stack: TestStack;
  let a: Workspace;

  beforeAll(async () => {
    stack = await startStack();
    a = await stack.workspace();
    await importPeopleFixture(stack, { extended: true });
  });
  afterAll(() => stack?.close());

  describe('person_location (unified strings against where people live)', () => {
    it('a state with its country, a city with state and country (name or code), case-insensitive', async () => {
      await expectIds(
        a.api,
        { person_location: { include: ['Texas, US'] } },
        ids('priya', 'fatima', 'peter', 'samir', 'milton', 'nadia', 'kim', 'liam', 'sam', 'tex'),
      );
      const austin = ids('priya', 'fatima', 'nadia', 'kim', 'liam', 'sam');
      await expectIds(a.api, { person_location: { include: ['Austin, TX, US'] } }, austin);
      await expectIds(a.api, { person_location: { include: ['Austin, Texas, United States'] } }, austin);
      await expectIds(a.api, { person_location: { include: ['austin, tx, us'] } }, austin);
      await expectIds(
        a.api,
        { person_location: { include: ['California, US'] } },
        ids('jose_plain', 'tom', 'lina', 'richard', 'dinesh', 'monica', 'miles', 'sarah'),
      );
    });

    it('a city name shared by two states or two countries', async () => {
      await expectIds(a.api, { person_location: { include: ['Portland, US'] } }, ids('erin', 'owen'));
      await expectIds(a.api, { person_location: { include: ['Portland, OR, US'] } }, ids('erin'));
      await expectIds(a.api, { person_location: { include: ['Portland, Maine, United States'] } }, ids('owen'));
      await expectIds(a.api, { person_location: { include: ['Maine, US'] } }, ids('owen'));
      await expectIds(a.api, { person_location: { include: ['Paris, France'] } }, ids('renee', 'pierre'));
      await expectIds(a.api, { person_location: { include: ['Paris, US'] } }, ids('tex'));
      await expectIds(a.api, { person_location: { include: ['Paris, Texas, US'] } }, ids('tex'));
    });

    it('countries by name or code, regions expand to their member countries', async () => {
      const dach = [...GERMANY, ...ids('hana', 'felix', 'rex', 'victor')];
      await expectIds(a.api, { person_location: { include: ['DACH'] } }, dach);
      await expectIds(a.api, { person_location: { include: ['dach'] } }, dach);
      await expectIds(a.api, { person_location: { include: ['Switzerland'] } }, ids('felix', 'rex', 'victor'));
      await expectIds(a.api, { person_location: { include: ['CH', 'AT'] } }, ids('felix', 'rex', 'victor', 'hana'));
      await expectIds(a.api, { person_location: { include: ['Asia'] } }, JAPAN);
      await expectIds(a.api, { person_location: { include: ['Berlin, Germany'] } }, GERMANY);
    });

    it('diacritics are significant; an unresolved include is dropped when another one resolves', async () => {
      await expectIds(a.api, { person_location: { include: ['Île-de-France, France'] } }, ids('renee', 'pierre'));
      await expectIds(a.api, { person_location: { include: ['Ile-de-France, France', 'Japan'] } }, JAPAN);
      const res = await a.api.post('/v2/people/search', {
        filters: { person_location: { include: ['Ile-de-France, France'] } },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].payload).toMatchObject({ code: 'invalid_value' });
    });

    it('exclude: drops matching people, keeps people without a location, skips unresolved strings', async () => {
      const gaiaIvo = { person: { name: { include: ['Gaia', 'Ivo'] } } };
      await expectIds(a.api, { ...gaiaIvo, person_location: { exclude: ['Italy'] } }, ids('ivo'));
      await expectIds(a.api, { ...gaiaIvo, person_location: { exclude: ['Atlantis City, US'] } }, ids('gaia', 'ivo'));
      await expectIds(a.api, { person_location: { include: ['Japan'], exclude: ['Tokyo, Japan'] } }, []);
      await expectIds(
        a.api,
        { person_location: { include: ['DACH'], exclude: ['Germany', 'Geneva, Switzerland'] } },
        ids('hana', 'felix'),
      );
    });
  });

  describe('company_location (offices; headquarters_only symmetric on include and exclude)', () => {
    it('include: HQ only vs any office', async () => {
      await expectIds(a.api, { company_location: { include: ['Berlin, Germany'], headquarters_only: true } }, [
        ...AT.globex_de,
        ...AT.hooli,
      ]);
      await expectIds(a.api, { company_location: { include: ['Berlin, Germany'] } }, [
        ...AT.globex_de,
        ...AT.hooli,
        ...AT.globex,
      ]);
      await expectIds(a.api, { company_location: { include: ['DACH'], headquarters_only: true } }, [
        ...AT.globex_de,
        ...AT.hooli,
        ...AT.northwind,
        ...AT.northwind_eu,
        ...AT.ledger,
      ]);
      await expectIds(a.api, { company_location: { include: ['DACH'], headquarters_only: false } }, [
        ...AT.globex_de,
        ...AT.hooli,
        ...AT.northwind,
        ...AT.northwind_eu,
        ...AT.ledger,
        ...AT.globex,
        ...AT.soylent,
      ]);
      await expectIds(a.api, { company_location: { include: ['Asia'], headquarters_only: true } }, AT.oscorp);
      await expectIds(a.api, { company_location: { include: ['Asia'] } }, [...AT.oscorp, ...AT.stark]);
    });

    it('include: cities and states, with the state as a code', async () => {
      await expectIds(a.api, { company_location: { include: ['Portland, US'] } }, [...AT.northwind, ...AT.southwind]);
      await expectIds(
        a.api,
        { company_location: { include: ['Portland, US'], headquarters_only: true } },
        AT.southwind,
      );
      await expectIds(a.api, { company_location: { include: ['Portland, OR, US'] } }, AT.northwind);
      await expectIds(
        a.api,
        { company_location: { include: ['Portland, Oregon, United States'], headquarters_only: true } },
        [],
      ); // resolves (an office is there), nobody's HQ
      await expectIds(a.api, { company_location: { include: ['Texas, US'] } }, [
        ...AT.globex_labs,
        ...AT.initech,
        ...AT.codewright,
      ]);
      await expectIds(a.api, { company_location: { include: ['Boston, MA, US'] } }, AT.umbrella);
      await expectIds(a.api, { company_location: { include: ['Boston, MA, US'], headquarters_only: true } }, []);
    });

    it('exclude: HQ only vs any office, the same way round', async () => {
      const f = { company: { id: { include: [C.umbrella, C.globex, C.pied, C.ledger, C.acme] } } };
      await expectIds(
        a.api,
        { ...f, company_location: { exclude: ['London, United Kingdom'], headquarters_only: true } },
        [...AT.globex, ...AT.pied, ...AT.ledger, ...AT.acme],
      );
      await expectIds(a.api, { ...f, company_location: { exclude: ['London, United Kingdom'] } }, AT.acme);
      await expectIds(
        a.api,
        { ...f, company_location: { exclude: ['United Kingdom'], headquarters_only: false } },
        AT.acme,
      );
      await expectIds(a.api, { ...f, company_location: { exclude: ['GB'], headquarters_only: true } }, [
        ...AT.globex,
        ...AT.pied,
        ...AT.ledger,
        ...AT.acme,
      ]);
    });

    it('people without a current company are kept by excludes and never included', async () => {
      await expectIds(
        a.api,
        { person: { name: { include: ['Gaia', 'Ivo', 'Alice'] } }, company_location: { exclude: ['Europe'] } },
        ids('gaia', 'ivo'),
      );
      await expectIds(
        a.api,
        { person: { name: { include: ['Gaia', 'Ivo', 'Alice'] } }, company_location: { include: ['Europe'] } },
        ids('alice'),
      );
    });
  });

  describe('company_keywords (phrases inside one field of the selected sources)', () => {
    const kw = (o: Record<string, unknown>) => ({ company_keywords: o });
    it('specialties (default source): each specialty on its own, case-insensitive, never across two', async () => {
      await expectIds(a.api, kw({ include: ['warehouse robotics'] }), AT.northwind);
      await expectIds(a.api, kw({ include: ['Warehouse ROBOTICS'] }), AT.northwind);
      await expectIds(a.api, kw({ include: ['robotics fleet'] }), []); // "warehouse robotics" + "fleet telemetry"
      await expectIds(a.api, kw({ include: ['fleet telemetry'] }), [...AT.northwind, ...AT.southwind]);
      await expectIds(a.api, kw({ include: ['cold storage'] }), []); // only in the social descriptions
      await expectIds(a.api, kw({ include: ['software development'] }), AT.codewright);
    });

    it('website_pages and social_media_description: adjacent words in order', async () => {
      await expectIds(a.api, kw({ include: ['warehouse robotics'], sources: ['website_pages'] }), AT.southwind);
      await expectIds(a.api, kw({ include: ['warehouse robotics'], sources: ['specialties', 'website_pages'] }), [
        ...AT.northwind,
        ...AT.southwind,
      ]);
      await expectIds(
        a.api,
        kw({ include: ['autonomous forklifts'], sources: ['social_media_description'] }),
        AT.northwind,
      );
      await expectIds(a.api, kw({ include: ['forklifts autonomous'], sources: ['social_media_description'] }), []);
      await expectIds(a.api, kw({ include: ['autonomous cold'], sources: ['social_media_description'] }), []);
      await expectIds(a.api, kw({ include: ['cold storage'], sources: ['social_media_description'] }), [
        ...AT.northwind,
        ...AT.southwind,
      ]);
      await expectIds(
        a.api,
        kw({ include: ['predictive maintenance'], sources: ['social_media_description', 'specialties'] }),
        [],
      );
      await expectIds(a.api, kw({ include: ['predictive maintenance'], sources: ['website_pages'] }), AT.northwind);
    });

    it('include_all, and exclude phrases in the same sources', async () => {
      await expectIds(a.api, kw({ include: ['fleet telemetry', 'route planning'] }), [
        ...AT.northwind,
        ...AT.southwind,
      ]);
      await expectIds(a.api, kw({ include: ['fleet telemetry', 'route planning'], include_all: true }), AT.southwind);
      await expectIds(
        a.api,
        kw({
          include: ['warehouse robotics', 'predictive maintenance'],
          include_all: true,
          sources: ['specialties', 'website_pages'],
        }),
        AT.northwind,
      );
      await expectIds(a.api, kw({ include: ['warehouse robotics', 'predictive maintenance'], include_all: true }), []);
      await expectIds(a.api, kw({ include: ['fleet telemetry'], exclude: ['route planning'] }), AT.northwind);
      await expectIds(
        a.api,
        kw({
          include: ['fleet telemetry'],
          exclude: ['cold storage'],
          sources: ['specialties', 'social_media_description'],
        }),
        [],
      );
      await expectIds(a.api, kw({ include: ['fleet telemetry'], exclude: ['cold storage'] }), [
        ...AT.northwind,
        ...AT.southwind,
      ]); // exclude looks at specialties only
    });
  });

  describe('company_industry (industries and groups)', () => {
    it('a group matches each of its industries; names are case-insensitive', async () => {
      await expectIds(a.api, { company_industry: { include: ['Technology, Information and Media'] } }, [
        ...AT.pixel,
        ...AT.codewright,
      ]);
      await expectIds(a.api, { company_industry: { include: ['software development'] } }, AT.codewright);
      await expectIds(a.api, { company_industry: { include: ['Manufacturing'] } }, [
        ...AT.northwind,
        ...AT.northwind_eu,
      ]);
      await expectIds(a.api, { company_industry: { include: ['Financial Services'] } }, AT.ledger); // the group, which holds Banking
      await expectIds(a.api, { company_industry: { include: ['Banking', 'Computer Games'] } }, [
        ...AT.ledger,
        ...AT.pixel,
      ]);
    });

    it('exclude drops the group; a company without industry or a person without company stays', async () => {
      await expectIds(
        a.api,
        {
          company: { id: { include: [C.pixel, C.southwind, C.globex] } },
          company_industry: { exclude: ['Technology, Information and Media'] },
        },
        [...AT.southwind, ...AT.globex],
      );
      await expectIds(
        a.api,
        {
          person: { name: { include: ['Gaia', 'Bea'] } },
          company_industry: { exclude: ['Technology, Information and Media'] },
        },
        ids('gaia'),
      );
    });
  });

  describe('titles, seniority and departments look at the primary position only', () => {
    it('"Sales VP": CONTAINS and EXACT find it, a backtick phrase keeps the word order', async () => {
      await expectIds(a.api, { person_job_title: { include: ['VP Sales'] } }, ids('jose', 'jose_plain', 'hana'));
      await expectIds(
        a.api,
        { person_job_title: { include: ['VP Sales'], match_mode: 'EXACT' } },
        ids('jose', 'jose_plain', 'hana'),
      );
      await expectIds(a.api, { person_job_title: { boolean_search: '`VP Sales`' } }, ids('jose', 'jose_plain'));
      await expectIds(a.api, { person_job_title: { boolean_search: '`Sales VP`' } }, ids('hana'));
    });

    it('a secondary current position and a past one are not matched', async () => {
      await expectIds(a.api, { person_job_title: { include: ['Advisor'] } }, []); // nadia's secondary position
      await expectIds(a.api, { person_job_title: { include: ['Producer'] } }, []); // gaia's past one
      await expectIds(a.api, { person_job_title: { include: ['Financial Analyst'] } }, []); // victor's older current position
      await expectIds(a.api, { person_job_title: { include: ['Data Engineer'] } }, ids('victor'));
      await expectIds(a.api, { person_department: { include: ['Consulting'] } }, []);
      await expectIds(
        a.api,
        { person_seniority: { include: ['Manager'] } },
        ids('renee_plain', 'alice', 'bob', 'pierre', 'gwen', 'sarah', 'kenji', 'owen', 'nadia'),
      );
    });

    it('excludes keep people without a current position', async () => {
      const three = { person: { name: { include: ['Gaia', 'Ivo', 'Sam'] } } };
      await expectIds(a.api, { ...three, person_job_title: { exclude: ['Developer'] } }, ids('gaia', 'ivo'));
      await expectIds(a.api, { ...three, person_seniority: { exclude: ['Entry'] } }, ids('gaia', 'ivo'));
      await expectIds(
        a.api,
        { ...three, person_department: { exclude: ['Engineering & Technical'] } },
        ids('gaia', 'ivo'),
      );
      await expectIds(a.api, { ...three, company: { id: { exclude: [C.codewright] } } }, ids('gaia', 'ivo'));
      await expectIds(a.api, { ...three, company_country: { exclude: ['US'] } }, ids('gaia', 'ivo'));
      await expectIds(a.api, { ...three, company_headcount_custom: { min: 0 } }, ids('sam'));
      await expectIds(a.api, { ...three, company_naics: { include: [541511] } }, ids('sam'));
    });

    it('a group matches a position that lists only one of its sub-departments', async () => {
      await expectIds(
        a.api,
        { person_department: { include: ['Sales'] } },
        ids(
          'jose',
          'jose_plain',
          'ana',
          'klaus',
          'milton',
          'lina',
          'pierre',
          'nelson',
          'monica',
          'pepper',
          'sarah',
          'kenji',
          'hana',
          'erin',
        ),
      );
      await expectIds(
        a.api,
        { person_department: { include: ['Inside Sales'] } },
        ids('ana', 'lina', 'nelson', 'erin'),
      );
      await expectIds(a.api, { person_department: { include: ['Design'] } }, ids('bea'));
    });

    it('the primary position: the current one marked primary, else the most recent current one', async () => {
      await expectIds(a.api, { company: { id: { include: [C.pixel] } } }, AT.pixel);
      await expectIds(a.api, { company: { id: { include: [C.ledger] } } }, AT.ledger);
      await expectIds(a.api, { company: { id: { include: [C.codewright] } } }, AT.codewright);
      const r = await search(a.api, { person: { id: { include: ids('nadia', 'victor', 'gaia', 'ivo') } } });
      const byId = Object.fromEntries(r.people.map((p) => [p.id, p]));
      expect(byId[P.nadia].primary_position).toMatchObject({
        company_id: C.codewright,
        title: 'Engineering Manager',
        ended_at: null,
      });
      expect(byId[P.victor].primary_position).toMatchObject({
        company_id: C.codewright,
        title: 'Data Engineer',
        seniority: 'Senior',
      });
      expect(byId[P.gaia].primary_position).toBeNull();
      expect(byId[P.ivo].primary_position).toBeNull();
      expect(byId[P.ivo].location).toBeNull();
      expect(byId[P.ivo].contact_details).toEqual({
        email: { status: 'not_found', revealed: false },
        phone: { status: 'unknown' },
      });
    });

    it('person.name with diacritics on the extension rows', async () => {
      await expectIds(a.api, { person: { name: { include: ['Kovač'] } } }, ids('hana'));
      await expectIds(a.api, { person: { name: { include: ['Kovac'] } } }, []);
      await expectIds(a.api, { person: { name: { include: ['hana kovač'] } } }, ids('hana'));
    });
  });

  describe('person.pro_network_url', () => {
    const URLS = [
      personUrl('nadia'), // as stored
      'http://www.PRONET.example/in/Jose-Garcia-01/?trk=search', // scheme, www., case, trailing slash and query differ
      'https://www.pronet.example/in/alice-walker-17/',
      'https://pronet.example/in/nobody-at-all-99', // matches nobody
      personUrl('mei'),
    ];

    it('picks people in URL order, each with matched_url as sent', async () => {
      const r = await expectOrder(a.api, { person: { pro_network_url: URLS } }, ids('nadia', 'jose', 'alice', 'mei'));
      expect(r.people.map((p) => p.matched_url)).toEqual([URLS[0], URLS[1], URLS[2], URLS[4]]);
      expect(r.pagination.total_count).toBe(4);
    });

    it('sort_by does not apply; paging follows URL order', async () => {
      await expectOrder(
        a.api,
        { person: { pro_network_url: URLS }, sort_by: 'person_first_name' },
        ids('nadia', 'jose', 'alice', 'mei'),
      );
      const page2 = await search(a.api, { person: { pro_network_url: URLS } }, { page: 2, per_page: 2 });
      expect(page2.ids).toEqual(ids('alice', 'mei'));
      expect(page2.pagination).toMatchObject({ page: 2, per_page: 2, total_count: 4, total_pages: 2 });
    });

    it('other filters narrow the picked people', async () => {
      await expectOrder(
        a.api,
        { person: { pro_network_url: URLS }, person_seniority: { include: ['Manager'] } },
        ids('nadia', 'alice'),
      );
      await expectOrder(
        a.api,
        { person: { pro_network_url: URLS }, company: { id: { include: [C.globex] } } },
        ids('jose', 'mei'),
      );
      await expectOrder(
        a.api,
        { person: { pro_network_url: URLS }, company: { name: { exclude: ['Globex'] } } },
        ids('nadia', 'alice'),
      );
    });

    it('company.name.include only picks the position shown (the hint), it filters nobody', async () => {
      const r = await expectOrder(
        a.api,
        { person: { pro_network_url: URLS }, company: { name: { include: ['Pixelforge Games'] } } },
        ids('nadia', 'jose', 'alice', 'mei'),
      );
      const byId = Object.fromEntries(r.people.map((p) => [p.id, p]));
      expect(byId[P.nadia].primary_position).toMatchObject({ company_id: C.pixel, title: 'Technical Advisor' });
      expect(byId[P.nadia].primary_position.company).toMatchObject({ id: C.pixel, name: 'Pixelforge Games' });
      expect(byId[P.jose].primary_position).toMatchObject({ company_id: C.globex, title: 'VP Sales' });
      const plain = await search(a.api, { person: { pro_network_url: [personUrl('nadia')] } });
      expect(plain.people[0].primary_position).toMatchObject({
        company_id: C.codewright,
        title: 'Engineering Manager',
      });
    });

    it('a person without a current position is picked too', async () => {
      const r = await expectOrder(
        a.api,
        { person: { pro_network_url: [personUrl('ivo'), personUrl('gaia')] } },
        ids('ivo', 'gaia'),
      );
      expect(r.people.map((p) => p.primary_position)).toEqual([null, null]);
    });
  });

  describe('max_person_per_company among five Codewright colleagues', () => {
    // nadia V 3750, victor I 1650, liam V 860, sam V 860, kim A 120 (liam before sam on equal followers: lower id)
    const cw = { company: { id: { include: [C.codewright] } } };
    it('default order breaks equal followers by id', async () => {
      await expectOrder(a.api, cw, ids('nadia', 'victor', 'liam', 'sam', 'kim'));
      await expectOrder(a.api, { ...cw, sort_by: 'company_name' }, ids('nadia', 'victor', 'liam', 'sam', 'kim'));
    });

    it('valid emails take the slots first, the sort decides among them and then among the rest', async () => {
      await expectOrder(a.api, { ...cw, max_person_per_company: 1 }, ids('nadia'));
      await expectOrder(a.api, { ...cw, max_person_per_company: 2 }, ids('nadia', 'liam'));
      await expectOrder(a.api, { ...cw, max_person_per_company: 1, sort_by: 'person_first_name' }, ids('liam'));
      await expectOrder(
        a.api,
        { ...cw, max_person_per_company: 2, sort_by: 'person_first_name' },
        ids('liam', 'nadia'),
      );
      await expectOrder(
        a.api,
        { ...cw, max_person_per_company: 3, sort_by: 'person_first_name', sort_direction: 'desc' },
        ids('sam', 'nadia', 'liam'),
      );
      const r = await expectOrder(a.api, { ...cw, max_person_per_company: 4 }, ids('nadia', 'victor', 'liam', 'sam'));
      expect(r.pagination).toMatchObject({ total_count: 4, total_is_estimate: false });
    });

    it('people without a company are never capped', async () => {
      await expectOrder(
        a.api,
        { person: { name: { include: ['Gaia', 'Ivo', 'Sam', 'Liam'] } }, max_person_per_company: 1 },
        ids('gaia', 'liam', 'ivo'),
      );
    });
  });

  describe('months and job changes on the extension rows', () => {
    const lateInMonth = () => new Date().getUTCDate() >= 28;
    it('whole months from the start day: day 1 five months ago is 5; day 28 six months ago is 5 until the 28th', async () => {
      const f = { company: { id: { include: [C.northwind, C.codewright] } } };
      await expectIds(
        a.api,
        { ...f, person_months_in_current_role: { min: 5, max: 5 } },
        lateInMonth() ? ids('hana') : ids('hana', 'liam'),
      );
      await expectIds(
        a.api,
        { ...f, person_months_in_current_role: { min: 6, max: 6 } },
        lateInMonth() ? ids('liam') : [],
      );
      await expectIds(a.api, { ...f, person_months_in_current_role: { max: 0 } }, ids('kim'));
    });

    it('months in company: the unbroken stretch at the company, earlier roles there included', async () => {
      await expectIds(
        a.api,
        { company: { id: { include: [C.pixel] } }, person_months_in_current_company: { max: 15 } },
        ids('bea'),
      ); // back 14 months, not 100
      await expectIds(
        a.api,
        { company: { id: { include: [C.pixel] } }, person_months_in_current_company: { min: 90 } },
        [],
      );
      await expectIds(
        a.api,
        { company: { id: { include: [C.pixel] } }, person_months_in_current_role: { min: 14, max: 14 } },
        ids('bea'),
      );
      await expectIds(
        a.api,
        { company: { id: { include: [C.ledger] } }, person_months_in_current_company: { min: 59, max: 61 } },
        ids('rex'),
      );
      await expectIds(
        a.api,
        { company: { id: { include: [C.ledger] } }, person_months_in_current_role: { max: 2 } },
        ids('rex'),
      );
      await expectIds(
        a.api,
        { company: { id: { include: [C.ledger] } }, person_months_in_current_role: { min: 3 } },
        [],
      );
      await expectIds(
        a.api,
        { company: { id: { include: [C.codewright] } }, person_months_in_current_company: { min: 39, max: 41 } },
        ids('nadia', 'sam'),
      );
    });

    it('job change: calendar months counted inclusively; a first job is no change', async () => {
      await expectIds(
        a.api,
        { person_job_change: { timeframe_months: 1, change_type: 'any' } },
        ids('nelson', 'pepper'),
      ); // kim: first job; erin: last day of last month
      await expectIds(
        a.api,
        { person_job_change: { timeframe_months: 2, change_type: 'any' } },
        ids('nelson', 'pepper', 'erin'),
      );
      await expectIds(
        a.api,
        { person_job_change: { timeframe_months: 3, change_type: 'any' } },
        ids('lina', 'nelson', 'pepper', 'erin', 'rex'),
      );
      await expectIds(
        a.api,
        { person_job_change: { timeframe_months: 3, change_type: 'promotion' } },
        ids('pepper', 'rex'),
      );
      await expectIds(
        a.api,
        { person_job_change: { timeframe_months: 3, change_type: 'new_company' } },
        ids('lina', 'nelson', 'erin'),
      );
      await expectIds(
        a.api,
        { person_job_change: { timeframe_months: 14, change_type: 'new_company' } },
        ids('lina', 'nelson', 'erin'),
      );
      await expectIds(
        a.api,
        { person_job_change: { timeframe_months: 15, change_type: 'new_company' } },
        ids('lina', 'nelson', 'erin', 'bea'),
      );
      await expectIds(
        a.api,
        { person_job_change: { timeframe_months: 15, change_type: 'any' } },
        ids('lina', 'nelson', 'pepper', 'otto', 'erin', 'rex', 'bea'),
      );
    });
  });

  describe('company filters on the extension rows', () => {
    it('company.domain: a subdomain network website (LINKEDIN_WEBSITE), PRIMARY and ORGANIZATION from a regional domain', async () => {
      await expectIds(
        a.api,
        { company: { domain: { include: ['northwind-robotics.com'], match_mode: 'LINKEDIN_WEBSITE' } } },
        [...AT.northwind, ...AT.northwind_eu],
      );
      await expectIds(
        a.api,
        { company: { domain: { include: ['northwind.eu'], match_mode: 'PRIMARY' } } },
        AT.northwind,
      );
      await expectIds(a.api, { company: { domain: { include: ['northwind.eu'] } } }, [
        ...AT.northwind,
        ...AT.northwind_eu,
      ]);
      await expectIds(
        a.api,
        {
          person: { name: { include: ['Hana', 'Felix', 'Owen'] } },
          company: { domain: { exclude: ['northwind.eu'] } },
        },
        ids('owen'),
      );
    });

    it('company.name CONTAINS across pages', async () => {
      await expectIds(a.api, { company: { name: { include: ['WIND'], match_mode: 'CONTAINS' } } }, [
        ...AT.northwind,
        ...AT.northwind_eu,
        ...AT.southwind,
      ]);
      await expectIds(
        a.api,
        { company: { name: { include: ['wind'], match_mode: 'CONTAINS', exclude: ['north'] } } },
        AT.southwind,
      );
    });

    it('company_type Self Employed, revenue streams Financial Services and Rental / Leasing, founded before 1900', async () => {
      await expectIds(a.api, { company_type: { include: ['Self Employed'] } }, AT.codewright);
      await expectIds(a.api, { company_revenue_stream: { include: ['Financial Services', 'Rental / Leasing'] } }, [
        ...AT.ledger,
        ...AT.southwind,
      ]);
      await expectIds(a.api, { company_founded: { max: 1899 } }, AT.ledger);
      await expectIds(a.api, { company_naics: { include: [493110, 522110] } }, [...AT.southwind, ...AT.ledger]);
    });
  });

  describe('sort_by on the extension rows', () => {
    it('company_industry A → Z, nulls last', async () => {
      const f = { person: { id: { include: ids('hana', 'owen', 'bea', 'rex', 'sam', 'jose') } } };
      // Banking, Computer Games, Machinery Manufacturing, Software Development, Warehousing and Storage, none
      await expectOrder(a.api, { ...f, sort_by: 'company_industry' }, ids('rex', 'bea', 'hana', 'sam', 'owen', 'jose'));
      await expectOrder(
        a.api,
        { ...f, sort_by: 'company_industry', sort_direction: 'desc' },
        ids('owen', 'sam', 'hana', 'bea', 'rex', 'jose'),
      );
    });

    it('a missing location or company sorts last in both directions', async () => {
      const f = { person: { id: { include: ids('ivo', 'hana', 'felix', 'jose') } } };
      await expectOrder(a.api, { ...f, sort_by: 'person_country' }, ids('hana', 'felix', 'jose', 'ivo')); // Austria, Switzerland, United States
      await expectOrder(
        a.api,
        { ...f, sort_by: 'person_country', sort_direction: 'desc' },
        ids('jose', 'felix', 'hana', 'ivo'),
      );
      const g = { person: { id: { include: ids('gaia', 'sam', 'owen') } } };
      await expectOrder(a.api, { ...g, sort_by: 'company_name' }, ids('sam', 'owen', 'gaia'));
      await expectOrder(a.api, { ...g, sort_by: 'company_name', sort_direction: 'desc' }, ids('owen', 'sam', 'gaia'));
      await expectOrder(
        a.api,
        { ...g, sort_by: 'company_employee_count', sort_direction: 'asc' },
        ids('sam', 'owen', 'gaia'),
      ); // 50, 900, none
    });

    // Last in this file: it changes the data the tests above read.
    it('company_employee_count follows a later load that changes the headcount (people carry a copy of it)', async () => {
      const g = { person: { id: { include: ids('gaia', 'sam', 'owen') } } };
      await reimportCompany(stack, 'codewright', { employee_count: 5000, employee_range: '5001-10000' });
      await expectOrder(a.api, { ...g, sort_by: 'company_employee_count' }, ids('sam', 'owen', 'gaia')); // 5000, 900, none
      await expectOrder(
        a.api,
        { ...g, sort_by: 'company_employee_count', sort_direction: 'asc' },
        ids('owen', 'sam', 'gaia'),
      );
    });
  });
});
