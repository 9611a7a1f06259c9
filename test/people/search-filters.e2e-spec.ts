import { startStack, TestStack, Workspace } from '../support/stack';
import {
  BASE_PEOPLE,
  C,
  expectIds,
  expectOrder,
  importPeopleFixture,
  P,
  UNKNOWN_COMPANY_ID,
  UNKNOWN_PERSON_ID,
  without,
} from '../support/people-fixtures';
import { AT, change, E, TITLE } from '../support/people-search-kit';

// POST /v2/people/search against the public conformance fixture only (15 companies, 40 people):
// every filter key, person and company, and max_person_per_company. Expected ids are written by hand
// from the table in support/people-fixtures.ts.

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
      await expectIds(a.api, { person: { id: { include: [P.alice] }, name: { include: ['Becker'] } } }, [
        P.alice,
        P.klaus,
        P.tom,
      ]);
      await expectIds(
        a.api,
        {
          person: { id: { include: [P.alice] }, name: { include: ['Becker'] } },
          person_seniority: { include: ['Director'] },
        },
        [P.klaus],
      );
      await expectIds(a.api, { person: { id: { include: [P.alice, P.bob, UNKNOWN_PERSON_ID] } } }, [P.alice, P.bob]);
    });

    it('excludes of both apply', async () => {
      await expectIds(a.api, { person: { name: { include: ['Becker'] }, id: { exclude: [P.tom] } } }, [P.klaus]);
      await expectIds(a.api, { person: { name: { include: ['Becker'], exclude: ['Tom'] } } }, [P.klaus]);
      await expectIds(a.api, { person: { id: { include: [P.alice, P.bob], exclude: [P.bob] } } }, [P.alice]);
      await expectIds(
        a.api,
        { person: { name: { exclude: ['Becker', 'Dubois'] }, id: { exclude: [P.olga] } } },
        without(BASE_PEOPLE, P.klaus, P.tom, P.renee, P.renee_plain, P.olga),
      );
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
      await expectIds(
        a.api,
        { person_job_title: { exclude: ['Engineer', 'Manager', 'Director', 'Sales', 'Scientist', 'Marketing'] } },
        [P.lukasz, P.milton, P.olga, P.tom, P.dan, P.gavin, P.art, P.richard, P.norman, P.ingrid],
      );
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
      await expectIds(a.api, { person_job_title: { boolean_search: 'Director AND !(Sales OR Marketing)' } }, [
        P.happy,
        P.otto,
      ]);
      await expectIds(a.api, { person_job_title: { boolean_search: '"Software Engineer" OR CTO' } }, [
        P.jurgen,
        P.peter,
        P.samir,
        P.chloe,
        P.maria,
        P.miles,
        P.lukasz,
        P.tom,
      ]);
      await expectIds(a.api, { person_job_title: { boolean_search: "'Sales Manager'" } }, [P.pierre, P.kenji, P.sarah]);
      await expectIds(a.api, { person_job_title: { boolean_search: '"Sales Manager"' } }, [P.pierre, P.kenji]);
      await expectIds(
        a.api,
        { person_job_title: { boolean_search: '(Scientist OR Accountant) AND !(Senior OR Data)' } },
        [P.ingrid],
      );
    });
  });

  describe('seniority, department, months, job change', () => {
    it('person_seniority exclude', async () => {
      await expectIds(
        a.api,
        { person_seniority: { exclude: ['Entry', 'Senior', 'Manager', 'Director', 'Chief Officer'] } },
        [P.jose, P.jose_plain, P.richard, P.zoe, P.gavin, P.art],
      );
      await expectIds(a.api, { person_seniority: { include: ['VP', 'Owner'], exclude: ['Owner'] } }, E.seniority_vp);
    });

    it('person_department groups and sub-departments, include and exclude', async () => {
      await expectIds(a.api, { person_department: { include: ['C-Suite'] } }, [P.gavin, P.art]);
      await expectIds(a.api, { person_department: { include: ['Founder'] } }, [P.gavin]);
      await expectIds(a.api, { person_department: { include: ['Sales Leader'] } }, [
        P.jose,
        P.jose_plain,
        P.klaus,
        P.monica,
        P.pepper,
        P.kenji,
      ]);
      await expectIds(a.api, { person_department: { include: ['Marketing'], exclude: ['Marketing Executive'] } }, [
        P.renee_plain,
        P.alice,
        P.gwen,
      ]);
      const globexAndStark = { company: { id: { include: [C.globex, C.stark] } } };
      await expectIds(a.api, { ...globexAndStark, person_department: { exclude: ['Engineering & Technical'] } }, [
        P.jose,
        P.ana,
        P.pepper,
        P.ingrid,
      ]);
      await expectIds(a.api, { ...globexAndStark, person_department: { exclude: ['Software Development'] } }, [
        P.jose,
        P.lukasz,
        P.ana,
        P.pepper,
        P.happy,
        P.ingrid,
      ]);
    });

    it('person_months_in_current_role: 0 = began this month, min/max inclusive', async () => {
      await expectIds(a.api, { person_months_in_current_role: { max: 0 } }, [P.nelson, P.pepper]);
      // tenure 100 months (day 10): 100 from the 10th, 99 before (ingrid too: Accountant at Stark for 100 months);
      // otto's 100 months are at the company, not the role
      await expectIds(a.api, { person_months_in_current_role: { min: 99 } }, [
        P.lukasz,
        P.samir,
        P.chloe,
        P.gavin,
        P.art,
        P.happy,
        P.norman,
        P.ingrid,
      ]);
      await expectIds(a.api, { person_months_in_current_role: { min: 39, max: 41 } }, [
        P.jose,
        P.renee,
        P.mei,
        P.klaus,
        P.peter,
        P.tom,
        P.alice,
        P.dan,
        P.richard,
        P.maria,
        P.miles,
        P.zoe,
        P.fatima,
      ]);
    });

    it('person_months_in_current_company counts an earlier role at the same company, not one elsewhere', async () => {
      // pepper: Sales Director since this month, Executive Assistant at Stark since 40 months
      await expectIds(a.api, { person_months_in_current_company: { min: 39, max: 41 } }, [
        P.jose,
        P.renee,
        P.mei,
        P.klaus,
        P.peter,
        P.tom,
        P.alice,
        P.dan,
        P.richard,
        P.maria,
        P.miles,
        P.zoe,
        P.fatima,
        P.pepper,
      ]);
      // otto: at Oscorp since 100 months; lukasz's earlier employer was Formerco (does not count, but he is at Globex 100 months anyway)
      await expectIds(a.api, { person_months_in_current_company: { min: 99 } }, [
        P.lukasz,
        P.samir,
        P.chloe,
        P.gavin,
        P.art,
        P.happy,
        P.norman,
        P.otto,
        P.ingrid,
      ]);
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
      await expectIds(a.api, { company: { id: { include: [C.acme, C.hooli, UNKNOWN_COMPANY_ID] } } }, [
        ...AT.acme,
        ...AT.hooli,
      ]);
      await expectIds(a.api, { company: { id: { include: [C.acme, C.hooli], exclude: [C.hooli] } } }, AT.acme);
      await expectIds(a.api, { company: { id: { include: [C.formerco] } } }, []); // only past employees
      await expectIds(
        a.api,
        {
          company: {
            id: {
              exclude: [
                C.globex,
                C.globex_de,
                C.globex_labs,
                C.initech,
                C.globex_careers,
                C.acme,
                C.umbrella,
                C.soylent,
                C.hooli,
                C.vandelay,
                C.pied,
                C.stark,
                C.oscorp,
              ],
            },
          },
        },
        AT.cyberdyne,
      );
    });

    it('company: EXACT name ORs with id; domain ANDs with id; CONTAINS name ANDs with id', async () => {
      await expectIds(a.api, { company: { id: { include: [C.acme] }, name: { include: ['Hooli'] } } }, [
        ...AT.acme,
        ...AT.hooli,
      ]);
      await expectIds(
        a.api,
        { company: { id: { include: [C.acme, C.globex] }, domain: { include: ['globex.com'] } } },
        AT.globex,
      );
      await expectIds(a.api, { company: { id: { include: [C.acme] }, domain: { include: ['globex.com'] } } }, []);
      // (acme OR initech by name) AND the org_globex domain = initech
      await expectIds(
        a.api,
        { company: { id: { include: [C.acme] }, name: { include: ['Initech'] }, domain: { include: ['globex.com'] } } },
        AT.initech,
      );
      await expectIds(
        a.api,
        { company: { id: { include: [C.hooli, C.initech] }, name: { include: ['tech'], match_mode: 'CONTAINS' } } },
        AT.initech,
      );
      await expectIds(
        a.api,
        { company: { id: { include: [C.hooli, C.globex] } }, company_keywords: { include: ['compression'] } },
        AT.hooli,
      );
    });

    it('company: pro_network_id ANDs with everything, the name included', async () => {
      await expectIds(a.api, { company: { pro_network_id: { include: [1009, 1010] } } }, [...AT.hooli, ...AT.vandelay]);
      await expectIds(a.api, { company: { pro_network_id: { include: [1009, 1010], exclude: [1009] } } }, AT.vandelay);
      await expectIds(a.api, { company: { name: { include: ['Hooli'] }, pro_network_id: { include: [1006] } } }, []);
      await expectIds(
        a.api,
        { company: { name: { include: ['Hooli'] }, pro_network_id: { include: [1009] } } },
        AT.hooli,
      );
      await expectIds(
        a.api,
        { company: { id: { include: [C.acme] }, name: { include: ['Hooli'] }, pro_network_id: { include: [1009] } } },
        AT.hooli,
      );
    });

    it('company.name: EXACT whole names and website-shaped values, CONTAINS substrings, exclude in the same mode', async () => {
      await expectIds(a.api, { company: { name: { include: ['globex.com'] } } }, AT.globex);
      await expectIds(a.api, { company: { name: { include: ['piedpiper.com', 'Globex Careers'] } } }, [
        ...AT.pied,
        ...AT.globex_careers,
      ]);
      await expectIds(a.api, { company: { name: { include: ['Glob'] } } }, []);
      const globexish = [...AT.globex, ...AT.globex_de, ...AT.globex_labs, ...AT.globex_careers];
      await expectIds(a.api, { company: { name: { include: ['GLOBEX'], match_mode: 'CONTAINS' } } }, globexish);
      await expectIds(
        a.api,
        { company: { name: { exclude: ['globex'], match_mode: 'CONTAINS' } } },
        without(BASE_PEOPLE, ...globexish),
      );
      await expectIds(a.api, { company: { name: { exclude: ['globex'] } } }, without(BASE_PEOPLE, ...AT.globex));
    });

    it('company.domain: scheme, www. and path stripped; the owning organization found by website or staff email domain', async () => {
      await expectIds(a.api, { company: { domain: { include: ['https://www.globex.com/about-us'] } } }, E.domain_org);
      await expectIds(a.api, { company: { domain: { include: ['initech.com'] } } }, E.domain_org); // initech is a page of org_globex
      await expectIds(
        a.api,
        { company: { domain: { include: ['initech.com'], match_mode: 'PRIMARY' } } },
        E.domain_primary,
      ); // org_globex's main page
      await expectIds(
        a.api,
        { company: { domain: { include: ['globexlabs.io'], match_mode: 'LINKEDIN_WEBSITE' } } },
        AT.globex_labs,
      );
      await expectIds(a.api, { company: { domain: { include: ['hooli.xyz', 'vandelay.es'] } } }, [
        ...AT.hooli,
        ...AT.vandelay,
      ]);
      await expectIds(a.api, { company: { domain: { include: ['nobody-owns-this.example'] } } }, []);
    });

    it('company.domain exclude rejects every page of the organization, the link-only one too', async () => {
      const orgGlobex = [...E.domain_org, P.olga];
      await expectIds(a.api, { company: { domain: { exclude: ['globex.com'] } } }, without(BASE_PEOPLE, ...orgGlobex));
      await expectIds(
        a.api,
        { company: { domain: { exclude: ['globex.com'], match_mode: 'PRIMARY' } } },
        without(BASE_PEOPLE, ...orgGlobex),
      ); // match_mode affects include only
    });

    it('company_country exclude: headquarters_only true looks at the HQ only, false at any office (symmetric to include)', async () => {
      const f = { company: { id: { include: [C.globex, C.globex_de, C.soylent, C.hooli, C.acme] } } };
      await expectIds(a.api, { ...f, company_country: { exclude: ['DE'], headquarters_only: true } }, [
        ...AT.globex,
        ...AT.soylent,
        ...AT.acme,
      ]);
      await expectIds(a.api, { ...f, company_country: { exclude: ['de'], headquarters_only: false } }, AT.acme);
      await expectIds(a.api, { ...f, company_country: { exclude: ['DE'] } }, AT.acme);
      // no location at all: never excluded, never included
      await expectIds(
        a.api,
        {
          company: { id: { include: [C.globex_careers, C.cyberdyne, C.hooli] } },
          company_country: { exclude: ['DE'] },
        },
        [...AT.globex_careers, ...AT.cyberdyne],
      );
      await expectIds(
        a.api,
        {
          company: { id: { include: [C.globex_careers, C.cyberdyne, C.hooli] } },
          company_country: { include: ['DE', 'US'] },
        },
        AT.hooli,
      );
    });

    it('company_country include: Tokyo as an office vs as the headquarters; several countries', async () => {
      await expectIds(a.api, { company_country: { include: ['JP'] } }, [...AT.oscorp, ...AT.stark]);
      await expectIds(a.api, { company_country: { include: ['JP'], headquarters_only: true } }, AT.oscorp);
      await expectIds(a.api, { company_country: { include: ['us', 'gb'], headquarters_only: true } }, [
        ...AT.globex,
        ...AT.globex_labs,
        ...AT.initech,
        ...AT.acme,
        ...AT.pied,
        ...AT.stark,
        ...AT.umbrella,
      ]);
      await expectIds(
        a.api,
        { company_country: { include: ['GB'], exclude: ['US'], headquarters_only: true } },
        AT.umbrella,
      );
      await expectIds(a.api, { company_country: { include: ['GB'], exclude: ['US'] } }, []); // every GB company also has a US office or HQ
    });

    it('company_headcount_range and company_headcount_custom (inclusive; unknown headcount never matches)', async () => {
      await expectIds(a.api, { company_headcount_range: ['10001+'] }, AT.stark);
      await expectIds(a.api, { company_headcount_range: ['1-10', '201-500'] }, [
        ...AT.vandelay,
        ...AT.globex_de,
        ...AT.soylent,
      ]);
      await expectIds(a.api, { company_headcount_custom: { min: 300, max: 320 } }, [...AT.globex_de, ...AT.soylent]);
      await expectIds(a.api, { company_headcount_custom: { max: 10 } }, AT.vandelay);
      await expectIds(a.api, { company_headcount_custom: { min: 7000 } }, [...AT.umbrella, ...AT.stark]);
      await expectIds(
        a.api,
        { company_headcount_custom: { min: 0 } },
        without(BASE_PEOPLE, ...AT.globex_careers, ...AT.cyberdyne),
      );
    });

    it('company_type, company_business_type, company_revenue_stream include and exclude (null values are never excluded)', async () => {
      await expectIds(a.api, { company_type: { include: ['Public Company'] } }, [
        ...AT.globex,
        ...AT.globex_de,
        ...AT.umbrella,
        ...AT.hooli,
        ...AT.stark,
        ...AT.oscorp,
      ]);
      await expectIds(a.api, { company_type: { include: ['Self Owned', 'Partnership'] } }, AT.vandelay);
      await expectIds(a.api, { company_type: { exclude: ['Public Company', 'Privately Held'] } }, [
        ...AT.globex_careers,
        ...AT.vandelay,
        ...AT.cyberdyne,
      ]);
      await expectIds(a.api, { company_business_type: { include: ['B2C'] } }, [
        ...AT.umbrella,
        ...AT.soylent,
        ...AT.hooli,
      ]);
      await expectIds(a.api, { company_business_type: { exclude: ['B2B'] } }, [
        ...AT.umbrella,
        ...AT.soylent,
        ...AT.hooli,
        ...AT.globex_careers,
        ...AT.cyberdyne,
      ]);
      await expectIds(a.api, { company_revenue_stream: { include: ['Licensing / IP'] } }, [...AT.pied, ...AT.oscorp]);
      await expectIds(
        a.api,
        {
          company_business_type: { include: ['B2B'] },
          company_revenue_stream: { exclude: ['Subscriptions / Recurring'] },
        },
        [...AT.globex_labs, ...AT.initech, ...AT.vandelay, ...AT.pied, ...AT.stark, ...AT.oscorp],
      );
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
      await expectIds(
        a.api,
        { company: { id: { include: [C.globex, C.globex_labs, C.initech] } }, company_naics: { exclude: [511210] } },
        [...AT.globex_labs, ...AT.initech],
      );
    });

    it('company_keywords on the specialties: a phrase never spans two specialties', async () => {
      await expectIds(a.api, { company_keywords: { include: ['compression'] } }, [...AT.hooli, ...AT.pied]);
      await expectIds(a.api, { company_keywords: { include: ['Enterprise Software'] } }, [
        ...AT.globex,
        ...AT.globex_de,
      ]);
      await expectIds(a.api, { company_keywords: { include: ['software sales'] } }, []); // "enterprise software" + "sales automation"
      await expectIds(a.api, { company_keywords: { include: ['software'] } }, [
        ...AT.globex,
        ...AT.globex_de,
        ...AT.initech,
      ]);
      await expectIds(a.api, { company_keywords: { include: ['software'], exclude: ['consulting'] } }, [
        ...AT.globex,
        ...AT.globex_de,
      ]);
    });

    it('contact_details: email status by best email, phone status', async () => {
      await expectIds(a.api, { contact_details: { email: { status: ['not_found'] } } }, [
        P.ana,
        P.peter,
        P.dan,
        P.nelson,
        P.happy,
        P.sarah,
      ]);
      await expectIds(a.api, { contact_details: { email: { status: ['invalid'] } } }, [
        P.renee_plain,
        P.samir,
        P.dinesh,
        P.ingrid,
      ]);
      await expectIds(a.api, { contact_details: { email: { status: ['invalid', 'not_found'] } } }, [
        P.renee_plain,
        P.samir,
        P.dinesh,
        P.ingrid,
        P.ana,
        P.peter,
        P.dan,
        P.nelson,
        P.happy,
        P.sarah,
      ]);
      await expectIds(a.api, { contact_details: { phone: { status: ['found'] } } }, [
        P.jose,
        P.renee_plain,
        P.ana,
        P.priya,
        P.milton,
        P.lina,
        P.chloe,
        P.gavin,
        P.elaine,
        P.monica,
        P.maria,
        P.gwen,
        P.zoe,
        P.fatima,
      ]);
      await expectIds(
        a.api,
        { company: { id: { include: [C.umbrella] } }, contact_details: { phone: { status: ['unknown'] } } },
        [P.bob],
      );
      await expectIds(
        a.api,
        { company: { id: { include: [C.globex] } }, contact_details: { phone: { status: ['not_found', 'unknown'] } } },
        [P.lukasz, P.mei],
      );
      await expectIds(a.api, { contact_details: { phone: { revealed: true } } }, []);
      await expectIds(a.api, { contact_details: { phone: { revealed: false } } }, BASE_PEOPLE);
    });
  });

  describe('max_person_per_company', () => {
    it('a valid email beats more followers; among equals the sort decides', async () => {
      await expectIds(a.api, { company: { id: { include: [C.globex] } }, max_person_per_company: 1 }, [P.lukasz]); // valid: jose, lukasz, mei → most followers
      await expectIds(
        a.api,
        { company: { id: { include: [C.globex] } }, max_person_per_company: 1, sort_by: 'person_first_name' },
        [P.jose],
      ); // José < Łukasz < Mei
      await expectOrder(a.api, { company: { id: { include: [C.globex] } }, max_person_per_company: 2 }, [
        P.lukasz,
        P.jose,
      ]);
      // umbrella: valid alice (Walker), bob (Smith); by last name chloe (Martin) would lead without the valid-email rule
      await expectIds(
        a.api,
        {
          company: { id: { include: [C.umbrella] } },
          max_person_per_company: 1,
          sort_by: 'person_last_name',
          sort_direction: 'asc',
        },
        [P.bob],
      );
      // initech: only milton is valid; the second slot goes to the sort's first among the rest (peter, most followers)
      await expectOrder(a.api, { company: { id: { include: [C.initech] } }, max_person_per_company: 2 }, [
        P.peter,
        P.milton,
      ]);
      const r = await expectOrder(
        a.api,
        { company: { id: { include: [C.initech, C.umbrella, C.globex] } }, max_person_per_company: 1 },
        [P.lukasz, P.alice, P.milton],
      );
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
});
