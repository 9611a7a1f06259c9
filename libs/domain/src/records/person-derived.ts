import { expandDepartments } from '../enums/departments';
import type { PersonInput, PositionInput } from './record-types';

/** What people search filters on, computed once at load time so the filters can use plain indexes. */
export interface PersonDerived {
  full_name: string;
  /** Lower-case URL without scheme, `www.` or trailing slash: the key `person.pro_network_url` matches on. */
  pro_network_key: string | null;
  primary: PositionInput | null;
  /** Index of `primary` in `positions`, or -1. */
  primary_index: number;
  /** Primary position's departments plus the groups their sub-departments belong to. */
  departments: string[];
  /** First day of the person's unbroken time at the primary company (earliest role there). */
  company_started_at: string | null;
  /** How the primary role began: `promotion` (previous role at the same company), `new_company`, or null (no earlier role). */
  job_change: 'promotion' | 'new_company' | null;
  best_email: { address: string; status: string } | null;
}

const EMAIL_RANK: Record<string, number> = { valid: 0, accept_all: 1, invalid: 2, not_found: 3 };

/** Lower-case URL without scheme, `www.`, query or trailing slash. */
export function proNetworkKey(url: string | null): string | null {
  if (!url) return null;
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
}

/**
 * The primary position (docs/dataset.md): the current one marked `is_primary`, else the
 * most recently started current one.
 */
export function primaryPositionIndex(positions: readonly PositionInput[]): number {
  let best = -1;
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i];
    if (p.ended_at !== null) continue;
    if (p.is_primary) return i;
    if (best < 0 || (p.started_at ?? '') > (positions[best].started_at ?? '')) best = i;
  }
  return best;
}

/**
 * First day of the unbroken time at the primary position's company: earlier roles there count while
 * each reaches (ends on or after) the start of the next; a gap at another employer breaks the chain.
 */
export function unbrokenStart(positions: readonly PositionInput[], primary: PositionInput): string | null {
  let start = primary.started_at;
  if (!start || !primary.company_id) return start;
  for (let extended = true; extended;) {
    extended = false;
    for (const p of positions) {
      if (p.company_id !== primary.company_id || !p.started_at || p.started_at >= start) continue;
      if (p.ended_at === null || p.ended_at >= start) {
        start = p.started_at;
        extended = true;
      }
    }
  }
  return start;
}

export function derivePerson(person: PersonInput): PersonDerived {
  const index = primaryPositionIndex(person.positions);
  const primary = index >= 0 ? person.positions[index] : null;
  const companyStarted = primary ? unbrokenStart(person.positions, primary) : null;
  let previous: PositionInput | null = null;
  if (primary) {
    for (let i = 0; i < person.positions.length; i++) {
      if (i === index) continue;
      const p = person.positions[i];
      // The role held just before the primary one: latest start not after the primary's start.
      if (
        p.started_at &&
        primary.started_at &&
        p.started_at <= primary.started_at &&
        (!previous || p.started_at > (previous.started_at ?? ''))
      )
        previous = p;
    }
  }
  let best: PersonDerived['best_email'] = null;
  for (const e of person.emails) if (!best || EMAIL_RANK[e.status] < EMAIL_RANK[best.status]) best = e;
  return {
    full_name: [person.first_name, person.last_name].filter(Boolean).join(' '),
    pro_network_key: proNetworkKey(person.pro_network_url),
    primary,
    primary_index: index,
    departments: primary ? expandDepartments(primary.departments) : [],
    company_started_at: companyStarted,
    job_change: previous === null ? null : previous.company_id === primary!.company_id ? 'promotion' : 'new_company',
    best_email: best,
  };
}
