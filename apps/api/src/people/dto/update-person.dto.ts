import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import { MAX_EMAIL_LENGTH } from '../person-email';

/** The syntax of `email` is person-email.ts's (400 `invalid_format`); here only its type and length. */
export class UpdatePersonDto {
  @ApiProperty({
    description: "the workspace's own email for a person it saved (domain stored lower-cased); null removes the edit",
    type: String,
    nullable: true,
    maxLength: MAX_EMAIL_LENGTH,
    example: 'ana.souza@new-mail.example',
  })
  @ValidateIf((o: UpdatePersonDto) => o.email !== null)
  @IsString()
  @MaxLength(MAX_EMAIL_LENGTH)
  email: string | null;
}
