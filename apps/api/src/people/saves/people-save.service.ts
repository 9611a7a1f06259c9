import { AuthContext, RateLimiter, WithMetadata } from '@app/common';
import {
  addCredits,
  insertListMemberships,
  insertSavedPeople,
  ListRepository,
  loadPersonRecords,
  loadPersonSavedBlocks,
  lockBalance,
  noteWorkspaceWrite,
  PersonRecord,
  recordEvents,
  revealSavedEmails,
} from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { resolveLiveLists } from '../../lists/live-lists';
import { SearchPool } from '../search-pool';
import { countBuckets, peopleToCharge, tallyItems } from './email-buckets';
import { Classified, PeopleSelector } from './people-selector';
import {
  dataSaveBuckets,
  filtersSaveBuckets,
  PeopleSaveBuckets,
  PeopleSaveMetadata,
  PersonSaveOutcome,
  saveMetadata,
} from './people-save-answer';
import { parseSelection, searchUnits, SelectionBody } from './selection-request';

export interface SavePeopleBody extends SelectionBody {
  list_ids?: string[];
}

/** The people a save takes, in save order, and how the answer maps them back to the request. */
interface Taken {
  personIds: string[];
  /** Each person's stored valid email (null: none), read before the transaction. */
  validEmails: Map<string, string | null>;
  total: number;
  truncated: boolean;
  answer: (outcomes: Map<string, PersonSaveOutcome>) => PeopleSaveBuckets;
}

/**
 * POST /v2/people/save (docs/people-saves.md#the-save). The people are chosen before the transaction (a
 * read of the data set); inside it the workspace row is locked first, so the saves of one
 * workspace run one at a time: each sees the balance and the reveals of the one before, which is
 * what makes "charged at most once" and "never below zero" hold (docs/people-saves.md).
 */
