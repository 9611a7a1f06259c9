/** Component schemas the document adds itself (buildOpenApiDocument), referred to from DTOs. */
export const PEOPLE_FILTERS_SCHEMA = 'PeopleFilters';
export const PEOPLE_FILTERS_REF = { allOf: [{ $ref: `#/components/schemas/${PEOPLE_FILTERS_SCHEMA}` }] };
