import 'reflect-metadata';
import { Type } from 'class-transformer';
import { plainToInstance } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
  validateSync,
} from 'class-validator';
import { ApiError } from './api-error';
import {
  copyJson,
  declaredFields,
  sentValueAt,
  toValidationApiError,
  undeclaredKeyError,
  withSentMembers,
  withSentValue,
} from './validation-errors';

class Location {
  @IsString()
  city: string;
}

class Body {
  @IsString()
  @MaxLength(10)
  name: string;

  @IsIn(['people', 'company'])
  type: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @IsOptional()
  @IsEmail()
  email?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2)
  @IsString({ each: true })
  tags?: string[];

  @IsOptional()
  @ValidateNested()
  @Type(() => Location)
  location?: Location;

  @IsOptional()
  @ValidateNested({ each: true })
  @Type(() => Location)
  places?: Location[];
}

/** Validates as the global pipe does (whitelist + forbidNonWhitelisted) and maps the errors. */
function mapped(plain: Record<string, unknown>): ApiError {
  const errors = validateSync(plainToInstance(Body, plain), {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: true, value: true },
  });
  expect(errors.length).toBeGreaterThan(0);
  return toValidationApiError(errors);
}

const valid = { name: 'ok', type: 'people' };

describe('toValidationApiError', () => {
  it('answers 400 VALIDATION_ERROR', () => {
    const error = mapped({ ...valid, name: 5 });
    expect(error.status).toBe(400);
    expect(error.errorName).toBe('VALIDATION_ERROR');
  });

  it('an unknown key is unknown_field with the declared fields as allowed_fields', () => {
    const error = mapped({ ...valid, bogus: 1 });
    expect(error.payload).toMatchObject({ field: 'bogus', code: 'unknown_field' });
    expect(error.payload.allowed_fields).toEqual(['email', 'limit', 'location', 'name', 'places', 'tags', 'type']);
  });

  it('an unknown key inside a nested object names its path', () => {
    const error = mapped({ ...valid, location: { city: 'Oslo', zip: '1' } });
    expect(error.payload).toMatchObject({ field: 'location.zip', code: 'unknown_field', allowed_fields: ['city'] });
  });

  it('a wrong type is invalid_value with received_value and received_type', () => {
    expect(mapped({ ...valid, name: 5 }).payload).toMatchObject({
      field: 'name',
      code: 'invalid_value',
      received_value: 5,
      received_type: 'number',
    });
    expect(mapped({ ...valid, name: null }).payload).toMatchObject({
      field: 'name',
      code: 'invalid_value',
      received_type: 'null',
    });
    const array = mapped({ ...valid, name: ['a'] }).payload;
    expect(array).toMatchObject({ field: 'name', received_type: 'array' });
    expect(array.received_value).toBeUndefined(); // objects and arrays are not echoed back
  });

  it('a missing required field is invalid_value', () => {
    expect(mapped({ type: 'people' }).payload).toMatchObject({
      field: 'name',
      code: 'invalid_value',
      received_type: 'undefined',
    });
  });

  it('a value outside the allowed set is invalid_value', () => {
    expect(mapped({ ...valid, type: 'robots' }).payload).toMatchObject({
      field: 'type',
      code: 'invalid_value',
      received_value: 'robots',
    });
  });

  it('ranges and lengths are out_of_range', () => {
    expect(mapped({ ...valid, limit: 0 }).payload).toMatchObject({
      field: 'limit',
      code: 'out_of_range',
      received_value: 0,
    });
    expect(mapped({ ...valid, limit: 101 }).payload).toMatchObject({ field: 'limit', code: 'out_of_range' });
    expect(mapped({ ...valid, name: 'x'.repeat(11) }).payload).toMatchObject({ field: 'name', code: 'out_of_range' });
    expect(mapped({ ...valid, tags: ['a', 'b', 'c'] }).payload).toMatchObject({ field: 'tags', code: 'out_of_range' });
  });

  it('a type error wins over a range error on the same field', () => {
    expect(mapped({ ...valid, limit: 1.5 }).payload).toMatchObject({ field: 'limit', code: 'invalid_value' });
  });

  it('a malformed format is invalid_format', () => {
    expect(mapped({ ...valid, email: 'not-an-email' }).payload).toMatchObject({
      field: 'email',
      code: 'invalid_format',
    });
  });

  it('array items are named with their index', () => {
    expect(mapped({ ...valid, places: [{ city: 'A' }, { city: 7 }] }).payload).toMatchObject({
      field: 'places[1].city',
      code: 'invalid_value',
    });
  });

  it('long strings are shortened in received_value', () => {
    const payload = mapped({ ...valid, type: 'y'.repeat(1000) }).payload;
    expect(String(payload.received_value).length).toBeLessThanOrEqual(201);
  });

  it('no errors at all still answers a body error', () => {
    expect(toValidationApiError([]).payload).toMatchObject({ field: 'body', code: 'invalid_value' });
  });
});

