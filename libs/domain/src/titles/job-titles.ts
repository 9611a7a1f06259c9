/**
 * Job title normalisation (`person_job_title`, docs/people-search.md), shared by the dataset loader, which
 * fills the derived `title_*` columns of `people`, and the search compiler, which turns terms into
 * conditions on them. Both sides must use these functions so stored columns and terms agree.
 *
 * Words are case-folded but keep their diacritics ("Jürgen" ≠ "Jurgen"); connector words are
 * ignored; known abbreviations are spelled out, so either spelling matches the other.
 */

/** Connector words ignored when matching titles: of, and, the, for, in, at, to, a, an, with, on, & ('&' is never a word token, listed for readers). */
export const TITLE_CONNECTORS: ReadonlySet<string> = new Set([
  'of',
  'and',
  'the',
  'for',
  'in',
  'at',
  'to',
  'a',
  'an',
  'with',
  'on',
  '&',
]);

/** Abbreviation -> canonical spelling (lower-case), e.g. vp -> 'vice president', sr -> 'senior', cto -> 'chief technology officer'. */
export const TITLE_ABBREVIATIONS: Readonly<Record<string, string>> = Object.freeze({
  // Only abbreviations with one reading in job titles: pm, cso, cdo, cco, am, md, csm, acct, eng, tech have several, so they stay as written.
  // ranks and roles
  vp: 'vice president',
  svp: 'senior vice president',
  evp: 'executive vice president',
  avp: 'assistant vice president',
  sr: 'senior',
  snr: 'senior',
  jr: 'junior',
  mgr: 'manager',
  gm: 'general manager',
  dir: 'director',
  engr: 'engineer',
  exec: 'executive',
  asst: 'assistant',
  assoc: 'associate',
  admin: 'administrator',
  rep: 'representative',
  dev: 'developer',
  // chief officers
  ceo: 'chief executive officer',
  cto: 'chief technology officer',
  cfo: 'chief financial officer',
  coo: 'chief operating officer',
  cmo: 'chief marketing officer',
  cio: 'chief information officer',
  cro: 'chief revenue officer',
  cpo: 'chief product officer',
  chro: 'chief human resources officer',
  ciso: 'chief information security officer',
  // functions
  hr: 'human resources',
  it: 'information technology',
  sdr: 'sales development representative',
  bdr: 'business development representative',
  ae: 'account executive',
  qa: 'quality assurance',
  ux: 'user experience',
  ui: 'user interface',
  ops: 'operations',
  pr: 'public relations',
  mktg: 'marketing',
  mgmt: 'management',
  intl: 'international',
});

// A Map, not the record: a title word such as "constructor" must not find Object.prototype members.
const EXPANSIONS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(TITLE_ABBREVIATIONS).map(([abbr, canon]) => [abbr, canon.split(' ')]),
);

// A word starts with a letter or digit; combining marks continue it, so decomposed accents and
// scripts written with marks (or "İ" lower-cased to i + dot) do not split words. Linear: no nesting.
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/** Lower-case word tokens: runs of Unicode letters/digits (/[\p{L}\p{N}]+/gu, combining marks kept inside a word); diacritics are kept (é stays é). */
export function titleWords(text: string): string[] {
  // NFC after lower-casing: one spelling of "é" whether it arrived composed or decomposed.
  return text.toLowerCase().normalize('NFC').match(WORD) ?? [];
}

/** Canonical tokens in order: each word lower-cased, abbreviations expanded (one token may become several), connectors dropped. */
export function canonicalTitleTokens(text: string): string[] {
  const out: string[] = [];
  for (const word of titleWords(text)) {
    if (TITLE_CONNECTORS.has(word)) continue;
    const expansion = EXPANSIONS.get(word);
    if (expansion) out.push(...expansion);
    else out.push(word);
  }
  return out;
}

/** What a CONTAINS term requires: the distinct canonical tokens of the term (empty when it has only connectors). */
export function containsTokens(term: string): string[] {
  return [...new Set(canonicalTitleTokens(term))];
}

/** The `title_terms` column: distinct canonical tokens plus the raw (non-connector) words, sorted. */
export function titleTerms(title: string | null): string[] {
  if (!title) return [];
  const raw = titleWords(title).filter((w) => !TITLE_CONNECTORS.has(w));
  return [...new Set([...canonicalTitleTokens(title), ...raw])].sort();
}

/** The `title_key` column for EXACT: distinct canonical tokens sorted and joined by one space ('' when none). */
export function titleKey(text: string | null): string {
  // Sorted and distinct: word-order variants ("Sales VP", "VP of Sales") share one key.
  return text ? containsTokens(text).sort().join(' ') : '';
}

/** The `title_canon` column for ordered (backtick) phrases: canonical tokens in order joined by one space. */
export function titleCanon(text: string | null): string {
  return text ? canonicalTitleTokens(text).join(' ') : '';
}
