import { validateCompany, validatePerson } from './validate-record';

const ID = '5e0000000000000000000001';
const COMPANY = '5c0000000000000000000001';
const person = (over: Record<string, unknown> = {}) => ({
  id: ID,
  first_name: 'Ada',
  last_name: 'Lovelace',
  pro_network_url: 'https://pronet.example/in/ada',
  followers: 1200,
  location: { city: 'London', state: 'England', state_code: 'ENG', country: 'United Kingdom', country_code: 'GB' },
  emails: [{ address: 'ada@example.com', status: 'valid' }],
  phone: { status: 'found' },
  positions: [
    {
      company_id: COMPANY,
      title: 'VP of Sales',
      seniority: 'VP',
      departments: ['Sales', 'Sales Leader'],
      started_at: '2024-03-01',
      ended_at: null,
      is_primary: true,
    },
  ],
  ...over,
});
const reason = (r: { ok: boolean; reason?: string }) => (r.ok ? 'ok' : r.reason);

describe('validatePerson', () => {
  it('accepts the documented example person and fills absent members', () => {
    const r = validatePerson(person());
    expect(r.ok).toBe(true);
    const bare = validatePerson({ id: ID });
    expect(bare).toEqual({
      ok: true,
      record: expect.objectContaining({ emails: [], positions: [], followers: 0, location: null, phone: null }),
    });
  });

  it.each([
    [{ id: 'ABC' }, 'id: expected 24 lowercase hexadecimal characters'],
    [{ id: ID.toUpperCase() }, 'id: expected 24 lowercase'],
    [{ followers: '12' }, 'followers: expected an integer, got string'],
    [{ followers: 1.5 }, 'followers: expected an integer, got 1.5'],
    [{ first_name: 42 }, 'first_name: expected a string or null, got number'],
    [
      { emails: [{ address: 'ada@example.com', status: 'bounced' }] },
      'emails[0].status: unknown email status "bounced"',
    ],
    [{ emails: [{ address: 'not-an-email', status: 'valid' }] }, 'emails[0].address: not an email address'],
    [{ emails: {} }, 'emails: expected an array, got object'],
    [{ positions: [{ seniority: 'Boss' }] }, 'positions[0].seniority: unknown seniority "Boss"'],
    [
      { positions: [{ departments: ['Sales', 'Sorcery'] }] },
      'positions[0].departments[1]: unknown department "Sorcery"',
    ],
    [{ positions: [{ started_at: '2024-02-30' }] }, 'positions[0].started_at: expected a date YYYY-MM-DD'],
    [
      { positions: [{ started_at: '2024-03-01', ended_at: '2024-01-01' }] },
      'positions[0].ended_at: 2024-01-01 is before started_at',
    ],
    [{ positions: [{ company_id: 'x' }] }, 'positions[0].company_id: expected 24 lowercase'],
    [{ positions: [{ is_primary: 'yes' }] }, 'positions[0].is_primary: expected a boolean, got string'],
    [
      { positions: [{ is_primary: true }, { is_primary: true }] },
      'positions: more than one current position is marked is_primary',
    ],
    [{ location: { country_code: 'XX' } }, 'location.country_code: unknown ISO 3166-1 alpha-2 country code "XX"'],
    [{ location: { planet: 'Mars' } }, 'location.planet: unknown member'],
    [{ nickname: 'Ada' }, 'nickname: unknown member'],
    [{ phone: { status: 'maybe' } }, 'phone.status: unknown phone status "maybe"'],
    [{ pro_network_url: 'pronet.example/in/ada' }, 'pro_network_url: expected an http(s) URL'],
  ])('rejects %j with its reason', (over, expected) => {
    expect(reason(validatePerson(person(over)))).toContain(expected);
  });

  it('rejects a record that is not an object', () => {
    expect(reason(validatePerson([1, 2]))).toBe('record: expected an object, got array');
    expect(reason(validatePerson(null))).toBe('record: expected an object, got null');
  });

  it('normalises country codes to upper case', () => {
    const r = validatePerson(person({ location: { country_code: 'gb' } }));
    expect(r.ok && r.record.location?.country_code).toBe('GB');
  });
});

describe('validateCompany', () => {
  const company = (over: Record<string, unknown> = {}) => ({
    id: COMPANY,
    name: 'Globex',
    email: { domain: 'globex.com', provider: null },
    social_networks: { pro_network_url: 'https://pronet.example/company/globex' },
    industry: 'Software Development',
    keywords: ['enterprise software'],
    naics_codes: [511210],
    type: 'Public Company',
    business_type: 'B2B',
    revenue_stream: 'Subscriptions / Recurring',
    founded: 1989,
    employee_count: 4200,
    employee_range: '1001-5000',
    location: { city: 'New York', country_code: 'US', raw_address: '1 Globex Plaza' },
    other_locations: [{ city: 'Berlin', country_code: 'DE' }],
    technologies: [
      {
        id: 'tech_react',
        name: 'React',
        icon_url: null,
        website: 'react.dev',
        categories: [{ id: 'cat_js', name: 'JavaScript Frameworks' }],
      },
    ],
    technologies_checked_at: '2026-11-01T12:00:00Z',
    pro_network_id: 1001,
    organization_id: 'org_globex',
    page_type: 'main',
    ...over,
  });

  it('accepts a full company and answers every social network key', () => {
    const r = validateCompany(company());
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(Object.keys(r.record.social_networks)).toHaveLength(9);
      expect(r.record.technologies_checked_at).toBe('2026-11-01T12:00:00.000Z');
      expect(r.record.other_locations[0]).toEqual({
        city: 'Berlin',
        state: null,
        state_code: null,
        country: null,
        country_code: 'DE',
        raw_address: null,
      });
    }
  });

  it.each([
    [{ page_type: 'fan_page' }, 'page_type: unknown page type "fan_page"'],
    [{ employee_range: '1-5' }, 'employee_range: unknown employee range "1-5"'],
    [{ type: 'Cooperative' }, 'type: unknown company type "Cooperative"'],
    [{ industry: 'Alchemy' }, 'industry: unknown industry "Alchemy"'],
    [{ naics_codes: ['5112'] }, 'naics_codes[0]: expected an integer, got string'],
    [
      { technologies: [{ id: 't', name: 'T', categories: [{ id: 'c' }] }] },
      'technologies[0].categories[0].name: required',
    ],
    [{ technologies_checked_at: 'yesterday' }, 'technologies_checked_at: expected an ISO 8601 timestamp'],
    [{ social_networks: { myspace_url: 'https://x' } }, 'social_networks.myspace_url: unknown member'],
    [{ other_locations: [null] }, 'other_locations[0]: expected an object, got null'],
    [{ saved: null }, 'saved: unknown member'],
  ])('rejects %j with its reason', (over, expected) => {
    expect(reason(validateCompany(company(over)))).toContain(expected);
  });
});
