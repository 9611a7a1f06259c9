/**
 * The hand-made people search fixture: the public conformance fixture (15 companies, 40 people,
 * the conformance suite's fixtures.mjs) ported as is — same ids, same dates relative to the
 * current UTC month — plus an EXTENSION (6 companies, 14 people) for keys and edge cases the
 * conformance rows do not reach (keyword sources, regions and ambiguous cities, industries, two
 * current positions, no current position, boomerang tenure, calendar-month edges, colleagues with
 * equal followers).
 *
 * Expected answers in the specs are literal id lists written by hand from the tables below; the
 * comment on each row says what the row is for. Nothing here re-implements the engine.
 */
import { writeLines } from './dataset-records';
import type { ApiClient, HttpAnswer } from './http';
import type { TestStack } from './stack';

const cid = (n: number) => '5c' + '0'.repeat(20) + String(n).padStart(2, '0');
const pid = (n: number) => '5e' + '0'.repeat(20) + String(n).padStart(2, '0');

// ------------------------------------------------------------------ company ids
export const C = {
  // --- conformance rows
  globex: cid(1), // org_globex main page, HQ New York US, offices Berlin DE + London GB, 4200 (1001-5000), pro_network_id 1001
  globex_de: cid(2), // org_globex regional page, HQ Berlin DE, 300 (201-500); its network page shows globex.com
  globex_labs: cid(3), // org_globex brand page, HQ Austin US, 45 (11-50); network page shows globexlabs.io
  initech: cid(4), // org_globex subsidiary page, HQ Dallas US, 800 (501-1000); website initech.com
  globex_careers: cid(5), // org_globex link_only page: no website, no location, no headcount, every attribute null
  acme: cid(6), // Acme Analytics, HQ San Francisco US, 35 (11-50), pro_network_id 1006
  umbrella: cid(7), // Umbrella Health, HQ London GB, office Boston US, 7500 (5001-10000)
  soylent: cid(8), // Soylent Foods, HQ Paris FR, office Munich DE, 320 (201-500)
  hooli: cid(9), // Hooli, HQ Berlin DE, 120 (51-200), pro_network_id 1009
  vandelay: cid(10), // Vandelay Industries, HQ Madrid ES, 7 (1-10), pro_network_id 1010
  pied: cid(11), // Pied Piper, HQ Palo Alto US, office London GB, 15 (11-50)
  stark: cid(12), // Stark Industries, HQ New York US, offices Toronto CA + Tokyo JP, 25000 (10001+)
  oscorp: cid(13), // Oscorp, HQ Tokyo JP, office New York US, 2000 (1001-5000)
  cyberdyne: cid(14), // Cyberdyne Systems: no location, no headcount, no type..., never scanned, no socials
  formerco: cid(15), // Formerco, HQ Milan IT, 6000 (5001-10000): only a past employer, nobody works there now
  // --- extension rows (companies 16-21)
  northwind: cid(16), // Northwind Robotics, org_northwind main, HQ Vienna AT, office Portland OR US; keyword sources of all three kinds
  northwind_eu: cid(17), // Northwind EU, org_northwind regional, HQ Zurich CH; its network website is a SUBDOMAIN eu.northwind-robotics.com
  southwind: cid(18), // Southwind Logistics, HQ Portland ME US; shares "fleet telemetry" with Northwind, says "warehouse robotics" only on its website
  pixel: cid(19), // Pixelforge Games, HQ Toronto CA, industry Computer Games (group Technology, Information and Media)
  ledger: cid(20), // Ledgerline Bank, HQ Geneva CH, office London GB, industry Banking (group Financial Services)
  codewright: cid(21), // Codewright, HQ Austin US, industry Software Development; five colleagues for max_person_per_company
};
export const UNKNOWN_COMPANY_ID = cid(99);
export const UNKNOWN_PERSON_ID = pid(99);

const BASE_KEYS = [
  'jose',
  'jose_plain',
  'renee',
  'renee_plain',
  'lukasz',
  'mei',
  'ana',
  'jurgen',
  'klaus',
  'priya',
  'peter',
  'samir',
  'milton',
  'olga',
  'tom',
  'lina',
  'alice',
  'bob',
  'chloe',
  'dan',
  'pierre',
  'gavin',
  'nelson',
  'art',
  'elaine',
  'richard',
  'dinesh',
  'monica',
  'pepper',
  'happy',
  'maria',
  'norman',
  'otto',
  'gwen',
  'miles',
  'sarah',
  'zoe',
  'ingrid',
  'kenji',
  'fatima',
] as const;
const EXT_KEYS = [
  'hana',
  'felix',
  'erin',
  'owen',
  'bea',
  'rex',
  'nadia',
  'victor',
  'gaia',
  'ivo',
  'kim',
  'liam',
  'sam',
  'tex',
] as const;
const KEYS = [...BASE_KEYS, ...EXT_KEYS];
export type PersonKey = (typeof KEYS)[number];
export const P = Object.fromEntries(KEYS.map((k, i) => [k, pid(i + 1)])) as Record<PersonKey, string>;

// ------------------------------------------------------------------ locations
interface Loc {
  city: string | null;
  state: string | null;
  state_code: string | null;
  country: string | null;
  country_code: string | null;
}
const loc = (city: string, state: string, state_code: string, country: string, country_code: string): Loc => ({
  city,
  state,
  state_code,
  country,
  country_code,
});
const L = {
  ny: loc('New York', 'New York', 'NY', 'United States', 'US'),
  berlin: loc('Berlin', 'Berlin', 'BE', 'Germany', 'DE'),
  london: loc('London', 'England', 'ENG', 'United Kingdom', 'GB'),
  austin: loc('Austin', 'Texas', 'TX', 'United States', 'US'),
  dallas: loc('Dallas', 'Texas', 'TX', 'United States', 'US'),
  sf: loc('San Francisco', 'California', 'CA', 'United States', 'US'),
  boston: loc('Boston', 'Massachusetts', 'MA', 'United States', 'US'),
  paris: loc('Paris', 'Île-de-France', 'IDF', 'France', 'FR'),
  munich: loc('Munich', 'Bavaria', 'BY', 'Germany', 'DE'),
  madrid: loc('Madrid', 'Community of Madrid', 'MD', 'Spain', 'ES'),
  paloalto: loc('Palo Alto', 'California', 'CA', 'United States', 'US'),
  toronto: loc('Toronto', 'Ontario', 'ON', 'Canada', 'CA'),
  tokyo: loc('Tokyo', 'Tokyo', '13', 'Japan', 'JP'),
  milan: loc('Milan', 'Lombardy', '25', 'Italy', 'IT'),
  la: loc('Los Angeles', 'California', 'CA', 'United States', 'US'),
  warsaw: loc('Warsaw', 'Masovia', '14', 'Poland', 'PL'),
  // extension places
  vienna: loc('Vienna', 'Vienna', '9', 'Austria', 'AT'),
  zurich: loc('Zurich', 'Zurich', 'ZH', 'Switzerland', 'CH'),
  geneva: loc('Geneva', 'Geneva', 'GE', 'Switzerland', 'CH'),
  portland_or: loc('Portland', 'Oregon', 'OR', 'United States', 'US'), // "Portland, US" is two cities
  portland_me: loc('Portland', 'Maine', 'ME', 'United States', 'US'),
  paris_tx: loc('Paris', 'Texas', 'TX', 'United States', 'US'), // "Paris, US" is not "Paris, France"
};
const office = (l: Loc, raw_address: string | null = null) => ({ ...l, raw_address });
type Office = ReturnType<typeof office>;