describe('declaredFields', () => {
  it('lists the properties a DTO declares, sorted', () => {
    expect(declaredFields(new Location())).toEqual(['city']);
    expect(declaredFields(undefined)).toEqual([]);
  });
});

class PageQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page?: number;
}

/** What the global pipe does: convert, validate, map, then report what was sent. */
function mappedQuery(sent: Record<string, unknown>): ApiError {
  const errors = validateSync(plainToInstance(PageQuery, sent), {
    whitelist: true,
    forbidNonWhitelisted: true,
    validationError: { target: true, value: true },
  });
  return withSentValue(toValidationApiError(errors), sent) as ApiError;
}

describe('received_value/received_type describe what was sent', () => {
  it('?page=abc is the string "abc", not the NaN it became', () => {
    expect(mappedQuery({ page: 'abc' }).payload).toMatchObject({
      field: 'page',
      code: 'invalid_value',
      received_value: 'abc',
      received_type: 'string',
    });
    expect(mappedQuery({ page: '0' }).payload).toMatchObject({
      field: 'page',
      code: 'out_of_range',
      received_value: '0',
      received_type: 'string',
    });
  });

  it('a repeated parameter is an array, not echoed back', () => {
    const payload = mappedQuery({ page: ['1', '2'] }).payload;
    expect(payload).toMatchObject({ field: 'page', received_type: 'array' });
    expect('received_value' in payload).toBe(false);
  });

  it('finds nested paths and array items; a path the caller did not send keeps the error as it was', () => {
    expect(sentValueAt({ a: { b: [1, { c: 'x' }] } }, 'a.b[1].c')).toEqual({ found: true, value: 'x' });
    expect(sentValueAt({ a: {} }, 'a.b')).toEqual({ found: false });
    expect(sentValueAt({ a: null }, 'a')).toEqual({ found: true, value: null });
    const missing = mapped({ type: 'people' });
    expect(withSentValue(missing, { type: 'people' })).toBe(missing);
  });

  it('leaves errors without received members alone', () => {
    const unknown = mapped({ ...valid, bogus: 1 });
    expect(withSentValue(unknown, { ...valid, bogus: 1 })).toBe(unknown);
  });
});

describe('keys named after Object.prototype members', () => {
  const PROTOTYPE_NAMES = ['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf', 'prototype'];

  it('class-transformer drops them, so the whitelist check never sees them (why undeclaredKeyError exists)', () => {
    const dropped = PROTOTYPE_NAMES.filter((name) => {
      const instance = plainToInstance(Body, JSON.parse(`{"name":"ok","type":"people","${name}":1}`));
      return validateSync(instance, { whitelist: true, forbidNonWhitelisted: true }).length === 0;
    });
    expect(dropped).toEqual(['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf']);
  });

  it('undeclaredKeyError answers each as unknown_field with the declared fields, as JSON.parse gives them', () => {
    for (const name of PROTOTYPE_NAMES) {
      const error = undeclaredKeyError(JSON.parse(`{"name":"ok","${name}":1}`), Body);
      expect(error?.payload).toEqual({
        field: name,
        code: 'unknown_field',
        allowed_fields: ['email', 'limit', 'location', 'name', 'places', 'tags', 'type'],
      });
    }
  });

  it('undeclaredKeyError answers the first unknown key as sent, and null when every key is declared', () => {
    expect(undeclaredKeyError({ bogus: 1, toString: 2 }, Body)?.payload.field).toBe('bogus');
    expect(undeclaredKeyError(valid, Body)).toBeNull();
    expect(undeclaredKeyError({}, Body)).toBeNull();
    expect(undeclaredKeyError([1], Body)).toBeNull();
    expect(
      undeclaredKeyError(Object.assign(Object.create(null), { page: '1', toString: 'x' }), PageQuery)?.payload.field,
    ).toBe('toString');
  });

  it('copyJson copies own keys, __proto__ as a plain key, without touching prototypes', () => {
    const sent = JSON.parse('{"a":[1,{"__proto__":{"x":1},"constructor":{}}],"b":null}');
    const copy = copyJson(sent) as typeof sent;
    expect(copy).toEqual(sent);
    expect(copy.a).not.toBe(sent.a);
    expect(Object.keys(copy.a[1])).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(copy.a[1])).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('withSentMembers puts nested members back as sent, keys class-transformer dropped included', () => {
    const sent = JSON.parse(
      '{"name":"ok","type":"people","tags":["a"],"location":{"city":"Oslo","toString":1,"__proto__":{"x":1},"constructor":{}}}',
    );
    // What the pipe does: Nest's stripping and class-transformer work on a copy.
    const instance = withSentMembers(plainToInstance(Body, copyJson(sent)), sent);
    expect(instance).toBeInstanceOf(Body);
    expect(Object.keys(instance.location!)).toEqual(['city', 'toString', '__proto__', 'constructor']);
    expect(instance.tags).toBe(sent.tags);
    expect(instance.name).toBe('ok');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
