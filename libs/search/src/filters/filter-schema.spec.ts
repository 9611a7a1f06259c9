import fc from 'fast-check';
import { FilterValidationError, parsePeopleFilters, peopleFiltersJsonSchema } from './validate-filters';

/**
 * The OpenAPI filter schema and the validator come from one table (filter-schema.ts); this checks they say the
 * same: every document generated from the schema is accepted, and every value the schema refuses at any depth
 * (out of range, wrong type, unknown key, too many items, not in the enum) is refused with that path.
 */
type Schema = Record<string, any>;
const SCHEMA: Schema = peopleFiltersJsonSchema();
const WORD = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,10}$/);

/** Values valid under `schema`, `x-` rules included. */
function valid(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map((s: Schema) => valid(s)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.example !== undefined) return fc.constant(schema.example);
  switch (schema.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1e6, max: Math.min(schema.maximum ?? 1e9, Number.MAX_SAFE_INTEGER) });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return WORD.map((w) => w.padEnd(schema.minLength ?? 1, 'x').slice(0, schema.maxLength ?? 100));
    case 'array': {
      const max = Math.min(schema.maxItems ?? 3, 3);
      return fc.array(valid(schema.items), {
        minLength: Math.min(schema.minItems ?? 0, max),
        maxLength: Math.max(max, schema.minItems ?? 0),
      });
    }
    case 'object':
      return objectOf(schema);
    default:
      throw new Error(`no generator for ${JSON.stringify(schema).slice(0, 200)}`);
  }
}

function objectOf(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(schema.properties ?? {});
  const required: string[] = schema.required ?? [];
  const members = fc.record(Object.fromEntries(names.map((n) => [n, valid(schema.properties[n])])), {
    requiredKeys: required,
  });
  return members.map((o: Record<string, unknown>) => {
    const out = { ...o };
    // Groups that cannot both be set: keep the first group's members only.
    const [first, ...others] = (schema['x-exclusive'] ?? []) as string[][];
    if (first?.some((k) => out[k] !== undefined)) for (const k of others.flat()) delete out[k];
    const bounds = schema['x-max-not-below-min'];
    const [lo, hi] = Array.isArray(bounds) ? bounds : bounds ? ['min', 'max'] : [];
    if (lo && typeof out[lo] === 'number' && typeof out[hi] === 'number' && out[hi] < out[lo])
      [out[lo], out[hi]] = [out[hi], out[lo]];
    if (lo && typeof out[lo] === 'string' && typeof out[hi] === 'string') out[hi] = out[lo];
    return out;
  });
}

/** Values `schema` refuses, each with the JSON path suffix the validator names (`''` = the value itself). */
function invalidValues(schema: Schema): { value: unknown; at: string }[] {
  const out: { value: unknown; at: string }[] = [];
  if (schema.oneOf) return [{ value: 7, at: '' }];
  if (schema.enum) out.push({ value: 'zz-not-a-value', at: '' }, { value: 3, at: '' });
  switch (schema.type) {
    case 'boolean':
      out.push({ value: 'yes', at: '' });
      break;
    case 'integer':
      out.push({ value: 1.5, at: '' }, { value: '1', at: '' });
      if (schema.minimum !== undefined) out.push({ value: schema.minimum - 1, at: '' });
      if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER)
        out.push({ value: schema.maximum + 1, at: '' });
      break;
    case 'number':
      out.push({ value: 'x', at: '' });
      if (schema.minimum !== undefined) out.push({ value: schema.minimum - 0.5, at: '' });
      if (schema.maximum !== undefined) out.push({ value: schema.maximum + 0.5, at: '' });
      break;
    case 'string':
      out.push({ value: 42, at: '' });
      if (schema.maxLength !== undefined && !schema.enum) out.push({ value: 'a'.repeat(schema.maxLength + 1), at: '' });
      if (schema.minLength > 1) out.push({ value: 'a'.repeat(schema.minLength - 1), at: '' });
      if (schema.pattern && schema.example !== undefined) out.push({ value: '%%', at: '' });
      break;
    case 'array':
      out.push({ value: 'x', at: '' });
      if (schema.maxItems !== undefined && schema.maxItems <= 1000)
        out.push({
          value: Array(schema.maxItems + 1).fill(fc.sample(valid(schema.items), { numRuns: 1, seed: 1 })[0]),
          at: '',
        });
      if (schema.minItems > 0) out.push({ value: [], at: '' });
      break;
    case 'object':
      out.push({ value: [], at: '' }, { value: { zz_unknown: 1 }, at: '.zz_unknown' });
      break;
  }
  return out;
}

