import { locationCandidates } from '@app/domain/locations/location-keys';
import { INDUSTRY_GROUPS } from '@app/domain/enums/industries';
import { companyRecord, personRecord, writeLines } from '../support/dataset-records';
import { errorOf } from '../support/http';
import { workspaceHarness } from '../support/stack';

// Jest reads testTimeout only from the root config; the e2e project's 60 s would not apply here.
jest.setTimeout(120_000);

const cid = (n: number) => `5c${'0'.repeat(20)}${String(n).padStart(2, '0')}`;
const pid = (n: number) => `5e${'0'.repeat(20)}${String(n).padStart(2, '0')}`;

const COMPANIES = [
  companyRecord(cid(1), {
    name: 'Globex',
    keywords: ['enterprise software', 'sales automation', 'ai'],
    industry: 'Software Development',
    employee_count: 4200,
    website: 'globex.com',
  }),
  companyRecord(cid(2), {
    name: 'Globex Logistics',
    keywords: ['Sales Automation', 'logistics'],
    industry: 'Truck Transportation',
    employee_count: null,
    website: null,
  }),
  companyRecord(cid(3), {
    name: 'Initech',
    keywords: ['sales', 'enterprise software'],
    industry: 'Software Development',
    employee_count: 300,
    website: 'initech.com',
  }),
  companyRecord(cid(4), {
    name: 'Umbrella Sales Group',
    keywords: ['pharma', 'sales automation'],
    industry: 'Pharmaceutical Manufacturing',
    employee_count: 50,
    website: 'umbrella.example',
  }),
  companyRecord(cid(5), {
    name: 'Initech',
    keywords: [],
    industry: null,
    employee_count: 10,
    website: 'initech.example',
  }),
];

const place = (
  city: string | null,
  state: string | null,
  state_code: string | null,
  country: string,
  country_code: string,
) => ({ city, state, state_code, country, country_code });
const NYC = place('New York', 'New York', 'NY', 'United States', 'US');
const AUSTIN = place('Austin', 'Texas', 'TX', 'United States', 'US');

function person(n: number, title: string | null, location: object | null, company = cid(1)) {
  const positions =
    title === null
      ? []
      : [
          {
            company_id: company,
            title,
            seniority: 'Manager',
            departments: ['Sales'],
            started_at: '2024-03-01',
            ended_at: null,
            is_primary: true,
          },
        ];
  return personRecord(pid(n), company, { positions, location });
}

const PEOPLE = [
  person(1, 'Inside Sales Representative', NYC),
  person(2, 'Sales Manager', AUSTIN),
  person(3, 'Sales Manager', AUSTIN, cid(3)),
  person(4, 'sales manager', place('Berlin', 'Berlin', 'BE', 'Germany', 'DE')),
  person(5, 'VP Sales', place('London', 'England', 'ENG', 'United Kingdom', 'GB')),
  person(6, 'Sales', place('Kraków', 'Lesser Poland', '12', 'Poland', 'PL')),
  person(7, 'Director of Salesforce Ops', place('Springfield', null, null, 'United States', 'US')),
  person(8, null, null),
  person(9, 'Account Executive', place('São Paulo', 'São Paulo', 'SP', 'Brazil', 'BR'), cid(3)),
];

