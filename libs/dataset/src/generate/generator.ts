import { BUSINESS_TYPES, COMPANY_TYPES, employeeRangeOf, REVENUE_STREAMS } from '@app/domain/enums/company-enums';
import { DEPARTMENT_GROUPS, GROUP_OF_SUB_DEPARTMENT } from '@app/domain/enums/departments';
import { GROUP_OF_INDUSTRY } from '@app/domain/enums/industries';
import { SENIORITIES, type EmailStatus, type Seniority } from '@app/domain/enums/people-enums';
import { memoize } from '@app/domain/memo';
import type { CompanyInput, LocationInput, PersonInput, PositionInput } from '@app/domain/records/record-types';
import { Prng, seedTag } from './prng';
import { jobTitle } from './titles';
import {
  CITIES,
  CITY_WEIGHTS,
  FIRST_NAMES,
  KEYWORDS_BY_GROUP,
  LAST_NAMES,
  LEGAL_SUFFIXES,
  NAICS_CODES,
  NAME_STEMS,
  NAME_SUFFIXES,
  TECHNOLOGIES,
  type CityInfo,
} from './vocabulary';

export interface GeneratorOptions {
  people: number;
  companies: number;
  seed: string;
  /** Dates are relative to the first day of this date's month (UTC), so "joined this month" stays true all month. */
  asOf: Date;
}

/** The companies' stubs as plain arrays, as a worker thread receives them (`DatasetGenerator.peopleSeed`). */
export interface CompanyStubsData {
  emailDomains: Array<string | null>;
  /** Company n's cities are `cityList[cityStarts[n]]` up to `cityList[cityStarts[n + 1]]`. */
  cityStarts: Int32Array;
  cityList: Int32Array;
  /** Employee count, -1 when unknown. */
  headcounts: Int32Array;
  /** Running sum of the companies' weights as employers. */
  cumulative: Float64Array;
}

/**
 * What people generation keeps of each company, in flat arrays rather than an object per company: a million companies
 * are about 100 MB as objects, and every thread that makes people (libs/database generated-people.ts) keeps them.
 */
class CompanyStubs {
  private building = { cityStarts: [0], cityList: [] as number[], headcounts: [] as number[], weights: [] as number[] };
  private data: CompanyStubsData = {
    emailDomains: [],
    cityStarts: new Int32Array(1),
    cityList: new Int32Array(0),
    headcounts: new Int32Array(0),
    cumulative: new Float64Array(0),
  };

  static from(data: CompanyStubsData): CompanyStubs {
    const stubs = new CompanyStubs();
    stubs.data = data;
    return stubs;
  }

  get length(): number {
    return this.data.emailDomains.length;
  }

  get cumulative(): Float64Array {
    return this.data.cumulative;
  }

  add(emailDomain: string | null, cities: number[], weight: number, headcount: number | null): void {
    const b = this.building;
    this.data.emailDomains.push(emailDomain);
    b.cityList.push(...cities);
    b.cityStarts.push(b.cityList.length);
    b.weights.push(weight);
    b.headcounts.push(headcount ?? -1);
  }

  /** Ends adding: the arrays become typed arrays. */
  seal(): void {
    const b = this.building;
    const cumulative = new Float64Array(b.weights.length);
    let sum = 0;
    b.weights.forEach((w, i) => (cumulative[i] = sum += w));
    this.data = {
      emailDomains: this.data.emailDomains,
      cityStarts: Int32Array.from(b.cityStarts),
      cityList: Int32Array.from(b.cityList),
      headcounts: Int32Array.from(b.headcounts),
      cumulative,
    };
    this.building = { cityStarts: [0], cityList: [], headcounts: [], weights: [] };
  }

  export(): CompanyStubsData {
    return this.data;
  }

  emailDomain = (n: number): string | null => this.data.emailDomains[n];

  headcount = (n: number): number | null => {
    const count = n >= 0 && n < this.length ? this.data.headcounts[n] : -1;
    return count >= 0 ? count : null;
  };

  /** One of the company's cities, drawn as `rng.pick` draws from a list. */
  pickCity(rng: Prng, n: number): number {
    const { cityStarts, cityList } = this.data;
    const start = cityStarts[n];
    return cityList[start + Math.floor(rng.next() * (cityStarts[n + 1] - start))];
  }
}

/** What a worker thread needs to make people apart from the companies: the options and the companies' stubs. */
export interface PeopleSeed {
  options: GeneratorOptions;
  companies: CompanyStubsData;
}

/**
 * People are made in chunks of this many, each from its own random sequence (seeded by the chunk's number), so
 * chunks can be made apart (in worker threads) and still give the same people as one pass.
 */
