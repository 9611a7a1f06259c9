/** Lists of person ids in request bodies (exclude_ids, export ids). Plain module, unit-tested by its callers' specs. */
import { received, validationError } from '@app/common/http/api-error';
import { isHex24 } from '@app/common/ids/id-formats';

/**
 * Checks `min`-`max` person ids (24 lower-case hex each; a bad one answers 400 `invalid_format` at
 * its index) and answers them without repeats, first occurrence kept so the order is the caller's.
 */
export function parsePersonIds(field: string, values: readonly unknown[], min: number, max: number): string[] {
  if (values.length < min || values.length > max) {
    throw validationError(
      field,
      'out_of_range',
      `${field} holds ${min}-${max.toLocaleString('en')} person ids; got ${values.length.toLocaleString('en')}`,
      { received_type: 'array' },
    );
  }
  values.forEach((id, i) => {
    if (!isHex24(id))
      throw validationError(
        `${field}[${i}]`,
        'invalid_format',
        'a person id is 24 lower-case hex characters',
        received(id),
      );
  });
  return [...new Set(values as string[])];
}
