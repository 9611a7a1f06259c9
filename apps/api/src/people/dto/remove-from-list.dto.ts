import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString } from 'class-validator';
import { MAX_REMOVAL_IDS } from '../list-removal';

/** Items are only checked as an array here; list-removal.ts reads each one (`ids[i]` errors, malformed ids skipped). */
export class RemoveFromListDto {
  @ApiProperty({
    description: 'a live people list of the workspace (GET /v2/lists?type=people)',
    example: 'lst_01JD3V7R8W9X0Y1Z2A3B4C5D6E',
  })
  @IsString()
  list_id: string;

  @ApiProperty({
    description:
      '1-500 person ids (24 lowercase hexadecimal characters). Malformed ids are skipped while at least one is well-formed; ' +
      'ids of people not in the list are not counted.',
    type: [String],
    minItems: 1,
    maxItems: MAX_REMOVAL_IDS,
    example: ['5e0000000000000000000001', '5e0000000000000000000017'],
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_REMOVAL_IDS)
  ids: unknown[];
}
