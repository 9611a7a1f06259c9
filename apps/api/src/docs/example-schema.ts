// Plain functions (no Nest imports) so a unit spec can check them.

export interface JsonSchema {
  type?: string;
  nullable?: boolean;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  [member: string]: unknown;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * The JSON schema an example answer has: types, members and item shapes read off the example. Many answers are
 * documented by a hand-written example of the real answer; this gives each of them a schema that matches it,
 * so one source cannot drift from the other. A `null` member is `nullable` with no type (the example cannot say).
 */
export function schemaFromExample(example: unknown): JsonSchema {
  if (example === null || example === undefined) return { nullable: true };
  if (Array.isArray(example))
    return example.length > 0 ? { type: 'array', items: schemaFromExample(example[0]) } : { type: 'array', items: {} };
  switch (typeof example) {
    case 'string':
      return ISO_TIME.test(example) ? { type: 'string', format: 'date-time' } : { type: 'string' };
    case 'number':
      return { type: Number.isInteger(example) ? 'integer' : 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'object':
      return {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(example as Record<string, unknown>).map(([k, v]) => [k, schemaFromExample(v)]),
        ),
      };
    default:
      return {};
  }
}

/** Whether a schema says something about the shape (a type, a reference, a composition), not only an example. */
export function describesShape(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  return ['type', '$ref', 'allOf', 'oneOf', 'anyOf', 'properties', 'items'].some(
    (member) => schema[member] !== undefined,
  );
}

interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

/**
 * Gives every answer documented by an example alone the schema of that example (the example stays). A
 * `metadata.pagination` in it refers to `paginationRef`, the one pagination schema every paged answer shares.
 */
export function fillAnswerSchemasFromExamples(
  paths: Record<string, Record<string, any>>,
  paginationRef?: string,
): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const answer of Object.values<any>(operation?.responses ?? {})) {
        for (const media of Object.values<MediaType>(answer?.content ?? {})) {
          if (describesShape(media.schema)) continue;
          const example = media.schema?.example ?? media.example ?? Object.values(media.examples ?? {})[0]?.value;
          if (example === undefined) continue;
          media.schema = { ...schemaFromExample(example), ...media.schema };
          const metadata = media.schema.properties?.metadata;
          if (paginationRef && metadata?.properties?.pagination)
            metadata.properties.pagination = { $ref: paginationRef };
        }
      }
    }
  }
}
