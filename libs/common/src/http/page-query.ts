import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from './pagination';

/** `?page=&per_page=` of every list route; a route's own query DTO extends it with its filters. */
export class PageQuery {
  @ApiPropertyOptional({ description: '1-based page', minimum: 1, maximum: MAX_PAGE, default: 1, example: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(MAX_PAGE, { message: `page must be at most ${MAX_PAGE}` })
  page?: number;

  @ApiPropertyOptional({
    description: 'items per page',
    minimum: 1,
    maximum: MAX_PER_PAGE,
    default: DEFAULT_PER_PAGE,
    example: DEFAULT_PER_PAGE,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'per_page must be a whole number' })
  @Min(1, { message: 'per_page must be at least 1' })
  @Max(MAX_PER_PAGE, { message: `per_page must be at most ${MAX_PER_PAGE}` })
  per_page?: number;
}

/** The `metadata.pagination` block of every list answer, as one shared OpenAPI schema. */
export class PaginationSchema {
  @ApiProperty({ description: 'the page answered, from 1', example: 1 })
  page!: number;
  @ApiProperty({ description: 'items per page asked for', example: DEFAULT_PER_PAGE })
  per_page!: number;
  @ApiProperty({ description: 'items across all pages', example: 1 })
  total_count!: number;
  @ApiProperty({ description: 'pages there are; a page past the end is empty with the same totals', example: 1 })
  total_pages!: number;
}

const EXAMPLE_TIME = '2026-11-22T10:00:00.000Z';

/**
 * The 200 answer of a list route: `data` is the array of items, `metadata.pagination` the shared block.
 * `metadata` adds route-specific members (such as the ledger's `balance`).
 */
export function ApiListResponse(
  item: object,
  options: { description?: string; metadata?: Record<string, unknown> } = {},
) {
  const extra = options.metadata ?? {};
  return applyDecorators(
    ApiExtraModels(PaginationSchema),
    ApiOkResponse({
      description:
        options.description ??
        'a page of items (the list convention: `data` is the array, `metadata.pagination` the paging)',
      schema: {
        type: 'object',
        required: ['success', 'data', 'metadata'],
        properties: {
          success: { type: 'boolean', example: true },
          data: { type: 'array', items: { type: 'object' } },
          metadata: {
            type: 'object',
            required: ['timestamp', 'pagination'],
            properties: {
              timestamp: { type: 'string', format: 'date-time' },
              pagination: { $ref: getSchemaPath(PaginationSchema) },
            },
          },
        },
        example: {
          success: true,
          data: [item],
          metadata: {
            timestamp: EXAMPLE_TIME,
            pagination: { page: 1, per_page: DEFAULT_PER_PAGE, total_count: 1, total_pages: 1 },
            ...extra,
          },
        },
      },
    }),
  );
}