@Injectable()
export class PeopleSaveService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly search: SearchPool,
    private readonly selector: PeopleSelector,
    private readonly rateLimiter: RateLimiter,
    private readonly lists: ListRepository,
  ) {}

  async save(
    auth: AuthContext,
    body: SavePeopleBody,
    requestId: string | null,
  ): Promise<WithMetadata<PeopleSaveBuckets>> {
    const selection = parseSelection(body, 'save');
    const workspaceId = auth.workspaceId;
    // Spent before anything is locked or written; a 429 spends and changes nothing.
    await this.rateLimiter.spend('search', workspaceId, searchUnits(selection));
    const taken = await this.take(workspaceId, selection);
    const answer = await this.dataSource.transaction(async (m) => {
      // The workspace row first, then its lists: every writer of a workspace's sets locks in this order
      // (lockSearchSets), so a save never waits for a list that a waiting list deletion holds.
      const balance = (await lockBalance(m, workspaceId)) ?? 0;
      const listIds = await resolveLiveLists(this.lists, m, workspaceId, body.list_ids ?? [], 'people', 'list_ids');
      const classified = await this.selector.classify(m, workspaceId, taken.personIds, taken.validEmails);
      const buckets = new Map([...classified].map(([id, c]) => [id, c.bucket] as const));
      const charged = peopleToCharge(taken.personIds, buckets, balance);
      const outcomes = await this.store(m, workspaceId, taken.personIds, listIds, classified, charged);
      const credit = await addCredits(m, {
        workspaceId,
        amount: -charged.length,
        reason: 'people_save',
        requestId,
        details: { people: taken.personIds.length, revealed: charged.length },
      });
      const data = taken.answer(outcomes);
      const metadata: PeopleSaveMetadata = saveMetadata(
        data,
        taken.total,
        countBuckets([...classified.values()].map((c) => c.bucket)),
        taken.truncated,
        {
          charged: charged.length,
          balance: credit?.balance_after ?? balance,
        },
      );
      return new WithMetadata(data, { ...metadata });
    });
    await noteWorkspaceWrite(workspaceId);
    return answer;
  }

  private async take(workspaceId: string, selection: ReturnType<typeof parseSelection>): Promise<Taken> {
    if (selection.kind === 'data') {
      const { resolved, validEmails } = await this.selector.resolveForSave(this.search.reader, selection);
      const tally = tallyItems(selection.items, resolved);
      return {
        personIds: tally.personIds,
        validEmails,
        total: selection.items.length,
        truncated: false,
        answer: (outcomes) => dataSaveBuckets(selection.items, resolved, outcomes),
      };
    }
    const picked = await this.selector.pick(workspaceId, selection);
    const validEmails = await this.selector.validEmails(this.search.reader, picked.personIds);
    return {
      personIds: picked.personIds,
      validEmails,
      total: picked.personIds.length,
      truncated: picked.truncated,
      answer: (outcomes) => filtersSaveBuckets(picked.personIds, outcomes),
    };
  }

  /**
   * Saves the people (a new save keeps its first `saved_at`), reveals the charged emails, adds the
   * missing list memberships, and writes `person.saved` for each person saved or newly listed and
   * `person.email_found` for each email revealed, with the records as GET /v2/people/{id} shows
   * them. Rows are written in id order, so concurrent writers to the same rows wait, not deadlock.
   */
  private async store(
    m: EntityManager,
    workspaceId: string,
    personIds: string[],
    listIds: string[],
    classified: Map<string, Classified>,
    charged: string[],
  ): Promise<Map<string, PersonSaveOutcome>> {
    const ordered = [...personIds].sort();
    const emails = new Map(charged.map((id) => [id, classified.get(id)!.bestEmail!] as const));
    const inserted = await this.insertSaves(m, workspaceId, ordered, emails);
    await this.reveal(m, workspaceId, charged.filter((id) => !inserted.has(id)).sort(), emails);
    const added = await this.insertMemberships(m, workspaceId, ordered, listIds);
    const changed = ordered.filter((id) => inserted.has(id) || added.has(id));
    await this.recordPersonEvents(m, workspaceId, changed, [...charged].sort());
    const blocks = await loadPersonSavedBlocks(m, workspaceId, ordered);
    const outcomes = new Map<string, PersonSaveOutcome>();
    for (const id of personIds) {
      const block = blocks.get(id)!;
      outcomes.set(id, {
        saved_at: block.saved_at,
        list_ids: listIds.filter((l) => added.get(id)?.has(l)),
        all_list_ids: block.list_ids,
        bucket: classified.get(id)!.bucket,
        charged: emails.has(id),
        email: block.email,
      });
    }
    return outcomes;
  }

  /** Inserts the saves that do not exist yet, with the revealed email of those charged; answers who was new. */
  private async insertSaves(
    m: EntityManager,
    workspaceId: string,
    ordered: string[],
    emails: Map<string, string>,
  ): Promise<Set<string>> {
    if (ordered.length === 0) return new Set();
    return insertSavedPeople(m, workspaceId, ordered, emails);
  }

  /** Reveals the charged emails of people saved before (the save that saved them could not pay). */
  private async reveal(
    m: EntityManager,
    workspaceId: string,
    ids: string[],
    emails: Map<string, string>,
  ): Promise<void> {
    if (ids.length === 0) return;
    await revealSavedEmails(
      m,
      workspaceId,
      ids,
      ids.map((id) => emails.get(id)!),
    );
  }

  /** Puts every person in every list; answers the lists each was added to now. */
  private async insertMemberships(
    m: EntityManager,
    workspaceId: string,
    ordered: string[],
    listIds: string[],
  ): Promise<Map<string, Set<string>>> {
    if (ordered.length === 0 || listIds.length === 0) return new Map();
    return insertListMemberships(m, workspaceId, [...listIds].sort(), ordered);
  }

  private async recordPersonEvents(
    m: EntityManager,
    workspaceId: string,
    changed: string[],
    revealed: string[],
  ): Promise<void> {
    const records = await loadPersonRecords(m, workspaceId, [...new Set([...changed, ...revealed])], {
      savedBlock: true,
    });
    const byId = new Map(records.map((r) => [r.id, r]));
    await recordEvents(
      m,
      workspaceId,
      'person.saved',
      changed.map((id) => eventData(byId.get(id)!)),
    );
    await recordEvents(
      m,
      workspaceId,
      'person.email_found',
      revealed.map((id) => ({ ...eventData(byId.get(id)!), email: byId.get(id)!.saved?.email ?? null })),
    );
  }
}

function eventData(person: PersonRecord): Record<string, unknown> {
  return { person, saved_at: person.saved?.saved_at ?? null, list_ids: person.saved?.list_ids ?? [] };
}
