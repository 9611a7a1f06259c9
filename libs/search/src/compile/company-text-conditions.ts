/**
 * Company conditions over text (keyword phrases, CONTAINS names), written over alias `c`. The resolver runs them
 * first to turn a selective one into a list of company ids; one that selects more companies than a list should
 * carry is written into the search's own company subquery instead (company-conditions.ts).
 */
import type { CompanyKeywordsFilter } from '../filters/filter-types';
import { anyOf, SqlParams } from './sql-params';

/** One phrase in one source: adjacent words in order inside one field (each specialty is a field of its own). */
function phraseInSource(params: SqlParams, phrase: string, source: CompanyKeywordsFilter['sources'][number]): string {
  const q = `phraseto_tsquery('simple', ${params.add(phrase, 'text')})`;
  switch (source) {
    case 'specialties':
      // Specialties are stored with a filler word between them: a phrase cannot span two.
      return `c.keywords_tsv @@ ${q}`;
    case 'social_media_description':
      return `c.social_tsv @@ ${q}`;
    case 'website_pages':
      return `c.website_tsv @@ ${q}`;
  }
}

/** Companies a `company_keywords` filter selects: its include phrases (any, or all), none of its exclude phrases. */
export function keywordCondition(params: SqlParams, f: CompanyKeywordsFilter): string {
  const phrase = (p: string) => anyOf(f.sources.map((s) => phraseInSource(params, p, s)));
  const include = f.include.map(phrase);
  const condition = [f.include_all ? include.map((c) => `(${c})`).join(' AND ') : anyOf(include)];
  if (f.exclude.length > 0) condition.push(`NOT (${anyOf(f.exclude.map(phrase))})`);
  return condition.map((c) => `(${c})`).join(' AND ');
}

/** Companies whose name contains one of `names`, case-insensitive. */
export function nameContainsCondition(params: SqlParams, names: readonly string[]): string {
  // OR-ed LIKEs (not LIKE ANY) so each one can use the trigram index.
  return anyOf(
    names.map(
      (n) => `lower(c.name) LIKE ${params.add(`%${n.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`, 'text')}`,
    ),
  );
}
