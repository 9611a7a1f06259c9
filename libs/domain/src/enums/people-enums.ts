/** Seniority values of `person_seniority` (docs/people-search.md), most senior first (also the sort order). */
export const SENIORITIES = [
  'Owner',
  'Partner',
  'Chief Officer',
  'VP',
  'Director',
  'Senior',
  'Manager',
  'Entry',
  'Intern',
  'Unpaid',
] as const;
export type Seniority = (typeof SENIORITIES)[number];

/** Stored email statuses (docs/dataset.md); the best email is the valid one if any. */
export const EMAIL_STATUSES = ['valid', 'invalid', 'accept_all', 'not_found'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Phone statuses of `contact_details.phone.status`. */
export const PHONE_STATUSES = ['found', 'not_found', 'unknown'] as const;
