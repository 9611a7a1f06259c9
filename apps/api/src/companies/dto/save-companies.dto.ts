import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_SAVE_ITEMS, MAX_SAVE_LISTS } from '../save-items';

/** Items mix strings and objects, so `data` is only checked as an array here; save-items.ts reads each item. */
export class SaveCompaniesDto {
  @ApiProperty({
    description:
      '1-500 items: a company id string, or an object with exactly one of `id`, `pro_network_id` (integer), `pro_network_url`, `domain` ' +
      "(scheme, `www.` and path stripped, an internationalised domain converted to ASCII; resolves to the organization's main page). " +
      'An object may also carry `name`, which identifies nothing (listed in `skipped`); any other key answers 400 `unknown_field` on `data[i].key`. ' +
      'At most 50 items without an id: every object without `id` counts, name-only ones too.',
    type: 'array',
    items: {
      oneOf: [
        { type: 'string', example: '5c0000000000000000000006' },
        {
          type: 'object',
          properties: {
            id: { type: 'string' },
            pro_network_id: { type: 'integer' },
            pro_network_url: { type: 'string' },
            domain: { type: 'string' },
            name: { type: 'string' },
          },
          additionalProperties: false,
        },
      ],
    },
    minItems: 1,
    maxItems: MAX_SAVE_ITEMS,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_SAVE_ITEMS)
  data: unknown[];

  @ApiPropertyOptional({
    description: '0-20 live company lists of the workspace to put every saved company in',
    type: [String],
    maxItems: MAX_SAVE_LISTS,
    example: ['lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SAVE_LISTS)
  @IsString({ each: true })
  list_ids?: string[];

  @ApiPropertyOptional({ description: 'accepted and not used', example: 'srch_42' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search_id?: string;
}

export const SAVE_COMPANIES_EXAMPLE = {
  data: [
    '5c0000000000000000000006',
    { domain: 'https://www.globex.com/about' },
    { pro_network_id: 1009 },
    { name: 'Stark Industries' },
  ],
  list_ids: ['lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C'],
};

export const SAVE_COMPANIES_ANSWER_EXAMPLE = {
  success: true,
  data: {
    saved: [
      {
        index: 0,
        identifier: '5c0000000000000000000006',
        id: '5c0000000000000000000006',
        matched_by: 'id',
        list_ids: ['lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C'],
        all_list_ids: ['lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C'],
        saved_at: '2026-11-22T00:50:00.000Z',
      },
      {
        index: 1,
        identifier: 'https://www.globex.com/about',
        id: '5c0000000000000000000001',
        matched_by: 'domain',
        list_ids: [],
        all_list_ids: ['lst_01JD3Z8Q4W7M2X9K5R6T1V0B3C'],
        saved_at: '2026-11-20T09:12:44.120Z',
      },
    ],
    not_matched: [{ index: 2, identifier: 1009, attempted: ['pro_network_id'] }],
    invalid: [{ index: 3, identifier: null, reason: 'none of these keys identifies a company; …', skipped: ['name'] }],
    failed: [],
  },
  metadata: {
    timestamp: '2026-11-22T00:50:00.120Z',
    total: 4,
    saved_count: 2,
    not_matched_count: 1,
    invalid_count: 1,
    failed_count: 0,
    credits: null,
  },
};
