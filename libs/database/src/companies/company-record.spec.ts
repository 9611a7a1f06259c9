import { CompanyRow, SOCIAL_NETWORK_KEYS, toCompanyRecord } from './company-record';

const row = (over: Partial<CompanyRow> = {}): CompanyRow => ({
  id: '5c0000000000000000000001',
  name: 'Globex',
  description: 'desc',
  logo: null,
  website: 'globex.com',
  email_domain: 'globex.com',
  pro_network_url: 'https://pronet.example/company/globex',
  social_networks: { social_a_url: 'https://a.example/globex', unknown_key: 'x' },
  industry: null,
  keywords: ['enterprise software'],
  naics_codes: [511210],
  type: 'Public Company',
  business_type: 'B2B',
  revenue_stream: null,
  founded: 1989,
  employee_count: 4200,
  employee_range: '1001-5000',
  location: { city: 'New York', country_code: 'US' },
  other_locations: [{ city: 'Berlin' }],
  technologies: [{ id: 't1', name: 'React', icon_url: null, website: null, categories: [] }],
  technologies_checked_at: new Date('2026-11-01T12:00:00Z'),
  saved_at: null,
  name_edit: null,
  list_ids: [],
  ...over,
});

describe('toCompanyRecord', () => {
  it('omits technologies entirely unless asked for them', () => {
    const record = toCompanyRecord(row(), { technologies: false });
    expect('technologies' in record).toBe(false);
    expect('technologies_checked_at' in record).toBe(false);
    const full = toCompanyRecord(row(), { technologies: true });
    expect(full.technologies).toHaveLength(1);
    expect(full.technologies_checked_at).toBe('2026-11-01T12:00:00.000Z');
  });

  it('answers every social network key, null when not found, and drops unknown ones', () => {
    const record = toCompanyRecord(row(), { technologies: false });
    expect(Object.keys(record.social_networks)).toEqual([...SOCIAL_NETWORK_KEYS]);
    expect(record.social_networks.social_a_url).toBe('https://a.example/globex');
    expect(record.social_networks.pinboard_url).toBeNull();
  });

  it('gives locations every field, null when unknown', () => {
    const record = toCompanyRecord(row(), { technologies: false });
    expect(record.location).toEqual({
      city: 'New York',
      state: null,
      state_code: null,
      country: null,
      country_code: 'US',
      raw_address: null,
    });
    expect(record.other_locations[0].raw_address).toBeNull();
    expect(toCompanyRecord(row({ location: null }), { technologies: false }).location).toBeNull();
  });

  it('answers saved null for a company the workspace never saved', () => {
    expect(toCompanyRecord(row(), { technologies: false }).saved).toBeNull();
  });

  it("replaces the name with the workspace's edit and shows the edit", () => {
    const record = toCompanyRecord(
      row({ saved_at: '2026-11-20T10:00:00Z', name_edit: 'Globex Corp', list_ids: ['lst_1'] }),
      { technologies: false },
    );
    expect(record.name).toBe('Globex Corp');
    expect(record.saved).toEqual({
      id: null,
      saved_at: '2026-11-20T10:00:00.000Z',
      list_ids: ['lst_1'],
      edits: { name: 'Globex Corp' },
    });
    expect(Object.keys(record).at(-1)).toBe('saved');
  });

  it('keeps edits empty while the name is not edited', () => {
    const record = toCompanyRecord(row({ saved_at: '2026-11-20T10:00:00Z' }), { technologies: false });
    expect(record.name).toBe('Globex');
    expect(record.saved?.edits).toEqual({});
  });
});