export const PEOPLE_CHUNK = 10_000;

/** How many chunks `people` people are made in. */
export const peopleChunkCount = (people: number): number => Math.ceil(people / PEOPLE_CHUNK);

const SENIORITY_WEIGHTS: ReadonlyArray<readonly [Seniority, number]> = [
  ['Entry', 34],
  ['Senior', 22],
  ['Manager', 16],
  ['Director', 9],
  ['VP', 4],
  ['Chief Officer', 2.5],
  ['Owner', 3],
  ['Partner', 1.5],
  ['Intern', 5],
  ['Unpaid', 3],
];
/** A step down the ladder, for the role held before a promotion. */
const JUNIOR: Partial<Record<Seniority, Seniority>> = {
  Owner: 'Director',
  Partner: 'Senior',
  'Chief Officer': 'VP',
  VP: 'Director',
  Director: 'Manager',
  Manager: 'Senior',
  Senior: 'Entry',
  Entry: 'Intern',
  Intern: 'Intern',
  Unpaid: 'Entry',
};
const EXECUTIVE = new Set<Seniority>(['Owner', 'Partner', 'Chief Officer', 'VP']);
const EMAIL_MIX: ReadonlyArray<readonly [string, number]> = [
  ['valid', 50],
  ['accept_all', 14],
  ['invalid', 7],
  ['not_found', 4],
  ['invalid+valid', 5],
  ['none', 20],
];
const GROUP_WEIGHTS: ReadonlyArray<readonly [string, number]> = Object.keys(DEPARTMENT_GROUPS).map((g) => [
  g,
  (
    {
      'Engineering & Technical': 18,
      Sales: 16,
      Marketing: 9,
      Operations: 10,
      'Information Technology': 8,
      Finance: 7,
      'Human Resources': 6,
      'Medical & Health': 6,
      Education: 4,
      Legal: 3,
      Design: 4,
      Consulting: 4,
      'C-Suite': 2,
    } as Record<string, number>
  )[g] ?? 3,
]);
const GROUP_WEIGHTS_BUT_C_SUITE = GROUP_WEIGHTS.filter(([g]) => g !== 'C-Suite');
const CITY_CHOICES: ReadonlyArray<readonly [number, number]> = CITIES.map((_, i) => [i, CITY_WEIGHTS[i]] as const);
const COMPANY_TYPE_CHOICES = COMPANY_TYPES.map((t, i) => [t, i < 2 ? 40 : 3] as const);
const BUSINESS_TYPE_CHOICES = BUSINESS_TYPES.map((t, i) => [t, [60, 30, 6, 4][i]] as const);
const SUB_DEPARTMENTS = [...GROUP_OF_SUB_DEPARTMENT.keys()];
const INDUSTRY_NAMES = [...GROUP_OF_INDUSTRY.keys()];
const PAGE_KINDS = ['regional', 'brand', 'subsidiary', 'link_only'] as const;
const SOCIALS = [
  'social_a_url',
  'social_b_url',
  'social_c_url',
  'video_a_url',
  'video_b_url',
  'directory_url',
  'code_host_url',
  'pinboard_url',
];

/** ASCII slug for domains, URLs and email local parts; names repeat, so each is worked out once. */
export const slug = memoize(slugOf);

function slugOf(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[Łł]/g, 'l')
    .replace(/[Øø]/g, 'o')
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/**
 * Deterministic synthetic data set: the same options give the same records in the same order.
 * Companies come first (people are spread over them by size), so `companies()` must be consumed
 * before `people()`.
 */
export class DatasetGenerator {
  private readonly tag: string;
  private readonly month0: Date;
  private stubs = new CompanyStubs();

  constructor(private readonly options: GeneratorOptions) {
    this.tag = seedTag(options.seed);
    this.month0 = new Date(Date.UTC(options.asOf.getUTCFullYear(), options.asOf.getUTCMonth(), 1));
  }

  companyId = (n: number) => `c0${this.tag}${hex(n, 14)}`;
  personId = (n: number) => `e0${this.tag}${hex(n, 14)}`;

  /** YYYY-MM-DD, `months` whole months before the current month, on `day` (days 1-31). */
  private monthsAgo(months: number, day: number): string {
    return this.dayOf(months * 32 + day);
  }

  private readonly dayOf = memoize((key: number) =>
    new Date(Date.UTC(this.month0.getUTCFullYear(), this.month0.getUTCMonth() - Math.floor(key / 32), key % 32))
      .toISOString()
      .slice(0, 10),
  );

