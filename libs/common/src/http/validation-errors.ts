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
const PRECEDENCE = ['whitelistValidation', 'isDefined', 'isNotEmptyObject', 'isArray', 'isObject', 'isString', 'isInt', 'isNumber', 'isBoolean'];

/** The properties a DTO class declares: what `allowed_fields` lists for `unknown_field`. */
export function declaredFields(target: object | undefined): string[] {
  if (!target) return [];
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(target.constructor, '', true, false);
  return [...new Set(metadatas.map((m) => m.propertyName))].filter((name) => name !== undefined).sort();
}

function deepestFirst(errors: ValidationError[], parentPath = ''): { error: ValidationError; path: string } | null {
  for (const error of errors) {
    const path = parentPath ? (/^\d+$/.test(error.property) ? `${parentPath}[${error.property}]` : `${parentPath}.${error.property}`) : error.property;
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
  if (!(error instanceof ApiError) || typeof error.payload.field !== 'string' || !('received_type' in error.payload)) return error;
  const at = sentValueAt(sent, error.payload.field);
  if (!at.found) return error;
  const payload = { ...error.payload, ...received(at.value) };
  if (payload.received_value === undefined) delete payload.received_value;
  return new ApiError(error.status, error.errorName, error.message, payload, error.headers);
}