// ------------------------------------------------------------------ companies
const SOCIAL_KEYS = [
  'pro_network_url',
  'social_a_url',
  'social_b_url',
  'social_c_url',
  'video_a_url',
  'video_b_url',
  'directory_url',
  'code_host_url',
  'pinboard_url',
];
export const SOCIAL_NETWORK_KEYS = SOCIAL_KEYS;
const socials = (o: Record<string, string> = {}) => Object.fromEntries(SOCIAL_KEYS.map((k) => [k, o[k] ?? null]));

const TECH = {
  salesforce: {
    id: 'tech_salesforce',
    name: 'Salesforce',
    icon_url: 'https://icons.example/salesforce.png',
    website: 'salesforce.com',
    categories: [
      { id: 'cat_crm', name: 'CRM' },
      { id: 'cat_sales_tools', name: 'Sales Tools' },
    ],
  },
  react: {
    id: 'tech_react',
    name: 'React',
    icon_url: null,
    website: 'react.dev',
    categories: [{ id: 'cat_js_frameworks', name: 'JavaScript Frameworks' }],
  },
  ga: {
    id: 'tech_google_analytics',
    name: 'Google Analytics',
    icon_url: 'https://icons.example/ga.png',
    website: 'marketingplatform.google.com',
    categories: [{ id: 'cat_analytics', name: 'Analytics' }],
  },
  aws: {
    id: 'tech_aws',
    name: 'Amazon Web Services',
    icon_url: null,
    website: 'aws.amazon.com',
    categories: [
      { id: 'cat_cloud_hosting', name: 'Cloud Hosting' },
      { id: 'cat_infrastructure', name: 'Infrastructure' },
    ],
  },
};
type TechKey = keyof typeof TECH;
type CompanyKey = keyof typeof C;

/**
 * [key, name, org, page_type, website, pro_network_website, email_domain, hq, other_locations, employee_count,
 * employee_range, type, business_type, revenue_stream, founded, naics, keywords, technologies]
 */
type CompanyRow = [
  CompanyKey,
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  Office | null,
  Office[],
  number | null,
  string | null,
  string | null,
  string | null,
  string | null,
  number | null,
  number[],
  string[],
  TechKey[],
];

