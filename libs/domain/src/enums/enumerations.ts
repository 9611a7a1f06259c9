import { BUSINESS_TYPES, COMPANY_TYPES, EMPLOYEE_RANGES, KEYWORDS_SOURCES, REVENUE_STREAMS } from './company-enums';
import { COUNTRIES } from './countries';
import { DEPARTMENT_GROUPS } from './departments';
import { INDUSTRY_GROUPS } from './industries';
import { SENIORITIES } from './people-enums';
import { regionCountries, REGIONS } from './regions';

/** One value of an enumeration as GET /v2/enums/{name} answers it: `value` plus what explains it. */
export interface EnumItem {
  value: string;
  [detail: string]: unknown;
}

const plain = (values: readonly string[]): EnumItem[] => values.map((value) => ({ value }));

/** Groups first, each followed by its members: a client can offer both, as the filters take both. */
function grouped(
  groups: Readonly<Record<string, readonly string[]>>,
  groupType: string,
  memberType: string,
  membersKey: string,
): EnumItem[] {
  return Object.entries(groups).flatMap(([group, members]) => [
    { value: group, type: groupType, group: null, [membersKey]: [...members] },
    ...members.map((member) => ({ value: member, type: memberType, group })),
  ]);
}

/** The enumerations of GET /v2/enums/{name} (docs/api.md#enumerations), by name. Built once; answers are read-only. */
export const ENUMERATIONS: Readonly<Record<string, readonly EnumItem[]>> = {
  industries: grouped(INDUSTRY_GROUPS, 'industry_group', 'industry', 'industries'),
  regions: Object.keys(REGIONS).map((value) => ({ value, countries: [...regionCountries(value)!] })),
  seniorities: plain(SENIORITIES),
  departments: grouped(DEPARTMENT_GROUPS, 'group', 'sub_department', 'sub_departments'),
  employee_ranges: EMPLOYEE_RANGES.map((r) => ({ ...r })),
  countries: COUNTRIES.map((c) => ({ value: c.code, name: c.name })),
  company_types: plain(COMPANY_TYPES),
  business_types: plain(BUSINESS_TYPES),
  revenue_streams: plain(REVENUE_STREAMS),
  keywords_sources: KEYWORDS_SOURCES.map((s) => ({ ...s })),
};

export const ENUMERATION_NAMES = Object.keys(ENUMERATIONS);
