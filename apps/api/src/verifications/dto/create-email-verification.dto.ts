import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';

export const MAX_EMAILS = 10_000;

export class CreateEmailVerificationDto {
  @ApiProperty({
    description: `1-${MAX_EMAILS} email addresses (strings). They are trimmed, lower-cased and de-duplicated; an address that is not well formed is verified as \`invalid\`.`,
    type: [String],
    minItems: 1,
    maxItems: MAX_EMAILS,
    example: ['ada.lovelace@example.com', 'Grace.Hopper@Example.org', 'not-an-address'],
  })
  @IsArray({ message: 'emails must be an array of strings' })
  @ArrayMinSize(1, { message: 'emails must hold at least 1 address' })
  @ArrayMaxSize(MAX_EMAILS, { message: `emails must hold at most ${MAX_EMAILS} addresses` })
  // Items are checked in the service so that the error names the item (`emails[3]`).
  emails: unknown[];
}
