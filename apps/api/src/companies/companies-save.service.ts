import { AuthContext, RateLimiter, received, validationError, WithMetadata } from '@app/common';
import { attemptInSavepoint, COMPANY_GET_SHAPE, CompanyRecord, loadCompanyRecords, noteWorkspaceWrite, recordEvents } from '@app/database';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { resolveLiveLists } from '../lists/live-lists';
import { resolveCompanies } from './company-lookup';
import { SaveCompaniesDto } from './dto/save-companies.dto';
import { CompanySaveOutcome, SaveBuckets, toSaveAnswer } from './save-answer';
import { LookupItem, parseSaveItems, SaveInputError, SaveItem } from './save-items';

/**
 * The `company.saved` event body's data (CONTRACTS.md section 6): the company exactly as
 * GET /v2/companies/{id} answers it (the same serializer with the same options, technologies included).
 */
function companySavedData(company: CompanyRecord): Record<string, unknown> {
  return { company, saved_at: company.saved?.saved_at ?? null, list_ids: company.saved?.list_ids ?? [] };
}

/** POST /v2/companies/save (SPEC.md 4.3 and "Company saving"). */
@Injectable()
export class CompaniesSaveService {
  private readonly logger = new Logger(CompaniesSaveService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async save(auth: AuthContext, body: SaveCompaniesDto): Promise<WithMetadata<SaveBuckets>> {
    const { items, enrichUnits } = this.parse(body.data);
    const workspaceId = auth.workspaceId;
    // Spent only once the request is known good (its lists checked in a statement of their own) and before the
    // transaction opens: a Redis that is slow or away never holds a connection or list locks.
    await resolveLiveLists(this.dataSource.manager, workspaceId, body.list_ids ?? [], 'company', 'list_ids');
    await this.rateLimiter.spend('enrich', workspaceId, enrichUnits);
    const { data, metadata } = await this.dataSource.transaction(async (m) => {
      const listIds = await resolveLiveLists(m, workspaceId, body.list_ids ?? [], 'company', 'list_ids');
      const lookups = items.filter((i): i is LookupItem => i.kind === 'lookup');
      const found = await resolveCompanies(m, lookups);
      const resolved = this.alignResolved(items, found);
      const companyIds = [...new Set(resolved.filter((id): id is string => id !== null))].sort();
      const outcomes = await this.storeAll(m, workspaceId, companyIds, listIds);
      return toSaveAnswer(items, resolved, outcomes);
    });
    await noteWorkspaceWrite(workspaceId);
    return new WithMetadata(data, { ...metadata });
  }

  private parse(data: unknown[]): ReturnType<typeof parseSaveItems> {
    try {
      return parseSaveItems(data);
    } catch (error) {
      if (!(error instanceof SaveInputError)) throw error;
      throw validationError(error.field, error.code, error.message, { ...(error.value === undefined ? {} : received(error.value)), ...error.extra });
    }
  }

  /** resolveCompanies answers lookup items only; this puts its answers back at each item's place. */
  private alignResolved(items: readonly SaveItem[], found: ReadonlyArray<string | null>): Array<string | null> {
    let next = 0;
    return items.map((item) => (item.kind === 'lookup' ? found[next++] : null));
  }

  /**
   * Stores the companies in one savepoint; when that fails, splits them in halves and tries each
   * half in its own savepoint, down to single companies, so a bad row fails alone and the rest
   * save in a few batches rather than one statement each. Companies missing from the answer failed.
   */
  private async storeAll(m: EntityManager, workspaceId: string, companyIds: string[], listIds: string[]): Promise<Map<string, CompanySaveOutcome>> {
    const outcomes = new Map<string, CompanySaveOutcome>();
    if (companyIds.length > 0) await this.storeIsolating(m, workspaceId, companyIds, listIds, outcomes);
    return outcomes;
  }

  private async storeIsolating(m: EntityManager, workspaceId: string, companyIds: string[], listIds: string[], outcomes: Map<string, CompanySaveOutcome>): Promise<void> {
    const attempt = await attemptInSavepoint(m, () => this.store(m, workspaceId, companyIds, listIds));
    if (attempt.ok) {
      attempt.value.forEach((outcome, id) => outcomes.set(id, outcome));
      return;
    }
    if (companyIds.length === 1) {
      this.logger.warn({ err: attempt.error, workspaceId, companyId: companyIds[0] }, 'company save failed');
      return;
    }
    const half = Math.ceil(companyIds.length / 2);
    await this.storeIsolating(m, workspaceId, companyIds.slice(0, half), listIds, outcomes);
    await this.storeIsolating(m, workspaceId, companyIds.slice(half), listIds, outcomes);
  }

  /**
   * Saves the companies (a new save keeps its first `saved_at`), adds them to the lists they are
   * not in yet and writes one `company.saved` event per company that changed; a retry that
   * changes nothing writes nothing and reads no record. Ids are sorted by the caller so
   * concurrent saves lock rows in one order.
   */
  private async store(m: EntityManager, workspaceId: string, companyIds: string[], listIds: string[]): Promise<Map<string, CompanySaveOutcome>> {
    const saves = await this.insertSaves(m, workspaceId, companyIds);
    const held = await this.liveListsHolding(m, workspaceId, companyIds);
    const missing = companyIds.flatMap((id) => listIds.filter((l) => !held.get(id)?.includes(l)).map((l) => [l, id] as const));
    const added = await this.insertMemberships(m, workspaceId, missing);
    const changed = companyIds.filter((id) => saves.get(id)!.inserted || added.has(id));
    if (changed.length > 0) {
      const records = await loadCompanyRecords(m, workspaceId, changed, COMPANY_GET_SHAPE);
      await recordEvents(m, workspaceId, 'company.saved', changed.map((id) => companySavedData(records.get(id)!)));
    }
    const outcomes = new Map<string, CompanySaveOutcome>();
    for (const id of companyIds) {
      const before = held.get(id) ?? [];
      const addedHere = added.get(id) ?? new Set<string>();
      // As the Company record orders them: by membership time, new ones (all "now") by id.
      const all = [...before, ...[...listIds].filter((l) => !before.includes(l)).sort()];
      outcomes.set(id, { saved_at: saves.get(id)!.savedAt, list_ids: listIds.filter((l) => addedHere.has(l)), all_list_ids: all });
    }
    return outcomes;
  }

  /** Inserts the saves that do not exist yet; answers each company's first `saved_at` and whether this call saved it. */
  private async insertSaves(m: EntityManager, workspaceId: string, companyIds: string[]): Promise<Map<string, { savedAt: string; inserted: boolean }>> {
    const rows: Array<{ id: string; saved_at: Date | null; inserted: boolean }> = await m.query(
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
      const late: Array<{ company_id: string; saved_at: Date }> = await m.query(
        `SELECT company_id, saved_at FROM saved_companies WHERE workspace_id = $1 AND company_id = ANY($2::char(24)[])`,
        [workspaceId, unseen],
      );
      const byId = new Map(late.map((r) => [r.company_id, r.saved_at]));
      for (const r of rows) r.saved_at ??= byId.get(r.id) ?? null;
    }
    return new Map(
      rows.map((r) => {
        if (r.saved_at === null) throw new Error(`company ${r.id} is not saved after its save`);
        return [r.id, { savedAt: new Date(r.saved_at).toISOString(), inserted: r.inserted }];
      }),
    );
  }

  /**
   * The live lists holding each company, oldest membership first. One index probe per company
   * and the live lists read once: a plan that stays good without table statistics.
   */
  private async liveListsHolding(m: EntityManager, workspaceId: string, companyIds: string[]): Promise<Map<string, string[]>> {
    const rows: Array<{ company_id: string; list_ids: string[] }> = await m.query(
      `SELECT c.id AS company_id,
              ARRAY(SELECT m.list_id FROM company_list_members m
                     WHERE m.workspace_id = $1 AND m.company_id = c.id
                       AND m.list_id = ANY (ARRAY(SELECT l.id FROM lists l WHERE l.workspace_id = $1 AND l.type = 'company' AND l.deleted_at IS NULL))
                     ORDER BY m.added_at, m.list_id) AS list_ids
         FROM unnest($2::char(24)[]) AS c(id)`,
      [workspaceId, companyIds],
    );
    return new Map(rows.filter((r) => r.list_ids.length > 0).map((r) => [r.company_id, r.list_ids]));
  }

  /**
   * Adds the (list, company) pairs the companies are not in yet; answers them per company. A plain
   * INSERT (no ON CONFLICT, no RETURNING) is the cheapest way to write thousands of rows; should a
   * concurrent save add one of these pairs first, the statement fails, the savepoint rolls back and
   * the halving retry re-reads the memberships. Sorted, so two such saves wait rather than deadlock.
   */
  private async insertMemberships(m: EntityManager, workspaceId: string, pairs: ReadonlyArray<readonly [string, string]>): Promise<Map<string, Set<string>>> {
    const added = new Map<string, Set<string>>();
    if (pairs.length === 0) return added;
    await m.query(
      `INSERT INTO company_list_members (list_id, company_id, workspace_id)
       SELECT p.list_id, p.company_id, $1 FROM unnest($2::varchar[], $3::char(24)[]) AS p(list_id, company_id)
       ORDER BY p.list_id, p.company_id`,
      [workspaceId, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    for (const [listId, companyId] of pairs) added.set(companyId, (added.get(companyId) ?? new Set<string>()).add(listId));
    return added;
  }
}