interface Site {
  path: string[];
  schema: Schema;
}

/** Every schema node reached through properties and array items, with its path. */
function sites(schema: Schema, path: string[] = []): Site[] {
  const here: Site[] = [{ path, schema }];
  if (schema.type === 'object')
    for (const [k, s] of Object.entries<Schema>(schema.properties ?? {})) here.push(...sites(s, [...path, k]));
  if (schema.type === 'array') here.push(...sites(schema.items, [...path, '0']));
  return here;
}

/** A valid document holding `value` at `path` (other required members filled in). */
function placed(path: string[], value: unknown): unknown {
  let node: Schema = SCHEMA;
  const root: any = {};
  let container: any = root;
  for (let i = 0; i < path.length; i++) {
    const part = path[i];
    const last = i === path.length - 1;
    if (node.type === 'array') {
      container[0] = last ? value : node.items.type === 'array' ? [] : {};
      node = node.items;
    } else {
      for (const required of node.required ?? [])
        if (required !== part)
          container[required] = fc.sample(valid(node.properties[required]), { numRuns: 1, seed: 3 })[0];
      node = node.properties[part];
      container[part] = last ? value : node.type === 'array' ? [] : {};
    }
    container = container[last ? part : path[i]] ?? container;
    if (!last) container = Array.isArray(container) || typeof container === 'object' ? container : undefined;
  }
  return path.length === 0 ? value : root;
}

const fieldOf = (path: string[]) =>
  ['filters', ...path].map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

describe('people filters: the OpenAPI schema and the validator', () => {
  it('covers every filter key with a real schema (no free-form object)', () => {
    expect(SCHEMA.additionalProperties).toBe(false);
    expect(Object.keys(SCHEMA.properties)).toHaveLength(26);
    for (const [key, s] of Object.entries<Schema>(SCHEMA.properties))
      expect({ key, typed: !!(s.type || s.oneOf) }).toEqual({ key, typed: true });
    const objects = sites(SCHEMA).filter((site) => site.schema.type === 'object');
    for (const site of objects)
      expect({ at: site.path.join('.'), closed: site.schema.additionalProperties }).toEqual({
        at: site.path.join('.'),
        closed: false,
      });
  });

  it('accepts every document generated from the schema', () => {
    fc.assert(
      fc.property(objectOf(SCHEMA), (doc) => {
        try {
          parsePeopleFilters(doc);
        } catch (error) {
          throw new Error(`refused ${JSON.stringify(doc).slice(0, 500)}: ${(error as Error).message}`);
        }
      }),
      { numRuns: 2000, seed: 20261126 },
    );
  });

  it('refuses, at that field, every value the schema refuses at any depth', () => {
    const misses: string[] = [];
    let checked = 0;
    for (const site of sites(SCHEMA)) {
      if (site.path.length === 0) continue;
      for (const bad of invalidValues(site.schema)) {
        const doc = placed(site.path, bad.value);
        const field = fieldOf(site.path) + bad.at;
        checked++;
        try {
          parsePeopleFilters(doc);
          misses.push(`accepted ${field} = ${JSON.stringify(bad.value).slice(0, 80)}`);
        } catch (error) {
          if (!(error instanceof FilterValidationError)) misses.push(`${field}: ${String(error)}`);
          else if (!error.field.startsWith(fieldOf(site.path)))
            misses.push(`${field}: refused at ${error.field} instead`);
        }
      }
    }
    expect(misses).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });
});
