/** Headcount ranges of `company_headcount_range`, with their bounds (max null = open-ended). */
export const EMPLOYEE_RANGES = [
  { value: '1-10', min: 1, max: 10 },
  { value: '11-50', min: 11, max: 50 },
  { value: '51-200', min: 51, max: 200 },
  { value: '201-500', min: 201, max: 500 },
  { value: '501-1000', min: 501, max: 1000 },
  { value: '1001-5000', min: 1001, max: 5000 },
  { value: '5001-10000', min: 5001, max: 10000 },
  { value: '10001+', min: 10001, max: null },
] as const;

/** The range a known headcount falls in. */
export function employeeRangeOf(count: number): string {
  return EMPLOYEE_RANGES.find((r) => r.max === null || count <= r.max)!.value;
}

export const COMPANY_TYPES = [
  'Privately Held',
  'Public Company',
  'Non Profit',
  'Self Owned',
  'Self Employed',
  'Partnership',
  'Educational',
  'Government Agency',
  'Unknown',
] as const;

export const BUSINESS_TYPES = ['B2B', 'B2C', 'Nonprofit', 'Unknown'] as const;

export const REVENUE_STREAMS = [
  'Professional Services',
  'Product Sales',
  'Grants / Donations',
  'Subscriptions / Recurring',
  'Project / Contract Work',
  'Event / Experience Revenue',
  'Transaction Fees',
  'Rental / Leasing',
  'Advertising',
  'Financial Services',
  'Licensing / IP',
  'Unknown',
] as const;

/** Sources of `company_keywords.sources`: which company text a keyword phrase is matched in. */
export const KEYWORDS_SOURCES = [
  { value: 'specialties', field: 'keywords' },
  { value: 'social_media_description', field: 'social_media_description' },
  { value: 'website_pages', field: 'website_text' },
] as const;

/** Page kinds of an organization's company pages (docs/dataset.md). */
export const PAGE_TYPES = ['main', 'regional', 'brand', 'subsidiary', 'link_only'] as const;
