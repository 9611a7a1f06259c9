/**
 * Generic readers of the people filters, each carrying the JSON schema of what it accepts: validation and the
 * OpenAPI filter schema (peopleFiltersJsonSchema) come from the same values, so they cannot drift. A reader
 * takes a value that is present (neither undefined nor null) and the dotted path it sits at, and either
 * answers the typed value or throws FilterValidationError. Plain module (no Nest, no database).
 */
import { typeName, type ValidationCode } from '@app/common/http/api-error';

/** One mistake in `filters`; the API answers it as 400 VALIDATION_ERROR with `field` and `code`. */
export class FilterValidationError extends Error {
  constructor(
    readonly field: string,
    readonly code: ValidationCode,
    message: string,
    readonly value?: unknown,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'FilterValidationError';
  }
}

/** The JSON Schema (OpenAPI 3.0 subset) of what a reader accepts. */
export type JsonSchema = Record<string, unknown>;

export interface Reader<T> {
  (value: unknown, field: string): T;
  readonly schema: JsonSchema;
}

export type Json = Record<string, unknown>;

/** A reader whose accepted values `schema` describes. */
export function reader<T>(schema: JsonSchema, read: (value: unknown, field: string) => T): Reader<T> {
  return Object.assign((value: unknown, field: string) => read(value, field), { schema });
}

/** The same reader documented further (a description, a rule the schema cannot state). */
export function documented<T>(base: Reader<T>, more: JsonSchema): Reader<T> {
  return reader({ ...base.schema, ...more }, base);
}

export function fail(
  field: string,
  code: ValidationCode,
  message: string,
  value?: unknown,
  extra?: Record<string, unknown>,
): never {
  throw new FilterValidationError(field, code, message, value, extra);
}

export function isPlainObject(value: unknown): value is Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The members of one object level; `null` reads as absent ("not set"). */
export class Members {
  constructor(
    private readonly raw: Json,
    readonly field: string,
  ) {}

  read<T>(key: string, reader: (value: unknown, field: string) => T): T | undefined {
    // hasOwn: a key such as `constructor` must not read Object.prototype's member.
    const value = Object.hasOwn(this.raw, key) ? this.raw[key] : undefined;
    return value === undefined || value === null ? undefined : reader(value, this.path(key));
  }

  path(key: string): string {
    return `${this.field}.${key}`;
  }
}

/** The members of an object and their readers: the allowed keys and the object's schema both come from it. */
export type Shape = Record<string, Reader<unknown>>;

/** The schema of an object of `shape` (no other key); `required` members, further rules in `more`. */
export function objectSchema(shape: Shape, required: string[] = [], more: JsonSchema = {}): JsonSchema {
  const properties = Object.fromEntries(Object.entries(shape).map(([key, r]) => [key, r.schema]));
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false, ...more };
}

/** An object whose keys are all among `allowed`; stops at the first unknown key without looking further. */
export function object(value: unknown, field: string, allowed: readonly string[]): Members {
  if (!isPlainObject(value)) fail(field, 'invalid_value', `${field} must be an object, not ${typeName(value)}`, value);
  for (const key in value) {
    if (Object.hasOwn(value, key) && !allowed.includes(key)) {
      const sorted = [...allowed].sort();
      fail(
        `${field}.${key}`,
        'unknown_field',
        `${field}.${key} is not a known field; allowed: ${sorted.join(', ')}`,
        undefined,
        { allowed_fields: sorted },
      );
    }
  }
  return new Members(value, field);
}

/** An array of `min`-`max` items; the size is checked before any item is looked at. */
export function list<T>(min: number, max: number, item: Reader<T>): Reader<T[]> {
  return reader(
    { type: 'array', items: item.schema, ...(min > 0 ? { minItems: min } : {}), maxItems: max },
    (value, field) => {
      if (!Array.isArray(value))
        fail(field, 'invalid_value', `${field} must be an array, not ${typeName(value)}`, value);
      if (value.length > max || value.length < min) {
        fail(
          field,
          'out_of_range',
          `${field} takes ${min === 0 ? `at most ${max}` : `${min}-${max}`} items, not ${value.length}`,
          value,
        );
      }
      const out: T[] = [];
      for (let i = 0; i < value.length; i++) out.push(item(value[i], `${field}[${i}]`));
      return out;
    },
  );
}

export const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** The same list reader with duplicates dropped from its answer (the schema allows them: they are harmless). */
export function uniqueList<T>(items: Reader<T[]>): Reader<T[]> {
  return reader(items.schema, (value, field) => unique(items(value, field)));
}

export const str: Reader<string> = reader({ type: 'string' }, (value, field) =>
  typeof value === 'string'
    ? value
    : fail(field, 'invalid_value', `${field} must be a string, not ${typeName(value)}`, value),
);

