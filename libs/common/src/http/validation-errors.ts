// Plain functions (no Nest imports) so unit specs can exercise the mapping with class-validator directly.
import { getMetadataStorage, ValidationError } from 'class-validator';
import { ApiError, received, validationError, ValidationCode } from './api-error';

/** class-validator constraint names mapped to our `payload.code` (others answer `invalid_value`). */
const CODE_BY_CONSTRAINT: Record<string, ValidationCode> = {
  whitelistValidation: 'unknown_field',
  arrayMinSize: 'out_of_range',
  arrayMaxSize: 'out_of_range',
  arrayNotEmpty: 'out_of_range',
  min: 'out_of_range',
  max: 'out_of_range',
  minLength: 'out_of_range',
  maxLength: 'out_of_range',
  isLength: 'out_of_range',
  matches: 'invalid_format',
  isEmail: 'invalid_format',
  isUrl: 'invalid_format',
  isUUID: 'invalid_format',
  isHexadecimal: 'invalid_format',
  isISO8601: 'invalid_format',
  isIso8601: 'invalid_format',
  isDateString: 'invalid_format',
};

/** Which constraint of an error decides its code: presence and type first, then ranges. */
const PRECEDENCE = [
  'whitelistValidation',
  'isDefined',
  'isNotEmptyObject',
  'isArray',
  'isObject',
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
];

/** The properties a DTO class declares: what `allowed_fields` lists for `unknown_field`. */
export function declaredFields(target: object | undefined): string[] {
  return target ? declaredFieldsOf(target.constructor) : [];
}

/** A DTO class, as class-validator's metadata storage takes it (any constructor, `object.constructor` included). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- class-validator's own parameter type
export type DtoClass = Function;

const declaredByClass = new WeakMap<DtoClass, string[]>();

/** The properties the DTO class `dto` declares, sorted (decorators run once, at load: kept per class). */
export function declaredFieldsOf(dto: DtoClass): string[] {
  let declared = declaredByClass.get(dto);
  if (!declared) {
    const metadatas = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
    declared = [...new Set(metadatas.map((m) => m.propertyName))].filter((name) => name !== undefined).sort();
    declaredByClass.set(dto, declared);
  }
  return [...declared];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * 400 `unknown_field` for the first key of `sent` (a body or query object as parsed) that the DTO class does
 * not declare; null when there is none. Checked on what was sent because class-transformer never copies a key
 * named after a member of Object.prototype (`toString`, `hasOwnProperty`, `constructor`, `__proto__`) onto
 * the DTO instance, so the whitelist check after it never saw them and they were dropped without a word.
 */
export function undeclaredKeyError(sent: unknown, dto: DtoClass): ApiError | null {
  if (!isPlainObject(sent)) return null;
  const keys = Object.keys(sent);
  if (keys.length === 0) return null;
  const declared = declaredFieldsOf(dto);
  const unknown = keys.find((key) => !declared.includes(key));
  return unknown === undefined
    ? null
    : validationError(unknown, 'unknown_field', `unknown field "${unknown}"`, { allowed_fields: declared });
}

/**
 * A copy of a parsed JSON value, own keys only (`__proto__` included, as a plain key). Recursive: a body
 * reaches here at most MAX_JSON_DEPTH (32) levels deep.
 */
export function copyJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copyJson((value as Record<string, unknown>)[key]);
    // Assigning `__proto__` would set the copy's prototype instead of a key.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy;
}

/**
 * Puts the object and array members of the body as sent back on the DTO instance, in place of the copies
 * validation worked on, which lost the keys named after Object.prototype members at every depth: the
 * readers of `filters` and of `data` items then answer such a key as they answer any other unknown one
 * (400 `unknown_field` with its `allowed_fields`, or an `invalid` item).
 */
export function withSentMembers<T extends object>(instance: T, sent: unknown): T {
  if (!isPlainObject(sent) || instance === null || typeof instance !== 'object') return instance;
  for (const key of Object.keys(sent)) {
    const value = sent[key];
    if (value !== null && typeof value === 'object' && Object.hasOwn(instance, key))
      (instance as Record<string, unknown>)[key] = value;
  }
  return instance;
}

function deepestFirst(errors: ValidationError[], parentPath = ''): { error: ValidationError; path: string } | null {
  for (const error of errors) {
    const path = parentPath
      ? /^\d+$/.test(error.property)
        ? `${parentPath}[${error.property}]`
        : `${parentPath}.${error.property}`
      : error.property;
    if (error.constraints && Object.keys(error.constraints).length > 0) return { error, path };
    const nested = deepestFirst(error.children ?? [], path);
    if (nested) return nested;
  }
  return null;
}

function pickConstraint(error: ValidationError): string {
  const names = Object.keys(error.constraints ?? {});
  return PRECEDENCE.find((n) => names.includes(n)) ?? names[0];
}

/** Turns class-validator's errors into one 400 VALIDATION_ERROR with `field` and `code`. */
export function toValidationApiError(errors: ValidationError[]): ApiError {
  const first = deepestFirst(errors);
  if (!first) return validationError('body', 'invalid_value', 'the request body is invalid');
  const { error, path } = first;
  const constraint = pickConstraint(error);
  const message = error.constraints?.[constraint] ?? `${path} is invalid`;
  const contextCode = (error.contexts?.[constraint] as { code?: ValidationCode } | undefined)?.code;
  if (constraint === 'whitelistValidation') {
    return validationError(path, 'unknown_field', `unknown field "${path}"`, {
      allowed_fields: declaredFields(error.target),
    });
  }
  const code = contextCode ?? CODE_BY_CONSTRAINT[constraint] ?? 'invalid_value';
  return validationError(path, code, message, received(error.value));
}

/** `filters.person_name.include[3]` → ['filters', 'person_name', 'include', '3']. */
function pathSegments(path: string): string[] {
  return path.split(/\.|\[(\d+)\]/).filter((segment) => segment !== undefined && segment !== '');
}

/** The value at a field path of what the caller sent, if the path exists there. */
export function sentValueAt(sent: unknown, path: string): { found: boolean; value?: unknown } {
  let value = sent;
  for (const segment of pathSegments(path)) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return { found: false };
    value = (value as Record<string, unknown>)[segment];
  }
  return { found: true, value };
}

/**
 * class-validator sees values after class-transformer converted them (`?page=abc` became NaN, a number), so
 * `received_value`/`received_type` are taken again from what was sent: `"abc"`, a string.
 */
export function withSentValue(error: unknown, sent: unknown): unknown {
  if (!(error instanceof ApiError) || typeof error.payload.field !== 'string' || !('received_type' in error.payload))
    return error;
  const at = sentValueAt(sent, error.payload.field);
  if (!at.found) return error;
  const payload = { ...error.payload, ...received(at.value) };
  if (payload.received_value === undefined) delete payload.received_value;
  return new ApiError(error.status, error.errorName, error.message, payload, error.headers);
}
