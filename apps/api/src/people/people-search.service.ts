import { AuthContext, Pagination, paginationOf, RateLimiter, validationError, WithMetadata } from '@app/common';
import { loadPersonRecords, PersonRecord, ReplicaRouter } from '@app/database';
import { proNetworkKey } from '@app/domain/records/person-derived';
import { PeopleSearchEngine, PeopleFilters } from '@app/search';
import { Injectable } from '@nestjs/common';
import { MAX_PAGE_DEPTH, SearchPeopleDto } from './dto/search-people.dto';
import { SearchPool } from './search-pool';
import { toSearchApiError } from './search-errors';
import { searchRead } from './search-read';

/** The list convention's pagination plus `total_is_estimate` (docs/people-search.md) (a search is not a list route, but pages alike). */
export interface SearchPagination extends Pagination {
  total_is_estimate: boolean;
}

/** POST /v2/people/search: the engine picks the page, the one Person serializer shapes it. */
@Injectable()
export class PeopleSearchService {
  constructor(
    private readonly search: SearchPool,
    private readonly rateLimiter: RateLimiter,
    private readonly engine: PeopleSearchEngine,
    private readonly replicas: ReplicaRouter,
  ) {}

  async find(auth: AuthContext, body: SearchPeopleDto): Promise<WithMetadata<PersonRecord[]>> {
    const page = body.page ?? 1;
    const perPage = body.per_page ?? 25;
    if (page * perPage > MAX_PAGE_DEPTH) {
      throw validationError(
        'page',
        'out_of_range',
        `page × per_page may not pass ${MAX_PAGE_DEPTH}; narrow the filters instead of paging this deep`,
        { received_value: page, received_type: 'number' },
      );
    }
    await this.rateLimiter.spend('search', auth.workspaceId, 1);
    // A replica when one may serve it: with lists, saved, revealed or exported filters only once it has the workspace's writes.
    const reader = await this.replicas.reader(searchRead(body.filters, auth.workspaceId), this.search.pool);
    const result = await this.engine
      .on(reader)
      .search(body.filters, { workspaceId: auth.workspaceId, page, perPage })
      .catch((error) => {
        throw toSearchApiError(error);
      });
    const people = await loadPersonRecords(reader.rows, auth.workspaceId, result.ids, {
      positionHint: positionHint(result.filters),
    });
    addMatchedUrls(people, result.filters.person?.pro_network_url);
    const pagination: SearchPagination = {
      ...paginationOf({ page, perPage }, result.total),
      total_is_estimate: result.totalIsEstimate,
    };
    return new WithMetadata(people, { pagination });
  }
}

/** With person.pro_network_url, company.name.include only picks the position shown (docs/people-search.md). */
function positionHint(filters: PeopleFilters): string[] | undefined {
  if (!filters.person?.pro_network_url?.length) return undefined;
  return filters.company?.name?.include.map((n) => n.toLowerCase());
}

/** Each person picked by URL carries the first URL of the request that names them, as sent. */
function addMatchedUrls(people: PersonRecord[], urls: string[] | undefined): void {
  if (!urls?.length) return;
  const byKey = new Map<string, string>();
  for (const url of urls) {
    const key = proNetworkKey(url);
    if (key && !byKey.has(key)) byKey.set(key, url);
  }
  for (const person of people) {
    const url = byKey.get(proNetworkKey(person.pro_network_url) ?? '');
    if (url) person.matched_url = url;
  }
}
