import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { errorOf } from '../support/http';
import { workspaceHarness } from '../support/stack';

// Jest reads testTimeout only from the root config; the e2e project's 60 s would not apply here.
jest.setTimeout(120_000);

/** The "Department values" paragraph of docs/api.md, the project's own statement of the enumeration. */
function documentedDepartments(): { groups: string[]; subs: string[] } {
  // Walks up from here, so the file may move within test/.
  let dir = __dirname;
  while (!existsSync(join(dir, 'docs', 'api.md')) && dirname(dir) !== dir) dir = dirname(dir);
  const text = readFileSync(join(dir, 'docs', 'api.md'), 'utf8');
  const m = /Department values\. Groups: ([^.]+)\. Sub-departments: ([^\n]+)\.\s*$/m.exec(text);
  if (!m) throw new Error('docs/api.md department paragraph not found');
  return { groups: m[1].split('; '), subs: m[2].split('; ') };
}

describe('GET /v2/enums/{name}', () => {
  const harness = workspaceHarness();

  const get = async (name: string) => {
    const res = await harness.ws.api.get(`/v2/enums/${name}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body.data as Array<Record<string, any>>;
  };

  it('answers every enumeration docs/api.md names as a non-empty list of values', async () => {
    for (const name of [
      'industries',
      'regions',
      'seniorities',
      'departments',
      'employee_ranges',
      'countries',
      'company_types',
      'business_types',
      'revenue_streams',
      'keywords_sources',
    ]) {
      const data = await get(name);
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((item) => typeof item.value === 'string')).toBe(true);
    }
  });

  it('lists the department groups and sub-departments exactly as docs/api.md does, each sub-department under one group', async () => {
    const spec = documentedDepartments();
    const data = await get('departments');
    const groups = data.filter((d) => d.type === 'group');
    const subs = data.filter((d) => d.type === 'sub_department');
    expect(groups.map((g) => g.value).sort()).toEqual([...spec.groups].sort());
    expect(subs.map((s) => s.value).sort()).toEqual([...spec.subs].sort());
    for (const s of subs) expect(groups.find((g) => g.value === s.group)?.sub_departments).toContain(s.value);
    expect(groups.find((g) => g.value === 'Sales')?.sub_departments).toEqual(
      expect.arrayContaining(['Inside Sales', 'Sales Operations', 'Sales Leader']),
    );
  });

  it('expands regions to member ISO countries', async () => {
    const regions = await get('regions');
    const countries = new Set((await get('countries')).map((c) => c.value));
    expect(regions.find((r) => r.value === 'DACH')?.countries).toEqual(['DE', 'AT', 'CH']);
    expect(regions.find((r) => r.value === 'Europe')?.countries).toEqual(
      expect.arrayContaining(['DE', 'FR', 'GB', 'ES', 'IT', 'PL']),
    );
    expect(regions.find((r) => r.value === 'North America')?.countries).toEqual(expect.arrayContaining(['US', 'CA']));
    for (const r of regions) for (const c of r.countries) expect(countries.has(c)).toBe(true);
  });

  it('answers the documented fixed value sets', async () => {
    expect((await get('seniorities')).map((s) => s.value)).toEqual([
      'Owner',
      'Partner',
      'Chief Officer',
      'VP',
      'Director',
      'Senior',
      'Manager',
      'Entry',
      'Intern',
      'Unpaid',
    ]);
    expect((await get('employee_ranges')).map((s) => s.value)).toEqual([
      '1-10',
      '11-50',
      '51-200',
      '201-500',
      '501-1000',
      '1001-5000',
      '5001-10000',
      '10001+',
    ]);
    expect((await get('business_types')).map((s) => s.value)).toEqual(['B2B', 'B2C', 'Nonprofit', 'Unknown']);
    expect((await get('keywords_sources')).map((s) => s.value)).toEqual([
      'specialties',
      'social_media_description',
      'website_pages',
    ]);
    expect((await get('company_types')).map((s) => s.value)).toContain('Government Agency');
    expect((await get('revenue_streams')).map((s) => s.value)).toContain('Licensing / IP');
    const countries = await get('countries');
    expect(countries).toHaveLength(249);
    expect(countries.find((c) => c.value === 'DE')).toEqual({ value: 'DE', name: 'Germany' });
    const industries = await get('industries');
    const software = industries.find((i) => i.value === 'Software Development');
    expect(software).toEqual({
      value: 'Software Development',
      type: 'industry',
      group: 'Technology, Information and Media',
    });
    expect(industries.find((i) => i.value === software!.group)?.industries).toContain('Software Development');
  });

  it('answers 404 NOT_FOUND for an unknown name and 401 without a key', async () => {
    for (const name of ['colours', 'constructor', '__proto__', 'toString']) {
      const res = await harness.ws.api.get(`/v2/enums/${name}`);
      expect(res.status).toBe(404);
      expect(errorOf(res).name).toBe('NOT_FOUND');
    }
    const anon = await harness.stack.anon.get('/v2/enums/seniorities');
    expect(anon.status).toBe(401);
  });

  it('documents the route in /docs-json', async () => {
    const res = await harness.stack.anon.get('/docs-json');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/v2/enums/{name}', '/v2/companies/{id}']));
  });
});
