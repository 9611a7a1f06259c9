import { Injectable } from '@nestjs/common';
import type { QueryConfig, QueryResult } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { COMPANY_GET_SHAPE, CompanyRecord, loadCompanyRecords } from '../companies/company-record';
import { primaryPool } from '../data-source';
import { mutateReturning } from '../sql';

type Reader = Pick<EntityManager, 'query'>;

/** Where a named statement can run: a pg pool, or a replica router's chosen reader. */
export interface StatementTarget {
  query(config: QueryConfig): Promise<QueryResult>;
}

/** Among several pages that match, the organization's main page wins, then the lowest id. */
const PAGE_ORDER = `(page_type = 'main') DESC NULLS LAST, id`;

/** A company's save by a workspace: its first `saved_at` and whether this call made it. */
export interface CompanySave {
  savedAt: Date;
  inserted: boolean;
}

/**
 * Companies of the data set as a workspace sees them: the lookups that resolve a save's items to company ids, the
 * record read of GET /v2/companies/{id}, and the workspace's saves (`saved_companies`). List memberships are
 * ListRepository's.
 *
 * Methods that may run inside a caller's transaction take its EntityManager last.
 */
@Injectable()
export class CompanyRepository {
  /** Statement names of the record read, shared by every pool it runs on (names are per connection). */
  private readonly names = new Map<string, string>();

  constructor(private readonly dataSource: DataSource) {}

  /**
   * The full Company record (technologies and the workspace's saved block), or undefined. Inside the caller's
   * transaction when a manager is given; else as a named (prepared) statement on `target` (the primary's pool, or the
   * pool a replica router chose): no query runner per request, and PostgreSQL plans the record query once per
   * connection, not per call.
   */
  async record(
    workspaceId: string,
    id: string,
    // Read per call: a repository may be built (by hand, in the CLI) before its data source initializes.
    target: EntityManager | StatementTarget = primaryPool(this.dataSource),
  ): Promise<CompanyRecord | undefined> {
    const reader = target instanceof EntityManager ? target : this.prepared(target);
    const records = await loadCompanyRecords(reader, workspaceId, [id], COMPANY_GET_SHAPE);
    return records.get(id);
  }

  private prepared(target: StatementTarget): Reader {
    return {
      query: async <T>(text: string, values?: unknown[]) => {
        let name = this.names.get(text);
        if (!name) this.names.set(text, (name = `company_record_${this.names.size}`));
        return (await target.query({ name, text, values })).rows as T;
      },
    };
  }

  /** Sets (a string) or removes (null) the workspace's name for a company it saved; false when it has not saved it. */
  async editName(
    workspaceId: string,
    companyId: string,
    name: string | null,
    manager: EntityManager,
  ): Promise<boolean> {
    const rows = await mutateReturning(
      manager,
      `UPDATE saved_companies SET name_edit = $3 WHERE workspace_id = $1 AND company_id = $2 RETURNING company_id`,
      [workspaceId, companyId, name],
    );
    return rows.length > 0;
  }

  /** Which of the ids name a company: each found id maps to itself. */
  async idsById(ids: string[], manager: EntityManager = this.dataSource.manager): Promise<Map<string, string>> {
    const rows: Array<{ id: string }> = await manager.query(`SELECT id FROM companies WHERE id = ANY($1::char(24)[])`, [
      ids,
    ]);
    return new Map(rows.map((r) => [r.id, r.id]));
  }

  /** The company each network id (as text) names. */
  async idsByProNetworkId(
    values: number[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, string>> {
    const rows: Array<{ key: string; id: string }> = await manager.query(
      `SELECT DISTINCT ON (pro_network_id) pro_network_id::text AS key, id
         FROM companies WHERE pro_network_id = ANY($1::bigint[])
        ORDER BY pro_network_id, ${PAGE_ORDER}`,
      [values],
    );
    return new Map(rows.map((r) => [r.key, r.id]));
  }

  /** The company each lowercased network URL candidate names. */
  async idsByProNetworkUrl(
    candidates: string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, string>> {
    const rows: Array<{ key: string; id: string }> = await manager.query(
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
  async idsByDomain(domains: string[], manager: EntityManager = this.dataSource.manager): Promise<Map<string, string>> {
    const rows: Array<{ key: string; id: string }> = await manager.query(
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

  /**
   * Saves the companies that the workspace has not saved yet (a save keeps its first `saved_at`); answers each
   * company's save. Ids are sorted by the caller so concurrent saves lock rows in one order.
   */
  async save(workspaceId: string, companyIds: string[], manager: EntityManager): Promise<Map<string, CompanySave>> {
    const rows: Array<{ id: string; saved_at: Date | null; inserted: boolean }> = await manager.query(
      `WITH inserted AS (
         INSERT INTO saved_companies (workspace_id, company_id)
         SELECT $1, id FROM unnest($2::char(24)[]) AS id
         ON CONFLICT (workspace_id, company_id) DO NOTHING
         RETURNING company_id, saved_at
       )
       SELECT c.id, i.company_id IS NOT NULL AS inserted,
              COALESCE(i.saved_at, (SELECT s.saved_at FROM saved_companies s WHERE s.workspace_id = $1 AND s.company_id = c.id)) AS saved_at
         FROM unnest($2::char(24)[]) AS c(id)
         LEFT JOIN inserted i ON i.company_id = c.id`,
      [workspaceId, companyIds],
    );
    // A save committed by a concurrent request after this statement's snapshot: read it now.
    const unseen = rows.filter((r) => r.saved_at === null).map((r) => r.id);
    if (unseen.length > 0) {
      const late: Array<{ company_id: string; saved_at: Date }> = await manager.query(
        `SELECT company_id, saved_at FROM saved_companies WHERE workspace_id = $1 AND company_id = ANY($2::char(24)[])`,
        [workspaceId, unseen],
      );
      const byId = new Map(late.map((r) => [r.company_id, r.saved_at]));
      for (const r of rows) r.saved_at ??= byId.get(r.id) ?? null;
    }
    return new Map(
      rows.map((r) => {
        if (r.saved_at === null) throw new Error(`company ${r.id} is not saved after its save`);
        return [r.id, { savedAt: new Date(r.saved_at), inserted: r.inserted }];
      }),
    );
  }
}
