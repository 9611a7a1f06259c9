import type { EntityManager } from 'typeorm';
import { LookupItem, proNetworkUrlCandidates } from './save-items';

type Query = Pick<EntityManager, 'query'>;

/** Among several pages that match, the organization's main page wins, then the lowest id. */
const PAGE_ORDER = `(page_type = 'main') DESC NULLS LAST, id`;

async function byId(m: Query, ids: string[]): Promise<Map<string, string>> {
  const rows: Array<{ id: string }> = await m.query(`SELECT id FROM companies WHERE id = ANY($1::char(24)[])`, [ids]);
  return new Map(rows.map((r) => [r.id, r.id]));
}

async function byProNetworkId(m: Query, values: number[]): Promise<Map<string, string>> {
  const rows: Array<{ key: string; id: string }> = await m.query(
    `SELECT DISTINCT ON (pro_network_id) pro_network_id::text AS key, id
       FROM companies WHERE pro_network_id = ANY($1::bigint[])
      ORDER BY pro_network_id, ${PAGE_ORDER}`,
    [values],
  );
  return new Map(rows.map((r) => [r.key, r.id]));
}

async function byProNetworkUrl(m: Query, candidates: string[]): Promise<Map<string, string>> {
  const rows: Array<{ key: string; id: string }> = await m.query(
    `SELECT DISTINCT ON (lower(pro_network_url)) lower(pro_network_url) AS key, id
       FROM companies WHERE lower(pro_network_url) = ANY($1::text[])
      ORDER BY lower(pro_network_url), ${PAGE_ORDER}`,
    [candidates],
  );
  return new Map(rows.map((r) => [r.key, r.id]));
}

/**
 * A domain names the organization whose page has it as website or staff email domain, and
 * resolves to that organization's main page (a page without an organization, or an organization
 * without a main page, answers the page itself). A website match beats an email-domain match.
 */
async function byDomain(m: Query, domains: string[]): Promise<Map<string, string>> {
  const rows: Array<{ key: string; id: string }> = await m.query(
    `WITH wanted AS (SELECT DISTINCT unnest($1::text[]) AS domain),
     hits AS (
       SELECT w.domain, c.id, c.organization_id, c.page_type,
              lower(c.website) IN (w.domain, 'www.' || w.domain) AS by_website
         FROM wanted w
         JOIN companies c ON lower(c.website) IN (w.domain, 'www.' || w.domain) OR lower(c.email_domain) = w.domain
     )
     SELECT DISTINCT ON (h.domain) h.domain AS key, COALESCE(main.id, h.id) AS id
       FROM hits h
       LEFT JOIN LATERAL (
         SELECT p.id FROM companies p
          WHERE p.organization_id = h.organization_id AND p.page_type = 'main'
          ORDER BY p.id LIMIT 1
       ) main ON true
      ORDER BY h.domain, h.by_website DESC, (h.page_type = 'main') DESC NULLS LAST, h.id`,
    [domains],
  );
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** The company id each lookup item names, or null; one query per kind of lookup key used. */
export async function resolveCompanies(m: Query, items: readonly LookupItem[]): Promise<Array<string | null>> {
  const of = (by: LookupItem['by']) => items.filter((i) => i.by === by);
  const urlCandidates = new Map(of('pro_network_url').map((i) => [i.value as string, proNetworkUrlCandidates(i.value as string) ?? []]));
  // One after another: inside a transaction they share one connection anyway.
  const none = new Map<string, string>();
  const ids = of('id').length ? await byId(m, of('id').map((i) => i.value as string)) : none;
  const proIds = of('pro_network_id').length ? await byProNetworkId(m, of('pro_network_id').map((i) => i.value as number)) : none;
  const urls = urlCandidates.size ? await byProNetworkUrl(m, [...urlCandidates.values()].flat()) : none;
  const domains = of('domain').length ? await byDomain(m, of('domain').map((i) => i.value as string)) : none;
  return items.map((item) => {
    switch (item.by) {
      case 'id':
        return ids.get(item.value as string) ?? null;
      case 'pro_network_id':
        return proIds.get(String(item.value)) ?? null;
      case 'domain':
        return domains.get(item.value as string) ?? null;
      case 'pro_network_url': {
        const hit = (urlCandidates.get(item.value as string) ?? []).find((c) => urls.has(c));
        return hit ? urls.get(hit)! : null;
      }
    }
  });
}
