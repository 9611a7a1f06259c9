/** A Company as GET /v2/companies/{id} answers it, for Swagger examples. */
export const COMPANY_EXAMPLE = {
  id: '5c0000000000000000000001',
  name: 'Globex',
  description: 'Globex builds enterprise software.',
  logo: 'https://logos.example/globex.png',
  website: 'globex.com',
  email: { domain: 'globex.com', provider: null },
  pro_network_url: 'https://pronet.example/company/globex',
  social_networks: {
    pro_network_url: 'https://pronet.example/company/globex',
    social_a_url: 'https://social-a.example/globex',
    social_b_url: null,
    social_c_url: null,
    video_a_url: null,
    video_b_url: null,
    directory_url: null,
    code_host_url: 'https://code.example/globex',
    pinboard_url: null,
  },
  industry: 'Software Development',
  keywords: ['enterprise software', 'sales automation'],
  naics_codes: [511210],
  type: 'Public Company',
  business_type: 'B2B',
  revenue_stream: 'Subscriptions / Recurring',
  founded: 1989,
  employee_count: 4200,
  employee_range: '1001-5000',
  location: {
    city: 'New York',
    state: 'New York',
    state_code: 'NY',
    country: 'United States',
    country_code: 'US',
    raw_address: '1 Globex Plaza, New York, NY 10001',
  },
  other_locations: [
    { city: 'Berlin', state: 'Berlin', state_code: 'BE', country: 'Germany', country_code: 'DE', raw_address: null },
  ],
  technologies: [
    {
      id: 'tech_salesforce',
      name: 'Salesforce',
      icon_url: null,
      website: 'salesforce.com',
      categories: [{ id: 'cat_crm', name: 'CRM' }],
    },
  ],
  technologies_checked_at: '2026-11-17T12:00:00.000Z',
  saved: {
    id: null,
    saved_at: '2026-11-20T10:00:00.000Z',
    list_ids: ['lst_01JD3V7R8W9X0Y1Z2A3B4C5D6E'],
    edits: { name: 'Globex Corp' },
  },
};

/** The same company in search shape (people search, saves, events): no technologies. */
export const SEARCH_COMPANY_EXAMPLE = (({ technologies, technologies_checked_at, ...rest }) => rest)(COMPANY_EXAMPLE);
