import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Length, Matches } from 'class-validator';
import { LIST_TYPES } from '../list-record';

export class CreateListDto {
  @ApiProperty({ example: 'Target accounts Q3', minLength: 1, maxLength: 200 })
  @IsString()
  @Length(1, 200)
  @Matches(/^$|\S/, { message: 'name must not be blank' })
  name: string;

  @ApiProperty({ enum: LIST_TYPES, example: 'company' })
  @IsIn(LIST_TYPES)
  type: 'people' | 'company';
}