const BASE_COMPANY_ROWS: CompanyRow[] = [
  [
    'globex',
    'Globex',
    'org_globex',
    'main',
    'globex.com',
    'globex.com',
    'globex.com',
    office(L.ny, '1 Globex Plaza, New York, NY 10001'),
    [office(L.berlin), office(L.london)],
    4200,
    '1001-5000',
    'Public Company',
    'B2B',
    'Subscriptions / Recurring',
    1989,
    [511210, 541511],
    ['enterprise software', 'sales automation'],
    ['salesforce', 'react'],
  ],
  [
    'globex_de',
    'Globex Deutschland',
    'org_globex',
    'regional',
    'globex.de',
    'globex.com',
    'globex.de',
    office(L.berlin, 'Friedrichstraße 10, 10117 Berlin'),
    [],
    300,
    '201-500',
    'Public Company',
    'B2B',
    'Subscriptions / Recurring',
    1999,
    [511210],
    ['enterprise software'],
    [],
  ],
  [
    'globex_labs',
    'Globex Labs',
    'org_globex',
    'brand',
    'globexlabs.io',
    'globexlabs.io',
    'globexlabs.io',
    office(L.austin),
    [],
    45,
    '11-50',
    'Privately Held',
    'B2B',
    'Project / Contract Work',
    2015,
    [],
    ['machine learning', 'research'],
    ['aws'],
  ],
  [
    'initech',
    'Initech',
    'org_globex',
    'subsidiary',
    'initech.com',
    'initech.com',
    'initech.com',
    office(L.dallas, '4120 Freidrich Lane, Dallas, TX'),
    [],
    800,
    '501-1000',
    'Privately Held',
    'B2B',
    'Professional Services',
    1994,
    [541512],
    ['software consulting'],
    [],
  ],
  [
    'globex_careers',
    'Globex Careers',
    'org_globex',
    'link_only',
    null,
    null,
    null,
    null,
    [],
    null,
    null,
    null,
    null,
    null,
    null,
    [],
    [],
    [],
  ],
  [
    'acme',
    'Acme Analytics',
    'org_acme',
    'main',
    'acme-analytics.com',
    'acme-analytics.com',
    'acme-analytics.com',
    office(L.sf, '500 Market St, San Francisco, CA'),
    [],
    35,
    '11-50',
    'Privately Held',
    'B2B',
    'Subscriptions / Recurring',
    2018,
    [518210],
    ['data analytics', 'dashboards'],
    ['ga'],
  ],
  [
    'umbrella',
    'Umbrella Health',
    'org_umbrella',
    'main',
    'umbrella-health.co.uk',
    'umbrella-health.co.uk',
    'umbrella-health.co.uk',
    office(L.london),
    [office(L.boston)],
    7500,
    '5001-10000',
    'Public Company',
    'B2C',
    'Product Sales',
    1968,
    [325412],
    ['pharmaceuticals', 'vaccines'],
    [],
  ],
  [
    'soylent',
    'Soylent Foods',
    'org_soylent',
    'main',
    'soylent.fr',
    'soylent.fr',
    'soylent.fr',
    office(L.paris),
    [office(L.munich)],
    320,
    '201-500',
    'Privately Held',
    'B2C',
    'Product Sales',
    2001,
    [311999],
    ['food processing'],
    [],
  ],
  [
    'hooli',
    'Hooli',
    'org_hooli',
    'main',
    'hooli.xyz',
    'hooli.xyz',
    'hooli.xyz',
    office(L.berlin),
    [],
    120,
    '51-200',
    'Public Company',
    'B2C',
    'Advertising',
    2004,
    [519130],
    ['search', 'compression'],
    [],
  ],
  [
    'vandelay',
    'Vandelay Industries',
    'org_vandelay',
    'main',
    'vandelay.es',
    'vandelay.es',
    'vandelay.es',
    office(L.madrid),
    [],
    7,
    '1-10',
    'Self Owned',
    'B2B',
    'Transaction Fees',
    1990,
    [423990],
    ['import export', 'latex'],
    [],
  ],
  [
    'pied',
    'Pied Piper',
    'org_pied',
    'main',
    'piedpiper.com',
    'piedpiper.com',
    'piedpiper.com',
    office(L.paloalto),
    [office(L.london)],
    15,
    '11-50',
    'Privately Held',
    'B2B',
    'Licensing / IP',
    2014,
    [],
    ['compression', 'decentralized internet'],
    [],
  ],
  [
    'stark',
    'Stark Industries',
    'org_stark',
    'main',
    'starkindustries.com',
    'starkindustries.com',
    'starkindustries.com',
    office(L.ny, '200 Park Avenue, New York, NY'),
    [office(L.toronto), office(L.tokyo)],
    25000,
    '10001+',
    'Public Company',
    'B2B',
    'Project / Contract Work',
    1940,
    [336411, 334511],
    ['defense', 'clean energy'],
    ['aws', 'salesforce'],
  ],
  [
    'oscorp',
    'Oscorp',
    'org_oscorp',
    'main',
    'oscorp.jp',
    'oscorp.jp',
    'oscorp.jp',
    office(L.tokyo),
    [office(L.ny)],
    2000,
    '1001-5000',
    'Public Company',
    'B2B',
    'Licensing / IP',
    1962,
    [325414],
    ['biotechnology'],
    [],
  ],
  [
    'cyberdyne',
    'Cyberdyne Systems',
    'org_cyberdyne',
    'main',
    'cyberdyne-systems.com',
    'cyberdyne-systems.com',
    null,
    null,
    [],
    null,
    null,
    null,
    null,
    null,
    null,
    [],
    [],
    [],
  ],
  [
    'formerco',
    'Formerco',
    'org_formerco',
    'main',
    'formerco.it',
    'formerco.it',
    'formerco.it',
    office(L.milan),
    [],
    6000,
    '5001-10000',
    'Partnership',
    'B2B',
    'Professional Services',
    1950,
    [541611],
    ['consulting'],
    [],
  ],
];

/**
 * Extension companies. Their keyword texts are written out below (EXT_TEXTS) instead of derived
 * from the specialties, so each phrase lives in exactly the source a test expects it in.
 */
const EXT_COMPANY_ROWS: CompanyRow[] = [
  // specialties "warehouse robotics" + "fleet telemetry": the phrase "robotics fleet" spans the two and must NOT match
  [
    'northwind',
    'Northwind Robotics',
    'org_northwind',
    'main',
    'northwind-robotics.com',
    'northwind-robotics.com',
    'northwind-robotics.com',
    office(L.vienna),
    [office(L.portland_or)],
    60,
    '51-200',
    'Privately Held',
    'B2B',
    'Product Sales',
    2019,
    [333924],
    ['warehouse robotics', 'fleet telemetry'],
    [],
  ],
  // regional page; LINKEDIN_WEBSITE northwind-robotics.com reaches it through the subdomain
  [
    'northwind_eu',
    'Northwind EU',
    'org_northwind',
    'regional',
    'northwind.eu',
    'eu.northwind-robotics.com',
    'northwind.eu',
    office(L.zurich),
    [],
    12,
    '11-50',
    'Privately Held',
    'B2B',
    'Product Sales',
    2021,
    [],
    [],
    [],
  ],
  [
    'southwind',
    'Southwind Logistics',
    'org_southwind',
    'main',
    'southwind.example',
    'southwind.example',
    'southwind.example',
    office(L.portland_me),
    [],
    900,
    '501-1000',
    'Public Company',
    'B2B',
    'Rental / Leasing',
    2005,
    [493110],
    ['fleet telemetry', 'route planning'],
    [],
  ],
  [
    'pixel',
    'Pixelforge Games',
    'org_pixel',
    'main',
    'pixelforge.example',
    'pixelforge.example',
    'pixelforge.example',
    office(L.toronto),
    [],
    230,
    '201-500',
    'Privately Held',
    'B2C',
    'Subscriptions / Recurring',
    2011,
    [511210],
    ['game engines'],
    [],
  ],
  [
    'ledger',
    'Ledgerline Bank',
    'org_ledger',
    'main',
    'ledgerline.example',
    'ledgerline.example',
    'ledgerline.example',
    office(L.geneva),
    [office(L.london)],
    5000,
    '1001-5000',
    'Public Company',
    'B2C',
    'Financial Services',
    1890,
    [522110],
    ['retail banking'],
    [],
  ],
  [
    'codewright',
    'Codewright',
    'org_codewright',
    'main',
    'codewright.example',
    'codewright.example',
    'codewright.example',
    office(L.austin),
    [],
    50,
    '11-50',
    'Self Employed',
    'B2B',
    'Professional Services',
    2020,
    [541511],
    ['software development', 'code review'],
    [],
  ],
];

/** industry per extension company (every conformance company has industry null). */
const EXT_INDUSTRY: Partial<Record<CompanyKey, string>> = {
  northwind: 'Machinery Manufacturing', // group Manufacturing
  northwind_eu: 'Machinery Manufacturing',
  southwind: 'Warehousing and Storage', // group Transportation, Logistics, Supply Chain and Storage
  pixel: 'Computer Games', // group Technology, Information and Media
  ledger: 'Banking', // group "Financial Services" (which is also the name of one of its industries)
  codewright: 'Software Development', // group Technology, Information and Media
};

