import { SEARCH_COMPANY_EXAMPLE } from '../companies/company.example';

/** A Person in search shape, for Swagger examples. */
export const PERSON_EXAMPLE = {
  id: '5e0000000000000000000001',
  first_name: 'José',
  last_name: 'García',
  full_name: 'José García',
  pro_network_url: 'https://pronet.example/in/jose-garcia-01',
  followers: 9100,
  location: { city: 'New York', state: 'New York', state_code: 'NY', country: 'United States', country_code: 'US' },
  contact_details: { email: { status: 'valid', revealed: false }, phone: { status: 'found' } },
  primary_position: {
    title: 'VP Sales',
    seniority: 'VP',
    departments: ['Sales', 'Sales Leader'],
    started_at: '2023-07-10',
    ended_at: null,
    company_id: '5c0000000000000000000001',
    company: { ...SEARCH_COMPANY_EXAMPLE, saved: null },
  },
};