  private location(city: CityInfo, raw: string | null = null): LocationInput {
    return {
      city: city.city,
      state: city.state,
      state_code: city.state_code,
      country: city.country,
      country_code: city.country_code,
      raw_address: raw,
    };
  }

  *companies(): Generator<CompanyInput> {
    const rng = new Prng(`${this.options.seed}/companies`);
    const total = this.options.companies;
    this.stubs = new CompanyStubs();
    let n = 0;
    let org = 0;
    while (n < total) {
      const size = Math.min(total - n, rng.chance(0.1) ? rng.int(2, 6) : 1);
      const orgId = `org_${this.tag}_${hex(org++, 6)}`;
      const stem = rng.pick(NAME_STEMS);
      const suffix = rng.pick(NAME_SUFFIXES);
      const hq = rng.weighted(CITY_CHOICES);
      const mainDomain = `${slug(stem)}${slug(suffix)}${org % 7 === 0 ? '' : hex(org, 3)}.${CITIES[hq].tld}`;
      for (let k = 0; k < size; k++) {
        const kind = k === 0 ? 'main' : rng.pick(PAGE_KINDS);
        const company = this.company(
          rng,
          n,
          orgId,
          kind,
          stem,
          suffix,
          k === 0 ? hq : rng.int(0, CITIES.length - 1),
          mainDomain,
          k,
        );
        yield company;
        n++;
      }
    }
    this.stubs.seal();
  }

  private company(
    rng: Prng,
    n: number,
    orgId: string,
    kind: string,
    stem: string,
    suffix: string,
    hqCity: number,
    mainDomain: string,
    k: number,
  ): CompanyInput {
    const city = CITIES[hqCity];
    const linkOnly = kind === 'link_only';
    let name = `${stem} ${suffix}`;
    let website: string | null = mainDomain;
    let networkWebsite: string | null = mainDomain;
    if (kind === 'regional') {
      name = `${stem} ${suffix} ${city.country}`;
      website = mainDomain.replace(/\.[a-z.]+$/, `.${city.tld}`);
      if (website === mainDomain) website = `${city.country_code.toLowerCase()}.${mainDomain}`;
    } else if (kind === 'brand') {
      name = `${stem} ${rng.pick(['One', 'Go', 'Studio', 'Cloud', 'Pay', 'Kids'])}`;
      website = networkWebsite = `${slug(name)}${hex(n, 4)}.io`;
    } else if (kind === 'subsidiary') {
      name = `${rng.pick(NAME_STEMS)} ${rng.pick(NAME_SUFFIXES)}`;
      website = networkWebsite = `${slug(name)}${hex(n, 4)}.${city.tld}`;
    } else if (linkOnly) {
      name = `${stem} ${suffix} ${rng.pick(['Careers', 'Alumni', 'Events', 'Community'])}`;
      website = networkWebsite = null;
    }
    const legal = LEGAL_SUFFIXES[city.country_code];
    if (!linkOnly && legal && rng.chance(0.3)) name = `${name} ${rng.pick(legal)}`;
    const industry = rng.pick(INDUSTRY_NAMES);
    const group = GROUP_OF_INDUSTRY.get(industry)!;
    const keywords = linkOnly ? [] : rng.sample(KEYWORDS_BY_GROUP[group] ?? KEYWORDS_BY_GROUP.default, rng.int(1, 4));
    const employeeCount = linkOnly || rng.chance(0.08) ? null : rng.heavyTail(2, 400_000, 0.55);
    const others = linkOnly
      ? []
      : Array.from(
          {
            length: rng.weighted([
              [0, 55],
              [1, 20],
              [2, 12],
              [3, 8],
              [5, 5],
            ] as const),
          },
          () => rng.int(0, CITIES.length - 1),
        ).filter((c) => c !== hqCity);
    const otherCities = [...new Set(others)];
    const scanned = !linkOnly && rng.chance(0.85);
    const pnSlug = `${slug(name)}-${hex(n, 5)}`;
    const socials: Record<string, string | null> = { pro_network_url: `https://pronet.example/company/${pnSlug}` };
    for (const s of SOCIALS)
      socials[s] =
        !linkOnly && rng.chance(0.35) ? `https://${s.replace('_url', '').replace('_', '-')}.example/${pnSlug}` : null;
    const emailDomain = linkOnly ? null : kind === 'regional' && rng.chance(0.5) ? mainDomain : website;
    this.stubs.add(
      emailDomain,
      [hqCity, ...otherCities],
      linkOnly ? 0.2 : Math.sqrt(employeeCount ?? 20) + 1,
      employeeCount,
    );
    return {
      id: this.companyId(n),
      name,
      description: linkOnly ? null : `${name} works in ${industry.toLowerCase()}: ${keywords.join(', ')}.`,
      logo: linkOnly ? null : `https://logos.example/${pnSlug}.png`,
      website,
      email: { domain: emailDomain, provider: null },
      pro_network_url: socials.pro_network_url,
      social_networks: socials,
      industry: linkOnly ? null : industry,
      keywords,
      naics_codes: linkOnly ? [] : rng.sample(NAICS_CODES, rng.int(0, 2)),
      type: linkOnly ? null : rng.weighted(COMPANY_TYPE_CHOICES),
      business_type: linkOnly ? null : rng.weighted(BUSINESS_TYPE_CHOICES),
      revenue_stream: linkOnly ? null : rng.pick(REVENUE_STREAMS),
      founded: linkOnly ? null : rng.int(1900, this.month0.getUTCFullYear()),
      employee_count: employeeCount,
      employee_range: employeeCount === null ? null : employeeRangeOf(employeeCount),
      location: linkOnly
        ? null
        : this.location(
            city,
            rng.chance(0.4)
              ? `${rng.int(1, 400)} ${rng.pick(['Main St', 'Market St', 'Hauptstraße', 'Rue de Rivoli', 'High Street'])}, ${city.city}`
              : null,
          ),
      other_locations: otherCities.map((c) => this.location(CITIES[c])),
      technologies: scanned
        ? rng.sample(TECHNOLOGIES, rng.int(0, 8)).map(([id, techName, site, cats]) => ({
            id: `tech_${id}`,
            name: techName,
            icon_url: rng.chance(0.7) ? `https://icons.example/${id}.png` : null,
            website: site,
            categories: cats.map((cat) => ({ id: `cat_${cat.split(':')[0]}`, name: cat.split(':')[1] })),
          }))
        : [],
      technologies_checked_at: scanned
        ? new Date(this.month0.getTime() - rng.int(1, 45 * 24) * 3600_000).toISOString()
        : null,
      pro_network_id: 1_000_000 + n,
      organization_id: orgId,
      page_type: kind,
      pro_network_website: networkWebsite,
      social_media_description: linkOnly ? null : `${name} on social media. We talk about ${keywords.join(' and ')}.`,
      website_text: linkOnly
        ? null
        : `Welcome to ${name}. ${k === 0 ? 'Headquartered' : 'Based'} in ${city.city}, we offer ${keywords.join(', ')} for ${industry.toLowerCase()}.`,
    };
  }