/** social_media_description / website_text of the extension companies. */
const EXT_TEXTS: Partial<Record<CompanyKey, [string | null, string | null]>> = {
  northwind: [
    'Northwind builds autonomous forklifts for cold storage.',
    'Our platform delivers predictive maintenance for industrial pumps.',
  ],
  northwind_eu: [null, null],
  southwind: ['Southwind runs cold storage warehouses.', 'We sell warehouse robotics spare parts.'],
  pixel: ['Pixelforge makes indie games.', 'We ship game engines.'],
  ledger: ['Ledgerline offers retail banking.', 'Open an account today.'],
  codewright: ['Codewright writes code for hire.', 'We do software development and code review.'],
};

const SOCIAL_ROWS: Partial<Record<CompanyKey, Record<string, string>>> = {
  globex: {
    pro_network_url: 'https://pronet.example/company/globex',
    social_a_url: 'https://social-a.example/globex',
    social_b_url: 'https://social-b.example/globex',
    video_a_url: 'https://video-a.example/@globex',
    code_host_url: 'https://code.example/globex',
  },
  acme: {
    pro_network_url: 'https://pronet.example/company/acme-analytics',
    social_a_url: 'https://social-a.example/acmeanalytics',
  },
  stark: {
    pro_network_url: 'https://pronet.example/company/stark-industries',
    pinboard_url: 'https://pins.example/stark',
    directory_url: 'https://startups.example/stark',
  },
};

export const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/Ł/g, 'L')
    .replace(/ł/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Dates relative to `now` (UTC): day `day` (default 10) of the month `n` months back. */
export function dateMonthsAgo(now: Date, n: number, day = 10): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, day));
  return d.toISOString().slice(0, 10);
}

/** The last day of the previous calendar month (UTC). */
export function lastDayOfPreviousMonth(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
}

/**
 * Tenure codes: 'm0' began this month (day 1); 'm2' / 'm3' day 10, 2 / 3 calendar months ago;
 * a number: day 10 that many months ago; [n, day]: that day n months ago; 'prev_last': the last
 * day of the previous month.
 */
type Tenure = 'm0' | 'm2' | 'm3' | 'prev_last' | number | [number, number];
function tenureDate(now: Date, code: Tenure): string {
  if (code === 'm0') return dateMonthsAgo(now, 0, 1);
  if (code === 'm2') return dateMonthsAgo(now, 2);
  if (code === 'm3') return dateMonthsAgo(now, 3);
  if (code === 'prev_last') return lastDayOfPreviousMonth(now);
  if (Array.isArray(code)) return dateMonthsAgo(now, code[0], code[1]);
  return dateMonthsAgo(now, code);
}

function companyRecordsOf(rows: CompanyRow[], firstIndex: number, now: Date, extension: boolean) {
  const checked = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 5, 12)).toISOString();
  return rows.map((r, j) => {
    const i = firstIndex + j;
    const [
      key,
      name,
      org,
      page_type,
      website,
      pnw,
      emailDomain,
      hq,
      others,
      count,
      range,
      type,
      business_type,
      revenue_stream,
      founded,
      naics,
      keywords,
      techs,
    ] = r;
    const empty = key === 'globex_careers' || key === 'cyberdyne';
    const texts = extension ? EXT_TEXTS[key]! : null;
    return {
      id: C[key],
      name,
      description: empty ? null : `${name} is a fixture company of the acceptance suite.`,
      logo: empty ? null : `https://logos.example/${key}.png`,
      website,
      email: { domain: emailDomain, provider: null },
      pro_network_url: `https://pronet.example/company/${slug(name)}`,
      social_networks: socials(SOCIAL_ROWS[key]),
      industry: extension ? (EXT_INDUSTRY[key] ?? null) : null,
      keywords,
      naics_codes: naics,
      type,
      business_type,
      revenue_stream,
      founded,
      employee_count: count,
      employee_range: range,
      location: hq,
      other_locations: others,
      technologies: techs.map((t) => TECH[t]),
      technologies_checked_at: key === 'cyberdyne' || key === 'globex_careers' ? null : checked,
      pro_network_id: 1000 + i + 1,
      organization_id: org,
      page_type,
      pro_network_website: pnw,
      social_media_description: texts ? texts[0] : empty ? null : `${name} on social media: ${keywords.join(', ')}.`,
      website_text: texts ? texts[1] : empty ? null : `Welcome to ${name}. We do ${keywords.join(' and ')}.`,
    };
  });
}

// ------------------------------------------------------------------ people
/**
 * [key, first, last, company, title, seniority, departments, tenure, emails, followers, location, previous]
 * emails: V valid, I invalid only, A accept_all only, N none, IV invalid + valid, AV accept_all + valid.
 * previous: [company, title, seniority, departments, from months ago] ended the day the current role began.
 */
const SALES_LEAD = ['Sales', 'Sales Leader'];
const INSIDE = ['Sales', 'Inside Sales'];
const SWDEV = ['Engineering & Technical', 'Software Development'];
const ENGMGMT = ['Engineering & Technical', 'Engineering Management'];
const DATA = ['Engineering & Technical', 'Data Science'];
const MKT_EXEC = ['Marketing', 'Marketing Executive'];

type Prev = [CompanyKey, string, string, string[], number];
type BaseRow = [PersonKey, string, string, CompanyKey, string, string, string[], Tenure, string, number, Loc, Prev?];

