import { WithMetadata } from './envelope';
import { DEFAULT_PER_PAGE, listAnswer, pageRequest, paginationOf } from './pagination';

describe('the list convention', () => {
  it('pages from 1 with the default size unless asked otherwise', () => {
    expect(pageRequest({})).toEqual({ page: 1, perPage: DEFAULT_PER_PAGE, offset: 0 });
    expect(pageRequest({ page: 3, per_page: 10 })).toEqual({ page: 3, perPage: 10, offset: 20 });
  });

  it('pagination has exactly page, per_page, total_count and total_pages', () => {
    expect(paginationOf({ page: 1, perPage: 25 }, 0)).toEqual({
      page: 1,
      per_page: 25,
      total_count: 0,
      total_pages: 0,
    });
    expect(paginationOf({ page: 2, perPage: 2 }, 5)).toEqual({ page: 2, per_page: 2, total_count: 5, total_pages: 3 });
    expect(paginationOf({ page: 9, perPage: 2 }, 4)).toEqual({ page: 9, per_page: 2, total_count: 4, total_pages: 2 });
  });

  it('a list answer is the array as data, the pagination and any extra members in metadata', () => {
    const answer = listAnswer(['a'], pageRequest({ per_page: 1 }), '3', { balance: 7 });
    expect(answer).toBeInstanceOf(WithMetadata);
    expect(answer.data).toEqual(['a']);
    expect(answer.metadata).toEqual({
      pagination: { page: 1, per_page: 1, total_count: 3, total_pages: 3 },
      balance: 7,
    });
  });
});
