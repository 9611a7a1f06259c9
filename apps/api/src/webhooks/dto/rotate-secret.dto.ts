import { BodyOptional } from '@app/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/** The body may be left out: no body, `{}` and `{"grace": null}` all apply the default grace. */
@BodyOptional()
export class RotateSecretDto {
  @ApiPropertyOptional({
    description:
      'How long the previous secret keeps signing beside the new one: a duration from `0` to `7d` (default `24h`, also when null or when no body is sent)',
    nullable: true,
    example: '24h',
  })
  @IsOptional()
  @IsString()
  grace?: string | null;
}
