import { derivePerson, primaryPositionIndex, proNetworkKey, unbrokenStart } from './person-derived';
import type { PersonInput, PositionInput } from './record-types';

const pos = (over: Partial<PositionInput>): PositionInput => ({
  company_id: 'c'.repeat(24),
  title: 'Engineer',
  seniority: 'Entry',
  departments: ['Software Development'],
  started_at: '2020-01-01',
  ended_at: null,
  is_primary: false,
  ...over,
});
const person = (positions: PositionInput[], emails: PersonInput['emails'] = []): PersonInput => ({
  id: 'e'.repeat(24),
  first_name: 'Łukasz',
  last_name: 'Nowak',
  pro_network_url: 'https://www.PRONET.example/in/lukasz/',
  followers: 0,
  location: null,
  emails,
  phone: null,
  positions,
});

describe('derivePerson', () => {
  it('picks the current position marked primary, else the most recent current one', () => {
    expect(
      primaryPositionIndex([pos({ started_at: '2024-01-01' }), pos({ started_at: '2021-01-01', is_primary: true })]),
    ).toBe(1);
    expect(primaryPositionIndex([pos({ started_at: '2021-01-01' }), pos({ started_at: '2024-01-01' })])).toBe(1);
    expect(primaryPositionIndex([pos({ ended_at: '2022-01-01', is_primary: true })])).toBe(-1);
  });

  it('tells a promotion (same company) from a new company, and keeps the tenure at the company', () => {
    const a = 'a'.repeat(24);
    const promoted = derivePerson(
      person([
        pos({ company_id: a, started_at: '2025-01-01', is_primary: true }),
        pos({ company_id: a, started_at: '2020-05-01', ended_at: '2025-01-01' }),
      ]),
    );
    expect(promoted.job_change).toBe('promotion');
    expect(promoted.company_started_at).toBe('2020-05-01');
    const moved = derivePerson(
      person([
        pos({ company_id: a, started_at: '2025-01-01' }),
        pos({ started_at: '2020-05-01', ended_at: '2025-01-01' }),
      ]),
    );
    expect(moved.job_change).toBe('new_company');
    expect(moved.company_started_at).toBe('2025-01-01');
    expect(derivePerson(person([pos({})])).job_change).toBeNull();
  });

  it('adds department groups, takes the valid email as best, and keys the URL', () => {
    const d = derivePerson(
      person(
        [pos({})],
        [
          { address: 'x@old.example', status: 'invalid' },
          { address: 'x@example.com', status: 'valid' },
        ],
      ),
    );
    expect(d.departments).toEqual(['Engineering & Technical', 'Software Development']);
    expect(d.best_email).toEqual({ address: 'x@example.com', status: 'valid' });
    expect(d.full_name).toBe('Łukasz Nowak');
    expect(d.pro_network_key).toBe('pronet.example/in/lukasz');
    expect(proNetworkKey(null)).toBeNull();
  });
});

describe('unbrokenStart', () => {
  const at = (company_id: string, started_at: string, ended_at: string | null) =>
    pos({ company_id, started_at, ended_at, is_primary: ended_at === null });

  it('reaches back through roles at the same company that follow on from each other', () => {
    const primary = at('c1', '2024-03-01', null);
    expect(
      unbrokenStart([primary, at('c1', '2022-01-01', '2024-03-01'), at('c1', '2020-05-01', '2022-01-01')], primary),
    ).toBe('2020-05-01');
  });

  it('stops at a stretch elsewhere: a boomerang counts from the return', () => {
    const primary = at('c1', '2025-09-01', null);
    expect(
      unbrokenStart([primary, at('c2', '2021-11-01', '2025-09-01'), at('c1', '2018-07-01', '2021-11-01')], primary),
    ).toBe('2025-09-01');
  });

  it('counts an overlapping earlier role at the same company', () => {
    const primary = at('c1', '2024-03-01', null);
    expect(unbrokenStart([primary, at('c1', '2023-01-01', '2024-06-01')], primary)).toBe('2023-01-01');
  });
});
