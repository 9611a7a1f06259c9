import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { IsIn, IsOptional, IsString, validateSync } from 'class-validator';
import { IsOptionalNotNull } from './optional-not-null';
import { toValidationApiError } from './validation-errors';

class Update {
  @IsOptionalNotNull()
  @IsString()
  url?: string;

  @IsOptionalNotNull()
  @IsIn(['active', 'disabled'])
  status?: string;

  @IsOptional()
  @IsString()
  loose?: string;
}

const errorFor = (body: object) => {
  const errors = validateSync(plainToInstance(Update, body));
  return errors.length === 0 ? null : toValidationApiError(errors).payload;
};

describe('IsOptionalNotNull', () => {
  it('skips an absent member and checks a present one', () => {
    expect(errorFor({})).toBeNull();
    expect(errorFor({ url: 'https://x.example/' })).toBeNull();
    expect(errorFor({ url: 5 })).toMatchObject({ field: 'url', code: 'invalid_value' });
  });

  it('answers null as a wrong value on its field, where @IsOptional lets it through', () => {
    expect(errorFor({ url: null })).toMatchObject({ field: 'url', code: 'invalid_value', received_type: 'null' });
    expect(errorFor({ status: null })).toMatchObject({ field: 'status', code: 'invalid_value' });
    expect(errorFor({ loose: null })).toBeNull();
  });
});
