import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches, ValidateIf } from 'class-validator';

export class UpdateCompanyDto {
  @ApiProperty({
    description: "the workspace's own name for the company; null removes the edit",
    type: String,
    nullable: true,
    maxLength: 500,
    example: 'Globex Corporation',
  })
  @ValidateIf((o: UpdateCompanyDto) => o.name !== null)
  @IsString()
  @Length(1, 500)
  @Matches(/^$|\S/, { message: 'name must not be blank' })
  name: string | null;
}
