import type { EmailStatus, Seniority } from '../enums/people-enums';

/** A location as the dataset files and the Company record carry it. */
export interface LocationInput {
  city: string | null;
  state: string | null;
  state_code: string | null;
  country: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country_code: string | null;
  raw_address: string | null;
}

export interface TechnologyInput {
  id: string;
  name: string;
  icon_url: string | null;
  website: string | null;
  categories: Array<{ id: string; name: string }>;
}

/** A company line of a dataset file (docs/dataset.md), every member present after validation. */
export interface CompanyInput {
  id: string;
  name: string | null;
  description: string | null;
  logo: string | null;
  website: string | null;
  email: { domain: string | null; provider: string | null };
  pro_network_url: string | null;
  social_networks: Record<string, string | null>;
  industry: string | null;
  keywords: string[];
  naics_codes: number[];
  type: string | null;
  business_type: string | null;
  revenue_stream: string | null;
  founded: number | null;
  employee_count: number | null;
  employee_range: string | null;
  location: LocationInput | null;
  other_locations: LocationInput[];
  technologies: TechnologyInput[];
  technologies_checked_at: string | null;
  pro_network_id: number | null;
  organization_id: string | null;
  page_type: string | null;
  pro_network_website: string | null;
  social_media_description: string | null;
  website_text: string | null;
}

export interface PositionInput {
  company_id: string | null;
  title: string | null;
  seniority: Seniority | null;
  departments: string[];
  /** YYYY-MM-DD */
  started_at: string | null;
  ended_at: string | null;
  is_primary: boolean;
}

/** A person line of a dataset file (docs/dataset.md), every member present after validation. */
export interface PersonInput {
  id: string;
  first_name: string | null;
  last_name: string | null;
  pro_network_url: string | null;
  followers: number;
  location: Omit<LocationInput, 'raw_address'> | null;
  emails: Array<{ address: string; status: EmailStatus }>;
  phone: { status: string } | null;
  positions: PositionInput[];
}
