/**
 * The people filters' validation, split into generic readers (readers.ts), value formats (formats.ts) and the
 * declarative filter table (filter-schema.ts) from which the OpenAPI filter schema comes too. This module keeps
 * the entry points their callers import.
 */
export { FilterValidationError } from './readers';
export { parsePeopleFilters, peopleFiltersJsonSchema } from './filter-schema';
