import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `?page=&per_page=` of list operations; answers carry `metadata.pagination`. */
export class PageQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1, example: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 50, example: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  per_page?: number;
}

export interface PageWindow {
  page: number;
  perPage: number;
  /** Rows to fetch: one more than a page, to tell whether another page follows. */
  limit: number;
  offset: number;
}

export function pageWindow(query: PageQuery, defaultPerPage = 50): PageWindow {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? defaultPerPage;
  return { page, perPage, limit: perPage + 1, offset: (page - 1) * perPage };
}

/** Trims the look-ahead row and answers the `pagination` metadata member. */
export function pageOf<T>(rows: T[], window: PageWindow): { items: T[]; pagination: { page: number; per_page: number; has_more: boolean } } {
  return {
    items: rows.slice(0, window.perPage),
    pagination: { page: window.page, per_page: window.perPage, has_more: rows.length > window.perPage },
  };
}
