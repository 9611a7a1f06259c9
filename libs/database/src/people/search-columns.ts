import { placeKeys } from '@app/domain/locations/location-keys';
import { companySearchColumns } from '@app/domain/search-columns';
import { titleCanon, titleKey, titleTerms } from '@app/domain/titles/job-titles';
import type { QueryRunner } from 'typeorm';

type Query = Pick<QueryRunner, 'query'>;

/** One text key per stored person location: what `placeKeys` reads of it. */
const PLACE = `coalesce(p.location->>'city', '') || '|' || coalesce(p.location->>'state', '') || '|' || coalesce(p.location->>'state_code', '') || '|' || coalesce(p.location->>'country_code', '')`;

/**
 * Fills the search columns of rows loaded before they existed, with the loader's own functions
 * (titles and places follow TypeScript rules, not a SQL copy of them). People share few distinct
 * titles and places, so each distinct value is derived once and the table is rewritten in one
 * statement rather than row by row.
 */
export async function backfillSearchColumns(q: Query): Promise<void> {
  const titles: Array<{ title: string }> = await q.query(`SELECT DISTINCT title FROM people WHERE title IS NOT NULL`);
  const places: Array<{ place: string }> = await q.query(
    `SELECT DISTINCT ${PLACE} AS place FROM people p WHERE p.location IS NOT NULL`,
  );
  if (titles.length + places.length > 0) {
    await q.query(
      `CREATE TEMP TABLE backfill_titles (title text PRIMARY KEY, terms text[], key text, canon text) ON COMMIT DROP`,
    );
    await q.query(`CREATE TEMP TABLE backfill_places (place text PRIMARY KEY, keys text[]) ON COMMIT DROP`);
    for (const chunk of chunks(titles, 5000)) {
      const rows = chunk.map(({ title }) => ({
        title,
        terms: titleTerms(title),
        key: titleKey(title),
        canon: titleCanon(title),
      }));
      await q.query(
        `INSERT INTO backfill_titles SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(title text, terms text[], key text, canon text)`,
        [JSON.stringify(rows)],
      );
    }
    for (const chunk of chunks(places, 5000)) {
      const rows = chunk.map(({ place }) => {
        const [city, state, state_code, country_code] = place.split('|');
        return { place, keys: placeKeys({ city, state, state_code, country_code }) };
      });
      await q.query(
        `INSERT INTO backfill_places SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(place text, keys text[])`,
        [JSON.stringify(rows)],
      );
    }
    await q.query(`
      UPDATE people p
         SET title_terms = COALESCE(t.terms, '{}'), title_key = COALESCE(t.key, ''), title_canon = COALESCE(t.canon, ''), location_keys = COALESCE(l.keys, '{}')
        FROM people q
        LEFT JOIN backfill_titles t ON t.title = q.title
        LEFT JOIN backfill_places l ON l.place = ${PLACE.replace(/p\.location/g, 'q.location')}
       WHERE q.id = p.id`);
  }
  await backfillCompanies(q);
}

/** Companies are few (and their offices many-valued): derived per row, in batches. */
async function backfillCompanies(q: Query): Promise<void> {
  let after = '';
  for (;;) {
    const rows: Array<{ id: string; location: any; other_locations: any[] }> = await q.query(
      `SELECT id, location, other_locations FROM companies WHERE id > $1 ORDER BY id LIMIT 20000`,
      [after],
    );
    if (rows.length === 0) return;
    const values = rows.map((r) => ({ id: r.id, ...companySearchColumns(r.location, r.other_locations) }));
    await q.query(
      `UPDATE companies c SET hq_location_keys = x.hq_location_keys, location_keys = x.location_keys
         FROM jsonb_to_recordset($1::jsonb) AS x(id text, hq_location_keys text[], location_keys text[]) WHERE c.id = x.id`,
      [JSON.stringify(values)],
    );
    after = rows[rows.length - 1].id;
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
