// Plain functions (no Nest imports) so a unit spec can check them; NulCharacterPipe applies them to every request.
import { ApiError, validationError } from './api-error';

const NUL = '\u0000';

/**
 * The path (`emails[2]`, `filters.name`) of the first string, or object key, holding U+0000 in `value`, or null.
 * Walked without recursion: a body may nest 1,000 levels deep.
 */
export function nulCharacterPath(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes(NUL)) return path;
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${path}[${i}]`]);
    } else if (node !== null && typeof node === 'object') {
      const keys = Object.keys(node);
      for (let i = keys.length - 1; i >= 0; i--) {
        const child = path ? `${path}.${keys[i]}` : keys[i];
        if (keys[i].includes(NUL)) return child.replace(/\u0000/g, '\\u0000');
        stack.push([(node as Record<string, unknown>)[keys[i]], child]);
      }
    }
  }
  return null;
}

/**
 * 400 `invalid_value` for text holding U+0000: PostgreSQL's text and jsonb cannot store it, so such a value
 * would otherwise fail inside the query as a 500 (list names, verification emails, search terms, ids).
 */
export function nulCharacterError(value: unknown, root: string): ApiError | null {
  const path = nulCharacterPath(value, root);
  return path === null ? null : validationError(path || 'body', 'invalid_value', `${path || 'the body'} must not contain the NUL character (U+0000)`);
}