const BASE_PEOPLE_ROWS: BaseRow[] = [
  ['jose', 'José', 'García', 'globex', 'VP Sales', 'VP', SALES_LEAD, 40, 'V', 9100, L.ny],
  ['jose_plain', 'Jose', 'Garcia', 'acme', 'Vice President of Sales', 'VP', SALES_LEAD, 14, 'V', 8800, L.sf],
  ['renee', 'Renée', 'Dubois', 'soylent', 'Head of Marketing', 'Director', MKT_EXEC, 40, 'A', 7000, L.paris],
  [
    'renee_plain',
    'Renee',
    'Dubois',
    'hooli',
    'Content Marketing Manager',
    'Manager',
    ['Marketing', 'Content Marketing'],
    14,
    'I',
    6900,
    L.berlin,
  ],
  [
    'lukasz',
    'Łukasz',
    'Nowak',
    'globex',
    'Chief Technology Officer',
    'Chief Officer',
    ENGMGMT,
    100,
    'V',
    12000,
    L.warsaw,
    ['formerco', 'Software Architect', 'Senior', SWDEV, 140],
  ],
  ['mei', 'Mei', 'Chen', 'globex', 'Senior Software Engineer', 'Senior', SWDEV, 40, 'IV', 3000, L.ny],
  ['ana', 'Ana', 'Souza', 'globex', 'Inside Sales Representative', 'Entry', INSIDE, 14, 'N', 800, L.ny],
  ['jurgen', 'Jürgen', 'Müller', 'globex_de', 'Software Engineer', 'Entry', SWDEV, 14, 'V', 2500, L.berlin],
  ['klaus', 'Klaus', 'Becker', 'globex_de', 'Sales Director', 'Director', SALES_LEAD, 40, 'A', 2200, L.berlin],
  ['priya', 'Priya', 'Patel', 'globex_labs', 'Data Scientist', 'Senior', DATA, 14, 'V', 4100, L.austin],
  ['peter', 'Peter', 'Gibbons', 'initech', 'Software Engineer', 'Entry', SWDEV, 40, 'N', 5200, L.dallas],
  ['samir', 'Samir', 'Nagheenanajar', 'initech', 'Software Engineer', 'Entry', SWDEV, 100, 'I', 4800, L.dallas],
  [
    'milton',
    'Milton',
    'Waddams',
    'initech',
    'Account Executive',
    'Entry',
    ['Sales', 'Field & Outside Sales'],
    14,
    'V',
    300,
    L.dallas,
  ],
  [
    'olga',
    'Olga',
    'Ivanova',
    'globex_careers',
    'Recruiter',
    'Entry',
    ['Human Resources', 'Recruiting & Talent Acquisition'],
    14,
    'V',
    150,
    L.ny,
  ],
  ['tom', 'Tom', 'Becker', 'acme', 'CTO', 'Chief Officer', ENGMGMT, 40, 'A', 3900, L.sf],
  [
    'lina',
    'Lina',
    'Haddad',
    'acme',
    'Sales Development Representative',
    'Entry',
    INSIDE,
    'm2',
    'V',
    650,
    L.sf,
    ['formerco', 'Sales Assistant', 'Entry', INSIDE, 100],
  ],
  [
    'alice',
    'Alice',
    'Walker',
    'umbrella',
    'Marketing Manager',
    'Manager',
    ['Marketing', 'Marketing Communications'],
    40,
    'V',
    5600,
    L.london,
  ],
  [
    'bob',
    'Bob',
    'Smith',
    'umbrella',
    'Product Manager',
    'Manager',
    ['Operations', 'Product Management'],
    14,
    'V',
    4400,
    L.london,
  ],
  ['chloe', 'Chloé', 'Martin', 'umbrella', 'Software Engineer', 'Entry', SWDEV, 100, 'A', 2100, L.london],
  [
    'dan',
    'Dan',
    "O'Brien",
    'umbrella',
    'HR Business Partner',
    'Senior',
    ['Human Resources', 'HR Business Partner'],
    40,
    'N',
    1200,
    L.boston,
  ],
  [
    'pierre',
    'Pierre',
    'Lefèvre',
    'soylent',
    'Sales Manager',
    'Manager',
    ['Sales', 'Sales Operations'],
    14,
    'AV',
    3300,
    L.paris,
  ],
  ['gavin', 'Gavin', 'Belson', 'hooli', 'Founder & CEO', 'Owner', ['C-Suite', 'Founder'], 100, 'V', 15000, L.berlin],
  [
    'nelson',
    'Nelson',
    'Bighetti',
    'hooli',
    'Inside Sales Representative',
    'Entry',
    INSIDE,
    'm0',
    'N',
    400,
    L.berlin,
    ['formerco', 'Retail Associate', 'Entry', ['Sales', 'Field & Outside Sales'], 40],
  ],
  [
    'art',
    'Art',
    'Vandelay',
    'vandelay',
    'Chief Executive Officer',
    'Owner',
    ['C-Suite', 'Executive'],
    100,
    'V',
    1000,
    L.madrid,
  ],
  ['elaine', 'Elaine', 'Benes', 'vandelay', 'Marketing Director', 'Director', MKT_EXEC, 14, 'V', 950, L.madrid],
  ['richard', 'Richard', 'Hendricks', 'pied', 'VP Engineering', 'VP', ENGMGMT, 40, 'V', 6100, L.paloalto],
  ['dinesh', 'Dinesh', 'Chugtai', 'pied', 'Senior Software Engineer', 'Senior', SWDEV, 14, 'I', 1900, L.paloalto],
  ['monica', 'Monica', 'Hall', 'pied', 'Head of Sales', 'Director', SALES_LEAD, 14, 'A', 2700, L.paloalto],
  [
    'pepper',
    'Pepper',
    'Potts',
    'stark',
    'Sales Director',
    'Director',
    SALES_LEAD,
    'm0',
    'V',
    5000,
    L.ny,
    ['stark', 'Executive Assistant', 'Entry', ['Sales', 'Sales Operations'], 40],
  ],
  ['happy', 'Happy', 'Hogan', 'stark', 'Director of Engineering', 'Director', ENGMGMT, 100, 'N', 3600, L.ny],
  ['maria', 'Maria', 'Hill', 'stark', 'Software Engineer', 'Entry', SWDEV, 40, 'V', 1500, L.ny],
  [
    'norman',
    'Norman',
    'Osborn',
    'oscorp',
    'Chief Financial Officer',
    'Chief Officer',
    ['Finance', 'Finance Executive'],
    100,
    'V',
    8000,
    L.tokyo,
  ],
  [
    'otto',
    'Otto',
    'Octavius',
    'oscorp',
    'Director of Research',
    'Director',
    ENGMGMT,
    'm3',
    'A',
    2900,
    L.tokyo,
    ['oscorp', 'Research Scientist', 'Senior', ENGMGMT, 100],
  ],
  [
    'gwen',
    'Gwen',
    'Stacy',
    'oscorp',
    'Marketing Manager',
    'Manager',
    ['Marketing', 'Product Marketing'],
    14,
    'V',
    2000,
    L.ny,
  ],
  ['miles', 'Miles', 'Dyson', 'cyberdyne', 'Software Engineer', 'Entry', SWDEV, 40, 'V', 1100, L.la],
  [
    'sarah',
    'Sarah',
    'Connor',
    'cyberdyne',
    'Sales Operations Manager',
    'Manager',
    ['Sales', 'Sales Operations'],
    14,
    'N',
    700,
    L.la,
  ],
  ['zoe', 'Zoë', 'Brontë', 'globex_de', 'VP Marketing', 'VP', MKT_EXEC, 40, 'V', 3450, L.berlin],
  ['ingrid', 'Ingrid', 'Svensson', 'stark', 'Accountant', 'Entry', ['Finance', 'Accounting'], 100, 'I', 250, L.ny],
  ['kenji', 'Kenji', 'Watanabe', 'oscorp', 'Sales Manager', 'Manager', SALES_LEAD, 14, 'V', 1700, L.tokyo],
  ['fatima', 'Fatima', 'Zahra', 'globex_labs', 'Senior Data Scientist', 'Senior', DATA, 40, 'A', 1300, L.austin],
];