/** Characters as PostgreSQL counts them (code points), without spreading a huge string. */
export function charCount(s: string, max: number): number {
  if (s.length > 2 * max) return s.length; // at least s.length / 2 code points: over max anyway
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** What the schema asks of a text: no space at either end (the validator trims them). */
const TRIMMED = '^\\S([\\s\\S]*\\S)?$';

/** A string, trimmed, of `min`-`max` characters after trimming. */
export function text(min: number, max: number): Reader<string> {
  return reader({ type: 'string', minLength: min, maxLength: max, pattern: TRIMMED }, (value, field) => {
    const trimmed = str(value, field).trim();
    const n = charCount(trimmed, max);
    if (n < min || n > max)
      fail(field, 'out_of_range', `${field} must be ${min}-${max} characters long (after trimming), not ${n}`, value);
    return trimmed;
  });
}

export const bool: Reader<boolean> = reader({ type: 'boolean' }, (value, field) =>
  typeof value === 'boolean'
    ? value
    : fail(field, 'invalid_value', `${field} must be true or false, not ${typeName(value)}`, value),
);

/** Longer lists of allowed values are not repeated in each error; the enums endpoint lists them. */
const MAX_LISTED_VALUES = 50;

/** One of `values`, matched case-insensitively after trimming; answers the canonical spelling. */
export function oneOf<T extends string>(values: readonly T[], enumName?: string): Reader<T> {
  const byKey = new Map<string, T>();
  for (const v of values) if (!byKey.has(v.toLowerCase())) byKey.set(v.toLowerCase(), v);
  const listed = values.length <= MAX_LISTED_VALUES;
  const schema: JsonSchema = { type: 'string', enum: [...byKey.values()] };
  if (enumName) schema.description = `a value of GET /v2/enums/${enumName} (any case)`;
  return reader(schema, (value, field) => {
    const found = byKey.get(str(value, field).trim().toLowerCase());
    if (found !== undefined) return found;
    const hint = listed ? `one of ${values.join(', ')}` : `a value of GET /v2/enums/${enumName}`;
    return fail(
      field,
      'invalid_value',
      `${field} must be ${hint}`,
      value,
      listed ? { allowed_values: [...values] } : {},
    );
  });
}

/** Enum values without duplicates; no more items than there are values. */
export function enumList<T extends string>(values: readonly T[], enumName?: string): Reader<T[]> {
  return uniqueList(list(0, values.length, oneOf(values, enumName)));
}

/** An integer `min`-`max`: a fraction is the wrong kind of value, a whole number outside is out of range. */
export function int(min: number, max: number): Reader<number> {
  return reader({ type: 'integer', minimum: min, maximum: max }, (value, field) => {
    if (typeof value !== 'number' || !Number.isInteger(value))
      fail(
        field,
        'invalid_value',
        `${field} must be an integer, not ${typeof value === 'number' ? value : typeName(value)}`,
        value,
      );
    if (value < min || value > max) fail(field, 'out_of_range', `${field} must be ${min}-${max}, not ${value}`, value);
    return value;
  });
}

/** A finite number `min`-`max` (fractions allowed). */
export function num(min: number, max: number): Reader<number> {
  return reader({ type: 'number', minimum: min, ...(max === Infinity ? {} : { maximum: max }) }, (value, field) => {
    if (typeof value !== 'number' || !Number.isFinite(value))
      fail(field, 'invalid_value', `${field} must be a number, not ${typeName(value)}`, value);
    if (value < min || value > max)
      fail(
        field,
        'out_of_range',
        `${field} must be ${max === Infinity ? `at least ${min}` : `${min}-${max}`}, not ${value}`,
        value,
      );
    return value;
  });
}

export interface MinMaxValue {
  min?: number;
  max?: number;
}

/** `{min, max}`, each optional, `max` not below `min`. */
export function minMax(bound: Reader<number>): Reader<MinMaxValue> {
  const shape = { min: bound, max: bound };
  return reader(
    objectSchema(shape, [], {
      description: '`max` may not be below `min` (400 `out_of_range`)',
      'x-max-not-below-min': true,
    }),
    (value, field) => {
      const o = object(value, field, ['max', 'min']);
      const out: MinMaxValue = {};
      const min = o.read('min', bound);
      const max = o.read('max', bound);
      if (min !== undefined) out.min = min;
      if (max !== undefined) out.max = max;
      if (min !== undefined && max !== undefined && max < min)
        fail(o.path('max'), 'out_of_range', `${o.path('max')} (${max}) is below min (${min})`, max);
      return out;
    },
  );
}

export interface IncludeExcludeValue<T> {
  include: T[];
  exclude: T[];
}

/** `include` and `exclude` of an object level (absent = []). */
export function pairOf<T>(o: Members, include: Reader<T[]>, exclude: Reader<T[]> = include): IncludeExcludeValue<T> {
  return { include: o.read('include', include) ?? [], exclude: o.read('exclude', exclude) ?? [] };
}

/** The shape of an `{include, exclude}` level. */
export const pairShape = <T>(include: Reader<T[]>, exclude: Reader<T[]> = include) => ({ include, exclude });

export function includeExclude<T>(
  include: Reader<T[]>,
  exclude: Reader<T[]> = include,
): Reader<IncludeExcludeValue<T>> {
  return reader(objectSchema(pairShape(include, exclude)), (value, field) =>
    pairOf(object(value, field, ['exclude', 'include']), include, exclude),
  );
}

export const hasItems = (pair: IncludeExcludeValue<unknown> | undefined) =>
  !!pair && pair.include.length + pair.exclude.length > 0;
