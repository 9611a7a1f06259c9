/**
 * The people export's CSV (docs/people-export.md): RFC 4180 with CRLF line ends and a header row,
 * one row per Person record (with its `saved` block). Plain module, unit-tested beside it.
 */
import type { PersonRecord } from '@app/database';

export const CSV_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'email_source',
  'email_status',
  'pro_network_url',
  'title',
  'seniority',
  'departments',
  'company_id',
  'company_name',
  'company_website',
  'city',
  'state',
  'country',
  'saved_at',
  'list_ids',
] as const;

const LINE_END = '\r\n';
const LIST_SEPARATOR = '; ';

/**
 * What a spreadsheet may read as the start of a formula: tab or CR, or `=`, `+`, `-`, `@` and their full-width
 * and small-form look-alikes (`＝＋－＠`, `﹦﹢﹣﹫`, which some spreadsheets and input methods turn into the ASCII
 * ones), behind any run of whitespace or invisible characters (zero-width spaces and joiners, byte order marks,
 * direction marks, soft hyphens: Unicode's White_Space and format characters), which a spreadsheet may drop.
 */
const FORMULA_START = /^(?:[\t\r]|[\s\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/u;

/**
 * One field: a value a spreadsheet would read as a formula (FORMULA_START) gets a leading apostrophe;
 * a field holding a comma, quote, CR or LF is quoted, quotes doubled.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: ReadonlyArray<string | number | null | undefined>): string =>
  values.map(csvField).join(',') + LINE_END;

export const csvHeader = (): string => csvLine(CSV_COLUMNS);

/** The row of one person, in CSV_COLUMNS order. The email is the workspace's (edited › revealed), else empty. */
export function personRow(person: PersonRecord): Array<string | null> {
  const position = person.primary_position;
  const company = position?.company ?? null;
  const saved = person.saved ?? null;
  return [
    person.id,
    person.first_name,
    person.last_name,
    person.full_name,
    saved?.email ?? null,
    saved?.email_source ?? null,
    person.contact_details.email.status,
    person.pro_network_url,
    position?.title ?? null,
    position?.seniority ?? null,
    (position?.departments ?? []).join(LIST_SEPARATOR),
    position?.company_id ?? null,
    company?.name ?? null,
    company?.website ?? null,
    person.location?.city ?? null,
    person.location?.state ?? null,
    person.location?.country ?? null,
    saved?.saved_at ?? null,
    (saved?.list_ids ?? []).join(LIST_SEPARATOR),
  ];
}

export const personLines = (people: readonly PersonRecord[]): string =>
  people.map((p) => csvLine(personRow(p))).join('');