/** A position of an extension person, written out in full. `end` null = current. */
interface ExtPosition {
  company: CompanyKey;
  title: string;
  seniority: string;
  departments: string[];
  start: Tenure;
  end: Tenure | null;
  primary: boolean;
}
interface ExtRow {
  key: PersonKey;
  first: string;
  last: string;
  emails: string;
  followers: number;
  phone: 'found' | 'not_found' | 'unknown';
  location: Loc | null;
  positions: ExtPosition[];
}
const pos = (
  company: CompanyKey,
  title: string,
  seniority: string,
  departments: string[],
  start: Tenure,
  end: Tenure | null = null,
  primary = true,
): ExtPosition => ({ company, title, seniority, departments, start, end, primary });

const EXT_PEOPLE_ROWS: ExtRow[] = [
  // diacritics (Kovač ≠ Kovac); title "Sales VP" (a backtick `VP Sales` must NOT match it, CONTAINS "VP Sales" must);
  // began day 1 five months ago: exactly 5 months in role and company on any day; region DACH (Austria)
  {
    key: 'hana',
    first: 'Hana',
    last: 'Kovač',
    emails: 'V',
    followers: 4700,
    phone: 'found',
    location: L.vienna,
    positions: [pos('northwind', 'Sales VP', 'VP', SALES_LEAD, [5, 1])],
  },
  // Northwind EU (reached by LINKEDIN_WEBSITE through the subdomain); DACH (Switzerland)
  {
    key: 'felix',
    first: 'Felix',
    last: 'Gruber',
    emails: 'I',
    followers: 2350,
    phone: 'not_found',
    location: L.zurich,
    positions: [pos('northwind_eu', 'Software Engineer', 'Entry', SWDEV, 14)],
  },
  // departments list ONLY the sub-department (group Sales must still match); began the LAST day of the previous
  // month after a role elsewhere: new_company job change inside timeframe 2, outside timeframe 1; Portland, Oregon
  {
    key: 'erin',
    first: 'Erin',
    last: 'Walsh',
    emails: 'A',
    followers: 1250,
    phone: 'unknown',
    location: L.portland_or,
    positions: [
      pos('southwind', 'Inside Sales Representative', 'Entry', ['Inside Sales'], 'prev_last'),
      pos('pixel', 'Community Manager', 'Entry', ['Marketing', 'Social Media Marketing'], 30, 'prev_last', false),
    ],
  },
  // Portland, Maine (the other Portland)
  {
    key: 'owen',
    first: 'Owen',
    last: 'Price',
    emails: 'V',
    followers: 3150,
    phone: 'found',
    location: L.portland_me,
    positions: [pos('southwind', 'Fleet Manager', 'Manager', ['Operations', 'Logistics'], 40)],
  },
  // boomerang: Pixelforge 100→60 months ago, Ledgerline 60→14, back at Pixelforge since day 1 fourteen months ago:
  // months in company = 14 (the unbroken stretch), not 100; a new_company change 14 months ago
  {
    key: 'bea',
    first: 'Bea',
    last: 'Lindqvist',
    emails: 'N',
    followers: 2050,
    phone: 'found',
    location: L.toronto,
    positions: [
      pos('pixel', 'Lead Game Designer', 'Senior', ['Design', 'Product or UI&UX Design'], [14, 1]),
      pos('ledger', 'Risk Analyst', 'Entry', ['Finance', 'Financial Risk'], 60, [14, 1], false),
      pos('pixel', 'Game Designer', 'Entry', ['Design', 'Product or UI&UX Design'], 100, 60, false),
    ],
  },
  // promotion: Chief Risk Officer since day 1 two months ago after Risk Manager at the same bank since 60 months:
  // 2 months in role, 60 in company; timeframe 3 (not 2)
  {
    key: 'rex',
    first: 'Rex',
    last: 'Morgan',
    emails: 'V',
    followers: 6400,
    phone: 'not_found',
    location: L.geneva,
    positions: [
      pos('ledger', 'Chief Risk Officer', 'Chief Officer', ['Finance', 'Financial Risk'], [2, 1]),
      pos('ledger', 'Risk Manager', 'Manager', ['Finance', 'Financial Risk'], 60, [2, 1], false),
    ],
  },
  // two current positions: the one marked primary (Codewright, older) rules every filter; the newer Pixelforge
  // one is shown only with pro_network_url + company.name.include "Pixelforge Games" (the position hint)
  {
    key: 'nadia',
    first: 'Nadia',
    last: 'Rahman',
    emails: 'V',
    followers: 3750,
    phone: 'unknown',
    location: L.austin,
    positions: [
      pos('codewright', 'Engineering Manager', 'Manager', ENGMGMT, 40),
      pos('pixel', 'Technical Advisor', 'Senior', ['Consulting', 'Consultant'], 14, null, false),
    ],
  },
  // two current positions, neither marked: the most recent current one (Codewright, 60 months) is the primary
  {
    key: 'victor',
    first: 'Victor',
    last: 'Lang',
    emails: 'I',
    followers: 1650,
    phone: 'found',
    location: L.geneva,
    positions: [
      pos('ledger', 'Financial Analyst', 'Entry', ['Finance', 'Financial Planning & Analysis'], 100, null, false),
      pos('codewright', 'Data Engineer', 'Senior', DATA, 60, null, false),
    ],
  },
  // no current position (only a past one): primary_position null; company filters and title includes never match, excludes keep her
  {
    key: 'gaia',
    first: 'Gaia',
    last: 'Rossi',
    emails: 'V',
    followers: 5900,
    phone: 'not_found',
    location: L.milan,
    positions: [pos('pixel', 'Producer', 'Manager', ['Operations', 'Project Management'], 40, 14, false)],
  },
  // no position and no location at all
  {
    key: 'ivo',
    first: 'Ivo',
    last: 'Petrov',
    emails: 'N',
    followers: 80,
    phone: 'unknown',
    location: null,
    positions: [],
  },
  // a first job begun this month: no job change
  {
    key: 'kim',
    first: 'Kim',
    last: 'Tran',
    emails: 'A',
    followers: 120,
    phone: 'unknown',
    location: L.austin,
    positions: [pos('codewright', 'Junior Developer', 'Entry', SWDEV, 'm0')],
  },
  // began on day 28 six months ago: 5 whole months before the 28th of this month, 6 from then on
  {
    key: 'liam',
    first: 'Liam',
    last: 'Park',
    emails: 'V',
    followers: 860,
    phone: 'found',
    location: L.austin,
    positions: [
      pos('codewright', 'QA Engineer', 'Entry', ['Engineering & Technical', 'Test & Quality Assurance'], [6, 28]),
    ],
  },
  // the same followers as Liam: equal sort keys fall back to id (Liam 5e…52 before Sam 5e…53)
  {
    key: 'sam',
    first: 'Sam',
    last: 'Ortiz',
    emails: 'V',
    followers: 860,
    phone: 'not_found',
    location: L.austin,
    positions: [pos('codewright', 'Software Developer', 'Entry', SWDEV, 40)],
  },
  // lives in Paris, Texas ("Paris, US" / "Paris, France" must not mix)
  {
    key: 'tex',
    first: 'Tex',
    last: 'Ritter',
    emails: 'N',
    followers: 40,
    phone: 'found',
    location: L.paris_tx,
    positions: [pos('southwind', 'Truck Driver', 'Entry', ['Operations', 'Logistics'], 100)],
  },
];

