import type { TestDatabase } from './database';

/** Company ids of the small fixture below, named as the conformance fixture names them. */
const cid = (n: number) => '5c' + '0'.repeat(20) + String(n).padStart(2, '0');
export const CO = {
  globex: cid(1), // org_globex main page, globex.com
  globex_de: cid(2), // org_globex regional page, website globex.de
  globex_labs: cid(3), // org_globex brand page, globexlabs.io
  initech: cid(4), // org_globex subsidiary, initech.com; staff mail on initech-mail.com
  acme: cid(6),
  umbrella: cid(7),
  soylent: cid(8),
  hooli: cid(9), // pro_network_id 1009
  vandelay: cid(10), // pro_network_url https://pronet.example/company/vandelay-industries
  pied: cid(11),
  loner: cid(12), // no organization: a domain resolves to the page itself
};
export const UNKNOWN_CO = cid(99);

interface Row {
  id: string;
  name: string;
  org: string | null;
  page: string | null;
  website: string | null;
  email_domain?: string | null;
}

const ROWS: Row[] = [
  { id: CO.globex, name: 'Globex', org: 'org_globex', page: 'main', website: 'globex.com' },
  { id: CO.globex_de, name: 'Globex Deutschland', org: 'org_globex', page: 'regional', website: 'globex.de' },
  { id: CO.globex_labs, name: 'Globex Labs', org: 'org_globex', page: 'brand', website: 'globexlabs.io' },
  {
    id: CO.initech,
    name: 'Initech',
    org: 'org_globex',
    page: 'subsidiary',
    website: 'initech.com',
    email_domain: 'initech-mail.com',
  },
  { id: CO.acme, name: 'Acme Analytics', org: 'org_acme', page: 'main', website: 'acme-analytics.com' },
  { id: CO.umbrella, name: 'Umbrella Health', org: 'org_umbrella', page: 'main', website: 'umbrella.health' },
  { id: CO.soylent, name: 'Soylent Foods', org: 'org_soylent', page: 'main', website: 'soylent.fr' },
  { id: CO.hooli, name: 'Hooli', org: 'org_hooli', page: 'main', website: 'hooli.xyz' },
  { id: CO.vandelay, name: 'Vandelay Industries', org: 'org_vandelay', page: 'main', website: 'vandelay.es' },
  { id: CO.pied, name: 'Pied Piper', org: 'org_pied', page: 'main', website: 'piedpiper.com' },
  { id: CO.loner, name: 'Loner Ltd', org: null, page: null, website: 'www.loner.example' },
];

/** Inserts the fixture companies straight into `companies` (the dataset import is another feature). */
export async function insertFixtureCompanies(db: TestDatabase): Promise<void> {
  for (const r of ROWS) {
    const slug = r.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await db.query(
      `INSERT INTO companies (id, name, website, email_domain, pro_network_url, pro_network_id, organization_id, page_type,
                              social_networks, keywords, naics_codes, location, other_locations, technologies)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '{}', '{}', '{}', NULL, '[]', '[]')
       ON CONFLICT (id) DO NOTHING`,
      [
        r.id,
        r.name,
        r.website,
        r.email_domain === undefined ? (r.website?.replace(/^www\./, '') ?? null) : r.email_domain,
        `https://pronet.example/company/${slug}`,
        1000 + Number(r.id.slice(-2)),
        r.org,
        r.page,
      ],
    );
  }
}

/** Many plain companies for big requests: ids 5d…1 to 5d…count, domains bulk-<n>.example; answers every id, inserted now or before. */
export async function insertBulkCompanies(db: TestDatabase, count: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `WITH wanted AS (SELECT n, '5d' || lpad(to_hex(n), 22, '0') AS id FROM generate_series(1, $1::int) AS n),
     inserted AS (
       INSERT INTO companies (id, name, website, email_domain, organization_id, page_type)
       SELECT id, 'Bulk ' || n, 'bulk-' || n || '.example', 'bulk-' || n || '.example', 'org_bulk_' || n, 'main' FROM wanted
       ON CONFLICT (id) DO NOTHING
     )
     SELECT id FROM wanted ORDER BY n`,
    [count],
  );
  return rows.map((r) => r.id);
}
