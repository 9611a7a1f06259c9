import { AuthContext, RateLimiter, WithMetadata } from '@app/common';
import { readCreditBalance, ReplicaRouter } from '@app/database';
import { Injectable } from '@nestjs/common';
import { SearchPool } from '../search-pool';
import { previewAnswer, PreviewCounts, tallyItems } from './email-buckets';
import { PeopleSelector } from './people-selector';
import { DataSelection, FiltersSelection, parseSelection, searchUnits, SelectionBody } from './selection-request';

/**
 * POST /v2/people/calculate-credits (docs/people-saves.md): what a save of the same body would take and
 * charge now. It reads only, through the search pool (bounded statements), and never reserves:
 * a save right after, with nothing changed in between, charges exactly `credits_needed` as far as
 * the balance goes.
 */
@Injectable()
export class CreditsPreviewService {
  constructor(
    private readonly search: SearchPool,
    private readonly selector: PeopleSelector,
    private readonly rateLimiter: RateLimiter,
    private readonly replicas: ReplicaRouter,
  ) {}

  async preview(auth: AuthContext, body: SelectionBody): Promise<WithMetadata<ReturnType<typeof previewAnswer>>> {
    const selection = parseSelection(body, 'preview');
    await this.rateLimiter.spend('search', auth.workspaceId, searchUnits(selection));
    const counts =
      selection.kind === 'data'
        ? await this.countData(auth.workspaceId, selection)
        : await this.countFilters(auth.workspaceId, selection);
    return new WithMetadata(previewAnswer(counts, await this.balance(auth.workspaceId)), {});
  }

  /** The counts read the workspace's saves too: a replica only once it has replayed the workspace's last write. */
  private reader(workspaceId: string) {
    return this.replicas.reader({ kind: 'dependent', workspaceId }, this.search.pool);
  }

  private async countData(workspaceId: string, selection: DataSelection): Promise<PreviewCounts> {
    const db = (await this.reader(workspaceId)).rows;
    const { resolved, emails } = await this.selector.resolve(db, workspaceId, selection);
    const tally = tallyItems(selection.items, resolved);
    return {
      requested: tally.requested,
      not_matched: tally.not_matched,
      invalid: tally.invalid,
      emails,
      truncated: false,
    };
  }

  private async countFilters(workspaceId: string, selection: FiltersSelection): Promise<PreviewCounts> {
    const counted = await this.selector.countSelection((await this.reader(workspaceId)).rows, workspaceId, selection);
    return {
      requested: counted.requested,
      not_matched: 0,
      invalid: 0,
      emails: counted.emails,
      truncated: counted.truncated,
    };
  }

  private async balance(workspaceId: string): Promise<number> {
    return readCreditBalance(this.search.reader, workspaceId);
  }
}