const COMPANY_EMAIL_DOMAIN: Record<string, string> = Object.fromEntries(
  [...BASE_COMPANY_ROWS, ...EXT_COMPANY_ROWS].map((r) => [r[0], r[6] || `${r[0].replace(/_/g, '')}.example`]),
);
const PHONES = ['found', 'not_found', 'unknown'] as const;

function nameAndCompany(key: PersonKey): [string, string, string] {
  const b = BASE_PEOPLE_ROWS.find((r) => r[0] === key);
  if (b) return [b[1], b[2], b[3]];
  const e = EXT_PEOPLE_ROWS.find((r) => r.key === key)!;
  return [e.first, e.last, e.positions[0]?.company ?? 'nowhere'];
}

/** Email address of a fixture person (the valid one where there is one). */
/** Fixture people whose best stored email is valid (codes V, IV, AV): the credit preview's `to_charge` people. */
export const WITH_VALID_EMAIL: ReadonlySet<string> = new Set(
  (
    [
      'jose',
      'jose_plain',
      'lukasz',
      'mei',
      'jurgen',
      'priya',
      'milton',
      'olga',
      'lina',
      'alice',
      'bob',
      'pierre',
      'gavin',
      'art',
      'elaine',
      'richard',
      'pepper',
      'maria',
      'norman',
      'gwen',
      'miles',
      'zoe',
      'kenji',
    ] as PersonKey[]
  ).map((k) => P[k]),
);

export function emailOf(key: PersonKey): string {
  const [first, last, company] = nameAndCompany(key);
  const local = `${slug(first)}.${slug(last)}`.replace(/-/g, '');
  return `${local}@${COMPANY_EMAIL_DOMAIN[company] ?? 'nowhere.example'}`;
}

/** The stored professional-network URL of a person, as the conformance fixture builds it. */
export function personUrl(key: PersonKey): string {
  const i = KEYS.indexOf(key);
  const [first, last] = nameAndCompany(key);
  return `https://pronet.example/in/${slug(first + ' ' + last)}-${String(i + 1).padStart(2, '0')}`;
}

function emailsFor(key: PersonKey, code: string) {
  const addr = emailOf(key);
  const [user, domain] = addr.split('@');
  switch (code) {
    case 'V':
      return [{ address: addr, status: 'valid' }];
    case 'I':
      return [{ address: addr, status: 'invalid' }];
    case 'A':
      return [{ address: addr, status: 'accept_all' }];
    case 'N':
      return [];
    case 'IV':
      return [
        { address: `${user}@old-${domain}`, status: 'invalid' },
        { address: addr, status: 'valid' },
      ];
    case 'AV':
      return [
        {
          address: `${user
            .split('.')
            .map((s, i) => (i === 0 ? s[0] : s))
            .join('.')}@${domain}`,
          status: 'accept_all',
        },
        { address: addr, status: 'valid' },
      ];
    default:
      throw new Error(`bad email code ${code}`);
  }
}

export function basePersonRecords(now: Date) {
  return BASE_PEOPLE_ROWS.map((r, i) => {
    const [
      key,
      first_name,
      last_name,
      company,
      title,
      seniority,
      departments,
      tenure,
      emailCode,
      followers,
      location,
      prev,
    ] = r;
    const started = tenureDate(now, tenure);
    const positions: Record<string, unknown>[] = [
      {
        company_id: C[company],
        title,
        seniority,
        departments: [...departments],
        started_at: started,
        ended_at: null,
        is_primary: true,
      },
    ];
    if (prev) {
      const [pc, pt, ps, pd, fromMonths] = prev;
      positions.push({
        company_id: C[pc],
        title: pt,
        seniority: ps,
        departments: [...pd],
        started_at: dateMonthsAgo(now, fromMonths),
        ended_at: started,
        is_primary: false,
      });
    }
    return {
      id: P[key],
      first_name,
      last_name,
      pro_network_url: personUrl(key),
      followers,
      location: { ...location },
      emails: emailsFor(key, emailCode),
      phone: { status: PHONES[i % 3] },
      positions,
    };
  });
}

export function extensionPersonRecords(now: Date) {
  return EXT_PEOPLE_ROWS.map((r) => ({
    id: P[r.key],
    first_name: r.first,
    last_name: r.last,
    pro_network_url: personUrl(r.key),
    followers: r.followers,
    location: r.location ? { ...r.location } : null,
    emails: emailsFor(r.key, r.emails),
    phone: { status: r.phone },
    positions: r.positions.map((p) => ({
      company_id: C[p.company],
      title: p.title,
      seniority: p.seniority,
      departments: [...p.departments],
      started_at: tenureDate(now, p.start),
      ended_at: p.end === null ? null : tenureDate(now, p.end),
      is_primary: p.primary,
    })),
  }));
}

