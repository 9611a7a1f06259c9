import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

export class RotateSecretDto {
  @ApiPropertyOptional({
    description: 'How long the previous secret keeps signing beside the new one: a duration from `0` to `7d` (default `24h`)',
    example: '24h',
  })
  @IsOptional()
  @IsString()
  grace?: string;
}