describe('POST /v2/search/suggest', () => {
  const harness = workspaceHarness();
  const suggest = (body: unknown) => harness.ws.api.post('/v2/search/suggest', body);
  /** The suggestion values (or `[value, count]` pairs) answered for one request. */
  const values = async (body: object) => {
    const res = await suggest(body);
    expect(res.status).toBe(200);
    return (res.body.data as { value: string }[]).map((d) => d.value);
  };
  const pairs = async (body: object) =>
    ((await suggest(body)).body.data as { value: string; count: number }[]).map((d) => [d.value, d.count]);

  beforeAll(async () => {
    const companies = writeLines(
      'companies.ndjson',
      COMPANIES.map((c) => JSON.stringify(c)),
    );
    const people = writeLines(
      'people.ndjson',
      PEOPLE.map((p) => JSON.stringify(p)),
    );
    const result = await harness.stack.cli(['dataset:import', '--companies', companies, '--people', people]);
    expect(result.json).toEqual({
      companies: { imported: COMPANIES.length, rejected: 0 },
      people: { imported: PEOPLE.length, rejected: 0 },
    });
  });

  it('person_job_title: the exact title, then titles starting with the query, then titles with a later word starting with it', async () => {
    const res = await suggest({ type: 'person_job_title', query: 'sales' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, metadata: { timestamp: expect.any(String) } });
    // "Sales Manager" and "sales manager" are one value (3 people) under the spelling most use;
    // inside a tier: count descending, then value.
    expect(res.body.data).toEqual([
      { value: 'Sales', count: 1 },
      { value: 'Sales Manager', count: 3 },
      { value: 'Director of Salesforce Ops', count: 1 },
      { value: 'Inside Sales Representative', count: 1 },
      { value: 'VP Sales', count: 1 },
    ]);
  });

  it('matches case-insensitively, at any word, across words, and never inside a word', async () => {
    expect(await values({ type: 'person_job_title', query: '  SALES   man ' })).toEqual(['Sales Manager']);
    expect(await values({ type: 'person_job_title', query: 'inside sa' })).toEqual(['Inside Sales Representative']);
    expect(await values({ type: 'person_job_title', query: 'rep' })).toEqual(['Inside Sales Representative']);
    expect(await values({ type: 'person_job_title', query: 'ales' })).toEqual([]);
    expect(await values({ type: 'person_job_title', query: 'force' })).toEqual([]);
    expect(await values({ type: 'person_job_title', query: 'zzz' })).toEqual([]);
  });

  it('honours limit (default 10, 1-50) for short and long queries alike', async () => {
    expect(await values({ type: 'person_job_title', query: 'sales', limit: 2 })).toEqual(['Sales', 'Sales Manager']);
    // "s" equals no title: titles starting with it by count, then titles with a later word starting with it
    expect(await values({ type: 'person_job_title', query: 's' })).toEqual([
      'Sales Manager',
      'Sales',
      'Director of Salesforce Ops',
      'Inside Sales Representative',
      'VP Sales',
    ]);
    expect(await values({ type: 'person_job_title', query: 's', limit: 2 })).toEqual(['Sales Manager', 'Sales']);
    expect(await values({ type: 'person_job_title', query: 'sa', limit: 1 })).toEqual(['Sales Manager']);
    expect(await values({ type: 'person_job_title', query: 'sal', limit: 3 })).toEqual([
      'Sales Manager',
      'Sales',
      'Director of Salesforce Ops',
    ]);
    const industries = await values({ type: 'company_industry', query: 'a', limit: 50 });
    expect(industries.length).toBeGreaterThan(10);
    expect(await values({ type: 'company_industry', query: 'a' })).toEqual(industries.slice(0, 10));
    expect(await values({ type: 'company_industry', query: 'a', limit: 3 })).toEqual(industries.slice(0, 3));
  });

  it('company_keywords: specialties counted by companies, spelled as most companies spell them; shorter than 3 characters left out', async () => {
    expect(await pairs({ type: 'company_keywords', query: 'sales' })).toEqual([
      ['sales', 1],
      ['sales automation', 3],
    ]);
    expect(await pairs({ type: 'company_keywords', query: 'soft' })).toEqual([['enterprise software', 2]]);
    expect(await pairs({ type: 'company_keywords', query: 'ai' })).toEqual([]);
    expect(await pairs({ type: 'company_keywords', query: 'lo' })).toEqual([['logistics', 1]]);
  });

  it('company_industry: industries and groups from the static lists; a group counts the companies of all its industries', async () => {
    expect(await pairs({ type: 'company_industry', query: 'software' })).toEqual([['Software Development', 2]]);
    // "Construction" is a group and an industry: offered once.
    expect(await pairs({ type: 'company_industry', query: 'construction' })).toEqual([
      ['Construction', 0],
      ['Building Construction', 0],
    ]);
    const manufacturing = INDUSTRY_GROUPS.Manufacturing.filter((i) => i !== 'Pharmaceutical Manufacturing').sort();
    expect(await pairs({ type: 'company_industry', query: 'Manufacturing', limit: 50 })).toEqual([
      ['Manufacturing', 1],
      ['Pharmaceutical Manufacturing', 1],
      ...manufacturing.map((i) => [i, 0]),
    ]);
  });

  it('person_location: countries, "State, Country", "City, State, Country", "City, Country" without a state, and regions', async () => {
    expect(await pairs({ type: 'person_location', query: 'united' })).toEqual([
      ['United States', 4],
      ['United Kingdom', 1],
      ['Austin, Texas, United States', 2],
      ['Texas, United States', 2],
      ['England, United Kingdom', 1],
      ['London, England, United Kingdom', 1],
      ['New York, New York, United States', 1],
      ['New York, United States', 1],
      ['Springfield, United States', 1],
    ]);
    expect(await pairs({ type: 'person_location', query: 'europe' })).toEqual([
      ['Europe', 3],
      ['European Union', 2],
    ]);
    expect(await pairs({ type: 'person_location', query: 'dach' })).toEqual([['DACH', 1]]);
    expect(await values({ type: 'person_location', query: 'a', limit: 2 })).toEqual([
      'AMER',
      'Austin, Texas, United States',
    ]);
  });

  it('person_location: diacritics are significant, case is not', async () => {
    expect(await values({ type: 'person_location', query: 'KRAKÓW' })).toEqual(['Kraków, Lesser Poland, Poland']);
    expect(await values({ type: 'person_location', query: 'krakow' })).toEqual([]);
    expect(await values({ type: 'person_location', query: 'são' })).toEqual([
      'São Paulo, Brazil',
      'São Paulo, São Paulo, Brazil',
    ]);
    expect(await values({ type: 'person_location', query: 'sao' })).toEqual([]);
  });

  it('person_location: every value resolves as a person_location include, to as many people as its count', async () => {
    const res = await suggest({ type: 'person_location', query: 'a', limit: 50 });
    const all = [
      ...res.body.data,
      ...(await suggest({ type: 'person_location', query: 's', limit: 50 })).body.data,
      ...(await suggest({ type: 'person_location', query: 'n', limit: 50 })).body.data,
    ];
    expect(all.length).toBeGreaterThan(20);
    for (const { value, count } of all as { value: string; count: number }[]) {
      const { always, ifPresent } = locationCandidates(value);
      const keys = [...always, ...ifPresent];
      expect([value, keys.length > 0]).toEqual([value, true]);
      const [{ n }] = await harness.stack.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM people WHERE location_keys && $1::text[]`,
        [keys],
      );
      expect([value, n]).toEqual([value, count]);
    }
  });

  it('every suggested value works as the filter it is for in POST /v2/people/search', async () => {
    const search = async (filters: object) => {
      const res = await harness.ws.api.post('/v2/people/search', { filters, per_page: 1 });
      expect([JSON.stringify(filters), res.status]).toEqual([JSON.stringify(filters), 200]);
      return res.body.metadata.pagination.total_count as number;
    };
    for (const { value, count } of (await suggest({ type: 'person_location', query: 'united', limit: 50 })).body.data) {
      expect([value, await search({ person_location: { include: [value] } })]).toEqual([value, count]);
    }
    for (const { value, count } of (await suggest({ type: 'person_job_title', query: 's', limit: 50 })).body.data) {
      expect([value, await search({ person_job_title: { include: [value], match_mode: 'EXACT' } })]).toEqual([
        value,
        count,
      ]);
    }
    expect(await search({ company_keywords: { include: ['sales automation'] } })).toBe(
      PEOPLE.filter((p) => [cid(1), cid(2), cid(4)].includes(p.positions[0]?.company_id)).length,
    );
    expect(await search({ company_industry: { include: ['Software Development'] } })).toBe(
      PEOPLE.filter((p) => [cid(1), cid(3)].includes(p.positions[0]?.company_id)).length,
    );
    expect(await search({ company: { name: { include: ['Globex'] } } })).toBe(
      PEOPLE.filter((p) => p.positions[0]?.company_id === cid(1)).length,
    );
  });

  it('company_name: one item per company with id and website, counted by headcount (0 when unknown)', async () => {
    const res = await suggest({ type: 'company_name', query: 'glob' });
    expect(res.body.data).toEqual([
      { value: 'Globex', count: 4200, id: cid(1), website: 'globex.com' },
      { value: 'Globex Logistics', count: 0, id: cid(2), website: null },
    ]);
    expect(await pairs({ type: 'company_name', query: 'initech' })).toEqual([
      ['Initech', 300],
      ['Initech', 10],
    ]);
    expect(
      (await suggest({ type: 'company_name', query: 'initech' })).body.data.map((d: { id: string }) => d.id),
    ).toEqual([cid(3), cid(5)]);
    expect(await pairs({ type: 'company_name', query: 'sales' })).toEqual([['Umbrella Sales Group', 50]]);
  });

  it('answers 400 VALIDATION_ERROR with payload.field and payload.code for a bad body', async () => {
    const cases: [unknown, string, string][] = [
      [{ type: 'person_job_title', query: 'x', extra: 1 }, 'extra', 'unknown_field'],
      [{ type: 'person_name', query: 'x' }, 'type', 'invalid_value'],
      [{ type: 7, query: 'x' }, 'type', 'invalid_value'],
      [{ query: 'x' }, 'type', 'invalid_value'],
      [{ type: 'person_job_title', query: 12 }, 'query', 'invalid_value'],
      [{ type: 'person_job_title' }, 'query', 'invalid_value'],
      [{ type: 'person_job_title', query: '   ' }, 'query', 'out_of_range'],
      [{ type: 'person_job_title', query: 'x'.repeat(101) }, 'query', 'out_of_range'],
      [{ type: 'person_job_title', query: 'x', limit: 0 }, 'limit', 'out_of_range'],
      [{ type: 'person_job_title', query: 'x', limit: 51 }, 'limit', 'out_of_range'],
      [{ type: 'person_job_title', query: 'x', limit: 2.5 }, 'limit', 'invalid_value'],
      [{ type: 'person_job_title', query: 'x', limit: '5' }, 'limit', 'invalid_value'],
    ];
    for (const [body, field, code] of cases) {
      const res = await suggest(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      const e = errorOf(res);
      expect(e.name).toBe('VALIDATION_ERROR');
      expect([JSON.stringify(body), e.payload.field, e.payload.code]).toEqual([JSON.stringify(body), field, code]);
    }
    const unknown = errorOf(await suggest({ type: 'person_job_title', query: 'x', extra: 1 }));
    expect(unknown.payload.allowed_fields).toEqual(['limit', 'query', 'type']);
    // 100 characters after trimming are fine
    expect((await suggest({ type: 'person_job_title', query: ` ${'x'.repeat(100)} ` })).status).toBe(200);
  });

  it('answers 401 without an API key', async () => {
    const res = await harness.stack.anon.post('/v2/search/suggest', { type: 'person_job_title', query: 'sales' });
    expect(res.status).toBe(401);
    expect(errorOf(res).name).toBe('UNAUTHORIZED');
  });

  it('offers what a later dataset:import brings: the import refreshes the suggestions', async () => {
    expect(await values({ type: 'person_job_title', query: 'happ' })).toEqual([]);
    const people = writeLines('more-people.ndjson', [
      JSON.stringify(
        person(10, 'Chief Happiness Officer', place('Lyon', 'Auvergne-Rhône-Alpes', 'ARA', 'France', 'FR')),
      ),
    ]);
    const result = await harness.stack.cli(['dataset:import', '--people', people]);
    expect(result.json).toEqual({ companies: { imported: 0, rejected: 0 }, people: { imported: 1, rejected: 0 } });
    expect(await pairs({ type: 'person_job_title', query: 'happ' })).toEqual([['Chief Happiness Officer', 1]]);
    expect(await values({ type: 'person_location', query: 'rhône' })).toEqual([
      'Auvergne-Rhône-Alpes, France',
      'Lyon, Auvergne-Rhône-Alpes, France',
    ]);
    // earlier values are still there
    expect(await values({ type: 'person_job_title', query: 'sales', limit: 2 })).toEqual(['Sales', 'Sales Manager']);
  });
});