export const baseCompanyRecords = (now: Date) => companyRecordsOf(BASE_COMPANY_ROWS, 0, now, false);
export const extensionCompanyRecords = (now: Date) =>
  companyRecordsOf(EXT_COMPANY_ROWS, BASE_COMPANY_ROWS.length, now, true);

/** Conformance fixture people by followers descending (the default order), written by hand. */
export const ALL_BY_FOLLOWERS: string[] = [
  P.gavin,
  P.lukasz,
  P.jose,
  P.jose_plain,
  P.norman,
  P.renee,
  P.renee_plain,
  P.richard,
  P.alice,
  P.peter,
  P.pepper,
  P.samir,
  P.bob,
  P.priya,
  P.tom,
  P.happy,
  P.zoe,
  P.pierre,
  P.mei,
  P.otto,
  P.monica,
  P.jurgen,
  P.klaus,
  P.chloe,
  P.gwen,
  P.dinesh,
  P.kenji,
  P.maria,
  P.fatima,
  P.dan,
  P.miles,
  P.art,
  P.elaine,
  P.ana,
  P.sarah,
  P.lina,
  P.nelson,
  P.milton,
  P.ingrid,
  P.olga,
];
export const BASE_PEOPLE: string[] = BASE_KEYS.map((k) => P[k]);
export const EXT_PEOPLE: string[] = EXT_KEYS.map((k) => P[k]);

const NAMES = new Map<string, string>([
  ...Object.entries(P).map(([k, v]) => [v, k] as [string, string]),
  ...Object.entries(C).map(([k, v]) => [v, 'C.' + k] as [string, string]),
]);
/** Readable name of a fixture id, for failure messages. */
export const nameOfId = (id: string) => NAMES.get(id) ?? String(id);
/** Readable names of ids, for comparisons whose failure should read "jose, alice" rather than hex. */
export const names = (ids: readonly string[]) => ids.map(nameOfId);

/**
 * Imports the fixture with the operator CLI (`dataset:import`), as an operator would; `extended`
 * adds the extension rows. Answers the `now` the relative dates were computed from.
 */
export async function importPeopleFixture(stack: TestStack, options: { extended: boolean; now?: Date }): Promise<Date> {
  const now = options.now ?? new Date();
  const companies = [...baseCompanyRecords(now), ...(options.extended ? extensionCompanyRecords(now) : [])];
  const people = [...basePersonRecords(now), ...(options.extended ? extensionPersonRecords(now) : [])];
  const cf = writeLines(
    'companies.ndjson',
    companies.map((c) => JSON.stringify(c)),
  );
  const pf = writeLines(
    'people.ndjson',
    people.map((p) => JSON.stringify(p)),
  );
  const result = await stack.cli(['dataset:import', '--companies', cf, '--people', pf]);
  if (result.code !== 0 || result.json?.people?.rejected !== 0 || result.json?.companies?.rejected !== 0) {
    throw new Error(`dataset:import failed (${result.code}): ${result.stdout} ${result.stderr}`);
  }
  if (result.json.people.imported !== people.length || result.json.companies.imported !== companies.length) {
    throw new Error(
      `dataset:import imported ${result.stdout}, expected ${companies.length} companies and ${people.length} people`,
    );
  }
  return now;
}

/** Loads one fixture company again with `changes` applied, as a later `dataset:import` would. */
export async function reimportCompany(
  stack: TestStack,
  key: keyof typeof C,
  changes: Record<string, unknown>,
): Promise<void> {
  const now = new Date();
  const company = [...baseCompanyRecords(now), ...extensionCompanyRecords(now)].find((c) => c.id === C[key]);
  if (!company) throw new Error(`no fixture company ${String(key)}`);
  const cf = writeLines('companies-again.ndjson', [JSON.stringify({ ...company, ...changes })]);
  const result = await stack.cli(['dataset:import', '--companies', cf]);
  if (result.code !== 0 || result.json?.companies?.imported !== 1)
    throw new Error(`dataset:import failed (${result.code}): ${result.stdout} ${result.stderr}`);
}

// ------------------------------------------------------------------ request helpers of the specs
export interface SearchAnswer {
  res: HttpAnswer;
  ids: string[];
  people: any[];
  pagination: { page: number; per_page: number; total_count: number; total_is_estimate: boolean; total_pages: number };
}

/** POST /v2/people/search (page 1, 100 a page unless `extra` says otherwise); fails unless it answers 200. */
export async function search(
  api: ApiClient,
  filters: unknown,
  extra: Record<string, unknown> = {},
): Promise<SearchAnswer> {
  const res = await api.post('/v2/people/search', { filters, page: 1, per_page: 100, ...extra });
  if (res.status !== 200 || !Array.isArray(res.body?.data)) {
    throw new Error(
      `people search answered ${res.status}: ${res.text.slice(0, 1500)}\n  filters: ${JSON.stringify(filters).slice(0, 500)}`,
    );
  }
  return {
    res,
    ids: res.body.data.map((p: { id: string }) => p.id),
    people: res.body.data,
    pagination: res.body.metadata?.pagination,
  };
}

/** The people a search selects, order ignored (compared by readable fixture names), with total_count to match. */
export async function expectIds(
  api: ApiClient,
  filters: unknown,
  expected: readonly string[],
  extra: Record<string, unknown> = {},
): Promise<SearchAnswer> {
  const r = await search(api, filters, extra);
  expect({ filters, got: names(r.ids).sort() }).toEqual({ filters, got: names(expected).sort() });
  expect(r.pagination.total_count).toBe(expected.length);
  return r;
}

/** The people a search selects, in this exact order. */
export async function expectOrder(
  api: ApiClient,
  filters: unknown,
  expected: readonly string[],
  extra: Record<string, unknown> = {},
): Promise<SearchAnswer> {
  const r = await search(api, filters, extra);
  expect({ filters, got: names(r.ids) }).toEqual({ filters, got: names(expected) });
  return r;
}

/** Every id of `all` except `ids`. */
export const without = (all: readonly string[], ...ids: string[]) => all.filter((x) => !ids.includes(x));
