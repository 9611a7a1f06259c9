// Plain functions (no Nest imports) so a unit spec can check them; NulCharacterPipe applies them to every request.
import { ApiError, validationError } from './api-error';
import { firstPathWhere } from './json-walk';

const NUL = '\u0000';

/**
 * The path (`emails[2]`, `filters.name`) of the first string, or object key, holding U+0000 in `value`, or null.
 * Walked without recursion, and the path is built only when one is found.
 */
export function nulCharacterPath(value: unknown, root: string): string | null {
  const path = firstPathWhere(value, root, { string: hasNul, key: hasNul });
  return path === null ? null : path.replace(/\u0000/g, '\\u0000');
}

const hasNul = (text: string): boolean => text.includes(NUL);

/**
 * 400 `invalid_value` for text holding U+0000: PostgreSQL's text and jsonb cannot store it, so such a value
 * would otherwise fail inside the query as a 500 (list names, verification emails, search terms, ids).
 */
export function nulCharacterError(value: unknown, root: string): ApiError | null {
  const path = nulCharacterPath(value, root);
  return path === null
    ? null
    : validationError(
        path || 'body',
        'invalid_value',
        `${path || 'the body'} must not contain the NUL character (U+0000)`,
      );
}
