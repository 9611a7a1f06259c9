import { AuthContext, RateLimiter, received, validationError, WithMetadata } from '@app/common';
import {
  attemptInSavepoint,
  COMPANY_GET_SHAPE,
  CompanyRecord,
  CompanyRepository,
  ListRepository,
  loadCompanyRecords,
  noteWorkspaceWrite,
  recordEvents,
} from '@app/database';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { resolveLiveLists } from '../lists/live-lists';
import { resolveCompanies } from './company-lookup';
import { SaveCompaniesDto } from './dto/save-companies.dto';
import { CompanySaveOutcome, SaveBuckets, toSaveAnswer } from './save-answer';
import { LookupItem, parseSaveItems, SaveInputError, SaveItem } from './save-items';

/**
 * The `company.saved` event body's data (docs/api.md#events): the company exactly as
 * GET /v2/companies/{id} answers it (the same serializer with the same options, technologies included).
 */
function companySavedData(company: CompanyRecord): Record<string, unknown> {
  return { company, saved_at: company.saved?.saved_at ?? null, list_ids: company.saved?.list_ids ?? [] };
}

/** POST /v2/companies/save (docs/company-save.md: a repeat keeps the first `saved_at`). */
@Injectable()
export class CompaniesSaveService {
  private readonly logger = new Logger(CompaniesSaveService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly rateLimiter: RateLimiter,
    private readonly lists: ListRepository,
    private readonly companies: CompanyRepository,
  ) {}

  async save(auth: AuthContext, body: SaveCompaniesDto): Promise<WithMetadata<SaveBuckets>> {
    const { items, enrichUnits } = this.parse(body.data);
    const workspaceId = auth.workspaceId;
    // Spent only once the request is known good (its lists checked in a statement of their own) and before the
    // transaction opens: a Redis that is slow or away never holds a connection or list locks.
    await resolveLiveLists(
      this.lists,
      this.dataSource.manager,
      workspaceId,
      body.list_ids ?? [],
      'company',
      'list_ids',
    );
    await this.rateLimiter.spend('enrich', workspaceId, enrichUnits);
    const { data, metadata } = await this.dataSource.transaction(async (m) => {
      const listIds = await resolveLiveLists(this.lists, m, workspaceId, body.list_ids ?? [], 'company', 'list_ids');
      const lookups = items.filter((i): i is LookupItem => i.kind === 'lookup');
      const found = await resolveCompanies(this.companies, m, lookups);
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
      throw validationError(error.field, error.code, error.message, {
        ...(error.value === undefined ? {} : received(error.value)),
        ...error.extra,
      });
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
  private async storeAll(
    m: EntityManager,
    workspaceId: string,
    companyIds: string[],
    listIds: string[],
  ): Promise<Map<string, CompanySaveOutcome>> {
    const outcomes = new Map<string, CompanySaveOutcome>();
    if (companyIds.length > 0) await this.storeIsolating(m, workspaceId, companyIds, listIds, outcomes);
    return outcomes;
  }

  private async storeIsolating(
    m: EntityManager,
    workspaceId: string,
    companyIds: string[],
    listIds: string[],
    outcomes: Map<string, CompanySaveOutcome>,
  ): Promise<void> {
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
  private async store(
    m: EntityManager,
    workspaceId: string,
    companyIds: string[],
    listIds: string[],
  ): Promise<Map<string, CompanySaveOutcome>> {
    const saves = await this.companies.save(workspaceId, companyIds, m);
    const held = await this.lists.liveListsHoldingCompanies(workspaceId, companyIds, m);
    const missing = companyIds.flatMap((id) =>
      listIds.filter((l) => !held.get(id)?.includes(l)).map((l) => [l, id] as const),
    );
    const added = await this.insertMemberships(m, workspaceId, missing);
    const changed = companyIds.filter((id) => saves.get(id)!.inserted || added.has(id));
    if (changed.length > 0) {
      const records = await loadCompanyRecords(m, workspaceId, changed, COMPANY_GET_SHAPE);
      await recordEvents(
        m,
        workspaceId,
        'company.saved',
        changed.map((id) => companySavedData(records.get(id)!)),
      );
    }
    const outcomes = new Map<string, CompanySaveOutcome>();
    for (const id of companyIds) {
      const before = held.get(id) ?? [];
      const addedHere = added.get(id) ?? new Set<string>();
      // As the Company record orders them: by membership time, new ones (all "now") by id.
      const all = [...before, ...[...listIds].filter((l) => !before.includes(l)).sort()];
      outcomes.set(id, {
        saved_at: saves.get(id)!.savedAt.toISOString(),
        list_ids: listIds.filter((l) => addedHere.has(l)),
        all_list_ids: all,
      });
    }
    return outcomes;
  }

  /**
   * Adds the (list, company) pairs the companies are not in yet; answers them per company. A plain
   * INSERT (no ON CONFLICT, no RETURNING) is the cheapest way to write thousands of rows; should a
   * concurrent save add one of these pairs first, the statement fails, the savepoint rolls back and
   * the halving retry re-reads the memberships. Sorted, so two such saves wait rather than deadlock.
   */
  private async insertMemberships(
    m: EntityManager,
    workspaceId: string,
    pairs: ReadonlyArray<readonly [string, string]>,
  ): Promise<Map<string, Set<string>>> {
    const added = new Map<string, Set<string>>();
    if (pairs.length === 0) return added;
    await this.lists.addCompanies(workspaceId, pairs, m);
    for (const [listId, companyId] of pairs)
      added.set(companyId, (added.get(companyId) ?? new Set<string>()).add(listId));
    return added;
  }
}
