import { AuthContext, RateLimiter, received, validationError, WithMetadata } from '@app/common';
import { attemptInSavepoint, CompanyRecord, loadCompanyRecords, recordEvents } from '@app/database';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { resolveLiveLists } from '../lists/live-lists';
import { resolveCompanies } from './company-lookup';
import { SaveCompaniesDto } from './dto/save-companies.dto';
import { CompanySaveOutcome, SaveBuckets, toSaveAnswer } from './save-answer';
import { LookupItem, parseSaveItems, SaveInputError, SaveItem } from './save-items';

/** The `company.saved` event body's data (CONTRACTS.md section 6). */
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
    const { data, metadata } = await this.dataSource.transaction(async (m) => {
      const listIds = await resolveLiveLists(m, workspaceId, body.list_ids ?? [], 'company', 'list_ids');
      // Spent only once the request is known good, and before anything is written.
      await this.rateLimiter.spend('enrich', workspaceId, enrichUnits);
      const lookups = items.filter((i): i is LookupItem => i.kind === 'lookup');
      const found = await resolveCompanies(m, lookups);
      const resolved = this.alignResolved(items, found);
      const companyIds = [...new Set(resolved.filter((id): id is string => id !== null))].sort();
      const outcomes = await this.storeAll(m, workspaceId, companyIds, listIds);
      return toSaveAnswer(items, resolved, outcomes);
    });
    return new WithMetadata(data, { ...metadata });
  }

  private parse(data: unknown[]): ReturnType<typeof parseSaveItems> {
    try {
      return parseSaveItems(data);
    } catch (error) {
      if (!(error instanceof SaveInputError)) throw error;
      throw validationError(error.field, error.code, error.message, error.value === undefined ? {} : received(error.value));
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
   * Saves the companies (a new save keeps its first `saved_at`), adds them to the lists and
   * writes one `company.saved` event per company that changed; a retry that changes nothing
   * writes nothing. Ids are sorted by the caller so concurrent saves lock rows in one order.
   */
  private async store(m: EntityManager, workspaceId: string, companyIds: string[], listIds: string[]): Promise<Map<string, CompanySaveOutcome>> {
    const inserted: Array<{ company_id: string }> = await m.query(
      `INSERT INTO saved_companies (workspace_id, company_id)
       SELECT $1, id FROM unnest($2::char(24)[]) AS id
       ON CONFLICT (workspace_id, company_id) DO NOTHING
       RETURNING company_id`,
      [workspaceId, companyIds],
    );
    const added = new Map<string, Set<string>>();
    if (listIds.length > 0) {
      const rows: Array<{ list_id: string; company_id: string }> = await m.query(
        `INSERT INTO company_list_members (list_id, company_id, workspace_id)
         SELECT l.id, c.id, $1 FROM unnest($2::varchar[]) AS l(id) CROSS JOIN unnest($3::char(24)[]) AS c(id)
         ORDER BY l.id, c.id
         ON CONFLICT (list_id, company_id) DO NOTHING
         RETURNING list_id, company_id`,
        [workspaceId, listIds, companyIds],
      );
      for (const row of rows) {
        const set = added.get(row.company_id) ?? new Set<string>();
        set.add(row.list_id);
        added.set(row.company_id, set);
      }
    }
    const records = await loadCompanyRecords(m, workspaceId, companyIds, { technologies: false });
    const changed = new Set([...inserted.map((r) => r.company_id), ...added.keys()]);
    await recordEvents(
      m,
      workspaceId,
      'company.saved',
      companyIds.filter((id) => changed.has(id)).map((id) => companySavedData(records.get(id)!)),
    );
    const outcomes = new Map<string, CompanySaveOutcome>();
    for (const id of companyIds) {
      const saved = records.get(id)?.saved;
      if (!saved?.saved_at) throw new Error(`company ${id} is not saved after its save`);
      const newLists = added.get(id) ?? new Set<string>();
      outcomes.set(id, { saved_at: saved.saved_at, list_ids: listIds.filter((l) => newLists.has(l)), all_list_ids: saved.list_ids });
    }
    return outcomes;
  }
}