  /** A company index, larger companies more likely. */
  private employer(rng: Prng, except = -1): number {
    const cumulative = this.stubs.cumulative;
    const total = cumulative[cumulative.length - 1];
    for (let attempt = 0; attempt < 3; attempt++) {
      const r = rng.next() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid] > r) hi = mid;
        else lo = mid + 1;
      }
      if (lo !== except || cumulative.length === 1) return lo;
    }
    return (except + 1) % cumulative.length;
  }

  *people(): Generator<PersonInput> {
    for (let chunk = 0; chunk < this.peopleChunks(); chunk++) yield* this.peopleChunk(chunk);
  }

  /** What another thread needs to make this generator's people, once `companies()` has run. */
  peopleSeed(): PeopleSeed {
    return { options: this.options, companies: this.stubs.export() };
  }

  /** A generator of the seed's people only (its companies were made elsewhere). */
  static fromPeopleSeed(seed: PeopleSeed): DatasetGenerator {
    const generator = new DatasetGenerator(seed.options);
    generator.stubs = CompanyStubs.from(seed.companies);
    return generator;
  }

  /** How many chunks of `PEOPLE_CHUNK` people `people()` makes. */
  peopleChunks(): number {
    return peopleChunkCount(this.options.people);
  }

  /** The people of one chunk, the same as `people()` makes them there. */
  *peopleChunk(chunk: number): Generator<PersonInput> {
    if (this.options.companies > 0 && this.stubs.length !== this.options.companies)
      throw new Error('generate companies() before people()');
    const rng = new Prng(`${this.options.seed}/people/${chunk}`);
    const end = Math.min(this.options.people, (chunk + 1) * PEOPLE_CHUNK);
    for (let n = chunk * PEOPLE_CHUNK; n < end; n++) yield this.person(rng, n);
  }

  /** The employee count of a company this generator made (by its id), once `companies()` has run. */
  readonly headcountOf = (companyId: string): number | null => {
    const n = companyId.startsWith(`c0${this.tag}`) ? parseInt(companyId.slice(-14), 16) : -1;
    return this.stubs.headcount(n);
  };

  private position(
    rng: Prng,
    company: number,
    seniority: Seniority,
    sub: string,
    started: string,
    ended: string | null,
    primary: boolean,
  ): PositionInput {
    // Founders and executives are senior by definition; a junior role gets an ordinary department.
    if (GROUP_OF_SUB_DEPARTMENT.get(sub) === 'C-Suite' && !EXECUTIVE.has(seniority))
      sub = rng.pick(DEPARTMENT_GROUPS[rng.weighted(GROUP_WEIGHTS_BUT_C_SUITE)]);
    const group = GROUP_OF_SUB_DEPARTMENT.get(sub)!;
    return {
      company_id: company >= 0 ? this.companyId(company) : null,
      title: jobTitle(rng, seniority, group, sub),
      seniority,
      departments: [group, sub],
      started_at: started,
      ended_at: ended,
      is_primary: primary,
    };
  }

  private person(rng: Prng, n: number): PersonInput {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const hasCompanies = this.stubs.length > 0;
    // The first people walk through every seniority and sub-department, so small sets still cover them all.
    const seniority = n < SENIORITIES.length ? SENIORITIES[n] : rng.weighted(SENIORITY_WEIGHTS);
    const sub =
      n < SUB_DEPARTMENTS.length
        ? SUB_DEPARTMENTS[n]
        : seniority === 'Owner' && rng.chance(0.6)
          ? 'Founder'
          : rng.pick(DEPARTMENT_GROUPS[rng.weighted(GROUP_WEIGHTS)]);
    const company = hasCompanies ? this.employer(rng) : -1;
    const recent = rng.chance(0.15);
    const roleMonths = recent ? rng.int(0, 11) : rng.int(12, 150);
    const started = this.monthsAgo(roleMonths, rng.int(1, 28));
    const positions: PositionInput[] = [this.position(rng, company, seniority, sub, started, null, true)];
    if (rng.chance(0.45)) {
      // The role before this one: a promotion at the same company, or another employer.
      const promotion = hasCompanies && rng.chance(0.4);
      const before = this.monthsAgo(roleMonths + rng.int(6, 60), rng.int(1, 28));
      const prevCompany = promotion ? company : hasCompanies ? this.employer(rng, company) : -1;
      const prevSeniority = promotion ? (JUNIOR[seniority] ?? 'Entry') : rng.weighted(SENIORITY_WEIGHTS);
      positions.push(
        this.position(
          rng,
          prevCompany,
          prevSeniority,
          promotion ? sub : rng.pick(DEPARTMENT_GROUPS[GROUP_OF_SUB_DEPARTMENT.get(sub)!]),
          before,
          started,
          false,
        ),
      );
      if (rng.chance(0.3)) {
        const earliest = this.monthsAgo(roleMonths + rng.int(70, 200), rng.int(1, 28));
        positions.push(
          this.position(
            rng,
            hasCompanies ? this.employer(rng) : -1,
            'Entry',
            rng.pick(SUB_DEPARTMENTS),
            earliest,
            before,
            false,
          ),
        );
      }
    }
    if (hasCompanies && rng.chance(0.04))
      positions.push(
        this.position(
          rng,
          this.employer(rng, company),
          'Unpaid',
          'Consultant',
          this.monthsAgo(rng.int(0, 60), 1),
          null,
          false,
        ),
      );
    const home = company >= 0 && rng.chance(0.85) ? this.stubs.pickCity(rng, company) : rng.weighted(CITY_CHOICES);
    const city = CITIES[home];
    const local = `${slug(first)}.${slug(last)}`.replace(/-/g, '');
    const domain = (company >= 0 && this.stubs.emailDomain(company)) || `mail-${city.tld.replace(/\./g, '-')}.example`;
    const mix = rng.weighted(EMAIL_MIX);
    const address = `${local}${n % 97 === 0 ? hex(n, 4) : ''}@${domain}`;
    const emails: PersonInput['emails'] =
      mix === 'none'
        ? []
        : mix === 'invalid+valid'
          ? [
              { address: `${local}@old-${domain}`, status: 'invalid' },
              { address, status: 'valid' },
            ]
          : [{ address, status: mix as EmailStatus }];
    return {
      id: this.personId(n),
      first_name: first,
      last_name: last,
      pro_network_url: `https://pronet.example/in/${slug(`${first} ${last}`)}-${hex(n, 6)}`,
      followers: rng.heavyTail(20, 3_000_000, 1.1),
      location: {
        city: city.city,
        state: city.state,
        state_code: city.state_code,
        country: city.country,
        country_code: city.country_code,
      },
      emails,
      phone: {
        status: rng.weighted([
          ['found', 30],
          ['not_found', 40],
          ['unknown', 30],
        ] as const),
      },
      positions,
    };
  }
}
