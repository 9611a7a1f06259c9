import { received, validationError } from '@app/common/http/api-error';
import { isHex24 } from '@app/common/ids/id-formats';
/**
 * The `ids` of POST /v2/people/lists/remove (docs/people-records.md), read without touching the database.
 * Plain module (no Nest imports) so the rules are unit-tested beside it.
 */

export const MAX_REMOVAL_IDS = 500;

/**
 * The distinct well-formed person ids to take out of the list, in request order. An item that is
 * not a string makes the body malformed (400 `invalid_value` on `ids[i]`); a string that is not 24
 * lowercase hexadecimal characters cannot name a person and is skipped, unless no item is
 * well-formed (400 `invalid_format` on `ids`). The 1-500 size rule is the DTO's.
 */
export function removalIds(ids: readonly unknown[]): string[] {
  ids.forEach((id, i) => {
    if (typeof id !== 'string')
      throw validationError(`ids[${i}]`, 'invalid_value', `ids[${i}] must be a person id string`, received(id));
  });
  const wellFormed = [...new Set((ids as string[]).filter(isHex24))];
  if (wellFormed.length === 0) {
    throw validationError(
      'ids',
      'invalid_format',
      'no item of ids is a person id (24 lowercase hexadecimal characters)',
    );
  }
  return wellFormed;
}
