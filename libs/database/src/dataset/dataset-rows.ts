import { memoize } from '@app/domain/memo';
import { companySearchColumns, personSearchColumns } from '@app/domain/search-columns';
import { derivePerson } from '@app/domain/records/person-derived';
import type { CompanyInput, PersonInput } from '@app/domain/records/record-types';
import { copyBool, copyIntArray, copyJson, copyLine, copyNumber, copyText, copyTextArray } from './copy-text';

/** Columns of `companies` the loader writes, in COPY order. */
export const COMPANY_COLUMNS = [
  'id',
  'name',
  'description',
  'logo',
  'website',
  'email_domain',
  'email_provider',
  'pro_network_url',
  'pro_network_id',
  'organization_id',
  'page_type',
  'pro_network_website',
  'social_networks',
  'industry',
  'keywords',
  'naics_codes',
  'type',
  'business_type',
  'revenue_stream',
  'founded',
  'employee_count',
  'employee_range',
  'location',
  'other_locations',
  'technologies',
  'technologies_checked_at',
  'social_media_description',
  'website_text',
  'country_code',
  'office_country_codes',
  'hq_location_keys',
  'location_keys',
] as const;

export const PEOPLE_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'full_name',
  'pro_network_url',
  'pro_network_key',
  'followers',
  'location',
  'country_code',
  'state',
  'city',
  'phone_status',
  'best_email',
  'best_email_status',
  'primary_position_no',
  'company_id',
  'title',
  'seniority',
  'departments',
  'role_started_at',
  'company_started_at',
  'job_change',
  'title_terms',
  'title_key',
  'title_canon',
  'location_keys',
] as const;

/** A replacing load writes the headcount copy with the row (docs/people-search.md, sort by company headcount). */
export const PEOPLE_COLUMNS_WITH_HEADCOUNT = [...PEOPLE_COLUMNS, 'company_employee_count'] as const;

export const POSITION_COLUMNS = [
  'person_id',
  'position_no',
  'company_id',
  'title',
  'seniority',
  'departments',
  'started_at',
  'ended_at',
  'is_primary',
] as const;

export const EMAIL_COLUMNS = ['person_id', 'email_no', 'address', 'status'] as const;

/** The `companies` row of a company record, as one COPY line. */
export function companyCopyLine(c: CompanyInput): string {
  const offices = new Set<string>();
  for (const l of [c.location, ...c.other_locations]) if (l?.country_code) offices.add(l.country_code);
  const search = companySearchColumns(c.location, c.other_locations);
  return copyLine([
    c.id,
    copyText(c.name),
    copyText(c.description),
    copyText(c.logo),
    copyText(c.website),
    copyText(c.email.domain),
    copyText(c.email.provider),
    copyText(c.pro_network_url),
    copyNumber(c.pro_network_id),
    copyText(c.organization_id),
    copyText(c.page_type),
    copyText(c.pro_network_website),
    copyJson(c.social_networks),
    copyText(c.industry),
    copyTextArray(c.keywords),
    copyIntArray(c.naics_codes),
    copyText(c.type),
    copyText(c.business_type),
    copyText(c.revenue_stream),
    copyNumber(c.founded),
    copyNumber(c.employee_count),
    copyText(c.employee_range),
    copyJson(c.location),
    copyJson(c.other_locations),
    copyJson(c.technologies),
    copyText(c.technologies_checked_at),
    copyText(c.social_media_description),
    copyText(c.website_text),
    copyText(c.location?.country_code),
    copyTextArray([...offices]),
    copyTextArray(search.hq_location_keys),
    copyTextArray(search.location_keys),
  ]);
}

export interface PersonCopyLines {
  person: string;
  positions: string;
  emails: string;
  /** The primary position's company, whose headcount the row carries when it is given one. */
  companyId: string | null;
}

/** `title_terms`, `title_key` and `title_canon` of a primary title, encoded: titles repeat across people. */
const titleSearchFields = memoize((title: string | null) => {
  const search = personSearchColumns(title, null);
  return `${copyTextArray(search.title_terms)}\t${copyText(search.title_key)}\t${copyText(search.title_canon)}`;
});
const locationKeys = (location: PersonInput['location']) =>
  copyTextArray(personSearchColumns(null, location).location_keys);

/** `location` … `city` and `location_keys` of a person's location, encoded, by its JSON: places repeat across people. */
const locationFields = memoize((json: string) => {
  const location = JSON.parse(json) as PersonInput['location'];
  return {
    columns: [
      copyText(json),
      copyText(location?.country_code),
      copyText(location?.state),
      copyText(location?.city),
    ].join('\t'),
    keys: locationKeys(location),
  };
});
const NO_LOCATION = { columns: '\\N\t\\N\t\\N\t\\N', keys: locationKeys(null) };

/**
 * The `people` row (with its derived search columns), `positions` rows and `person_emails` rows of a person. Given a
 * company's headcount, the row ends with `company_employee_count` too (`PEOPLE_COLUMNS_WITH_HEADCOUNT`).
 */
export function personCopyLines(p: PersonInput, headcountOf?: (companyId: string) => number | null): PersonCopyLines {
  const d = derivePerson(p);
  const location = p.location ? locationFields(JSON.stringify(p.location)) : NO_LOCATION;
  const person = copyLine([
    p.id,
    copyText(p.first_name),
    copyText(p.last_name),
    copyText(d.full_name),
    copyText(p.pro_network_url),
    copyText(d.pro_network_key),
    String(p.followers),
    location.columns,
    copyText(p.phone?.status),
    copyText(d.best_email?.address),
    copyText(d.best_email?.status),
    d.primary_index >= 0 ? String(d.primary_index) : '\\N',
    copyText(d.primary?.company_id),
    copyText(d.primary?.title),
    copyText(d.primary?.seniority),
    copyTextArray(d.departments),
    copyText(d.primary?.started_at),
    copyText(d.company_started_at),
    copyText(d.job_change),
    titleSearchFields(d.primary?.title ?? null),
    location.keys,
    ...(headcountOf ? [copyNumber(d.primary?.company_id ? headcountOf(d.primary.company_id) : null)] : []),
  ]);
  let positions = '';
  p.positions.forEach((x, i) => {
    positions += copyLine([
      p.id,
      String(i),
      copyText(x.company_id),
      copyText(x.title),
      copyText(x.seniority),
      copyTextArray(x.departments),
      copyText(x.started_at),
      copyText(x.ended_at),
      copyBool(i === d.primary_index),
    ]);
  });
  let emails = '';
  p.emails.forEach((e, i) => (emails += copyLine([p.id, String(i), copyText(e.address), e.status])));
  return { person, positions, emails, companyId: d.primary?.company_id ?? null };
}
