import { personSearchColumns } from '@app/domain/search-columns';
import type { PersonInput } from '@app/domain/records/record-types';
import { copyJson, copyText, copyTextArray } from './copy-text';
import { personCopyLines, PEOPLE_COLUMNS } from './dataset-rows';

const person = (id: string, city: string, title: string): PersonInput =>
  ({
    id,
    first_name: 'Ana',
    last_name: 'Ruiz',
    pro_network_url: null,
    followers: 10,
    location: { city, state: 'Ile\\de', state_code: null, country: 'France', country_code: 'FR' },
    emails: [],
    phone: null,
    positions: [
      {
        company_id: null,
        title,
        seniority: 'VP',
        departments: ['Sales'],
        started_at: '2024-01-01',
        ended_at: null,
        is_primary: true,
      },
    ],
  }) as unknown as PersonInput;

/** The search columns of a people COPY line, encoded the plain way (no shared values). */
function expectedSearchFields(p: PersonInput): Record<string, string> {
  const search = personSearchColumns(p.positions[0].title, p.location);
  return {
    location: copyJson(p.location),
    city: copyText(p.location?.city),
    state: copyText(p.location?.state),
    title_terms: copyTextArray(search.title_terms),
    title_key: copyText(search.title_key),
    title_canon: copyText(search.title_canon),
    location_keys: copyTextArray(search.location_keys),
  };
}

function fieldsOf(line: string): Record<string, string> {
  const values = line.replace(/\n$/, '').split('\t');
  return Object.fromEntries(PEOPLE_COLUMNS.map((column, i) => [column, values[i]]));
}

describe('personCopyLines', () => {
  it('encodes the title and location columns as the search columns define them, again when they repeat', () => {
    const people = [
      person('a', 'Paris\tNord', 'VP Sales'),
      person('b', 'Paris\tNord', 'VP Sales'),
      person('c', 'Lyon', 'Head of Marketing'),
      person('d', 'Paris\tNord', 'Head of Marketing'),
    ];
    for (const p of people) {
      const fields = fieldsOf(personCopyLines(p).person);
      expect(fields.id).toBe(p.id);
      for (const [column, value] of Object.entries(expectedSearchFields(p)))
        expect([column, fields[column]]).toEqual([column, value]);
    }
  });

  it('writes a missing location as NULLs with no location keys', () => {
    const fields = fieldsOf(personCopyLines({ ...person('e', 'x', 'VP Sales'), location: null }).person);
    expect([fields.location, fields.country_code, fields.state, fields.city]).toEqual(['\\N', '\\N', '\\N', '\\N']);
    expect(fields.location_keys).toBe('{}');
  });
});
