import { AuthContext, RateLimiter, WithMetadata } from '@app/common';
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
  ) {}

  async preview(auth: AuthContext, body: SelectionBody): Promise<WithMetadata<ReturnType<typeof previewAnswer>>> {
    const selection = parseSelection(body, 'preview');
    await this.rateLimiter.spend('search', auth.workspaceId, searchUnits(selection));
    const counts = selection.kind === 'data' ? await this.countData(auth.workspaceId, selection) : await this.countFilters(auth.workspaceId, selection);
    return new WithMetadata(previewAnswer(counts, await this.balance(auth.workspaceId)), {});
  }

  private async countData(workspaceId: string, selection: DataSelection): Promise<PreviewCounts> {
    const db = this.search.reader;
    const { resolved, emails } = await this.selector.resolve(db, workspaceId, selection);
    const tally = tallyItems(selection.items, resolved);
    return { requested: tally.requested, not_matched: tally.not_matched, invalid: tally.invalid, emails, truncated: false };
  }

  private async countFilters(workspaceId: string, selection: FiltersSelection): Promise<PreviewCounts> {
    const counted = await this.selector.countSelection(this.search.reader, workspaceId, selection);
    return { requested: counted.requested, not_matched: 0, invalid: 0, emails: counted.emails, truncated: counted.truncated };
  }

  private async balance(workspaceId: string): Promise<number> {
    const rows: Array<{ credits: string }> = await this.search.reader.query(`SELECT credits FROM workspaces WHERE id = $1`, [workspaceId]);
    return rows.length === 0 ? 0 : Number(rows[0].credits);
  }
}
