import { emailOf, P, PersonKey } from './people-fixtures';
import type { TestStack, Workspace } from './stack';

// What the people search specs on the conformance fixture (test/people/search-*.e2e-spec.ts) expect, the filter
// shorthands they share, and how they arrange a workspace's lists and saves.

/** The conformance cases' expectations (the conformance suite's cases/search.mjs), verbatim. */
export const E = {
  name_jose_accented: [P.jose],
  name_jose_plain: [P.jose_plain],
  name_renee_accented: [P.renee],
  title_contains_software_engineer: [P.mei, P.jurgen, P.peter, P.samir, P.chloe, P.dinesh, P.maria, P.miles],
  title_software_engineer_not_senior: [P.jurgen, P.peter, P.samir, P.chloe, P.maria, P.miles],
  title_exact_software_engineer: [P.jurgen, P.peter, P.samir, P.chloe, P.maria, P.miles],
  title_exact_data_scientist: [P.priya],
  title_contains_data_scientist: [P.priya, P.fatima],
  title_vp_sales: [P.jose, P.jose_plain],
  bool_sales_or_marketing_and_manager: [P.renee_plain, P.alice, P.pierre, P.gwen, P.sarah, P.kenji],
  seniority_vp: [P.jose, P.jose_plain, P.richard, P.zoe],
  seniority_director_chief: [
    P.renee,
    P.lukasz,
    P.klaus,
    P.tom,
    P.elaine,
    P.monica,
    P.pepper,
    P.happy,
    P.norman,
    P.otto,
  ],
  seniority_owner: [P.gavin, P.art],
  dept_sales: [
    P.jose,
    P.jose_plain,
    P.ana,
    P.klaus,
    P.milton,
    P.lina,
    P.pierre,
    P.nelson,
    P.monica,
    P.pepper,
    P.sarah,
    P.kenji,
  ],
  dept_inside_sales: [P.ana, P.lina, P.nelson],
  role_max6: [P.lina, P.nelson, P.pepper, P.otto],
  role_12_24: [
    P.jose_plain,
    P.renee_plain,
    P.ana,
    P.jurgen,
    P.priya,
    P.milton,
    P.olga,
    P.bob,
    P.pierre,
    P.elaine,
    P.dinesh,
    P.monica,
    P.gwen,
    P.sarah,
    P.kenji,
  ],
  change_1_any: [P.nelson, P.pepper],
  change_1_promotion: [P.pepper],
  change_1_new_company: [P.nelson],
  change_3_any: [P.lina, P.nelson, P.pepper],
  change_3_new_company: [P.lina, P.nelson],
  domain_org: [P.jose, P.lukasz, P.mei, P.ana, P.jurgen, P.klaus, P.zoe, P.priya, P.fatima, P.peter, P.samir, P.milton],
  domain_primary: [P.jose, P.lukasz, P.mei, P.ana],
  domain_linkedin: [P.jose, P.lukasz, P.mei, P.ana, P.jurgen, P.klaus, P.zoe],
  company_name_globex: [P.jose, P.lukasz, P.mei, P.ana],
  company_name_globex_labs: [P.priya, P.fatima],
  headcount_11_200: [
    P.jose_plain,
    P.renee_plain,
    P.priya,
    P.tom,
    P.lina,
    P.gavin,
    P.nelson,
    P.richard,
    P.dinesh,
    P.monica,
    P.fatima,
  ],
  country_de_hq: [P.renee_plain, P.jurgen, P.klaus, P.gavin, P.nelson, P.zoe],
  country_de_any: [
    P.jose,
    P.renee,
    P.renee_plain,
    P.lukasz,
    P.mei,
    P.ana,
    P.jurgen,
    P.klaus,
    P.pierre,
    P.gavin,
    P.nelson,
    P.zoe,
  ],
  email_valid: [
    P.jose,
    P.jose_plain,
    P.lukasz,
    P.mei,
    P.jurgen,
    P.priya,
    P.milton,
    P.olga,
    P.lina,
    P.alice,
    P.bob,
    P.pierre,
    P.gavin,
    P.art,
    P.elaine,
    P.richard,
    P.pepper,
    P.maria,
    P.norman,
    P.gwen,
    P.miles,
    P.zoe,
    P.kenji,
  ],
  email_accept_all: [P.renee, P.klaus, P.tom, P.chloe, P.monica, P.otto, P.fatima],
  mppc_initech_1: [P.milton],
  umbrella_by_followers: [P.alice, P.bob, P.chloe, P.dan],
  umbrella_by_last_name_asc: [P.chloe, P.dan, P.bob, P.alice],
};

// People by company of their (only, primary) position, from the fixture table.
export const AT = {
  globex: [P.jose, P.lukasz, P.mei, P.ana],
  globex_de: [P.jurgen, P.klaus, P.zoe],
  globex_labs: [P.priya, P.fatima],
  initech: [P.peter, P.samir, P.milton],
  globex_careers: [P.olga],
  acme: [P.jose_plain, P.tom, P.lina],
  umbrella: [P.alice, P.bob, P.chloe, P.dan],
  soylent: [P.renee, P.pierre],
  hooli: [P.renee_plain, P.gavin, P.nelson],
  vandelay: [P.art, P.elaine],
  pied: [P.richard, P.dinesh, P.monica],
  stark: [P.pepper, P.happy, P.maria, P.ingrid],
  oscorp: [P.norman, P.otto, P.gwen, P.kenji],
  cyberdyne: [P.miles, P.sarah],
};
export const TITLE = (include: string[], match_mode = 'CONTAINS', exclude?: string[]) => ({
  person_job_title: { include, match_mode, ...(exclude ? { exclude } : {}) },
});
export const change = (timeframe_months: number, change_type = 'any') => ({
  person_job_change: { timeframe_months, change_type },
});

/** Arrangement helpers over the stack `stackOf` answers (started in a spec's beforeAll, after this runs). */
export function searchArrangement(stackOf: () => TestStack) {
  async function createPeopleList(ws: Workspace, name: string): Promise<string> {
    const res = await ws.api.post('/v2/lists', { name, type: 'people' });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  /** People saves do not exist yet: the rows a save would write. */
  async function savePerson(
    ws: Workspace,
    key: PersonKey,
    savedAt: string,
    lists: string[] = [],
    revealed = false,
  ): Promise<void> {
    await stackOf().db.query(
      `INSERT INTO saved_people (workspace_id, person_id, saved_at, revealed_email, revealed_at) VALUES ($1, $2, $3, $4, $5)`,
      [ws.workspace_id, P[key], savedAt, revealed ? emailOf(key) : null, revealed ? savedAt : null],
    );
    for (const list of lists) {
      await stackOf().db.query(
        `INSERT INTO people_list_members (list_id, person_id, workspace_id, added_at) VALUES ($1, $2, $3, $4)`,
        [list, P[key], ws.workspace_id, savedAt],
      );
    }
  }

  async function exportsTableExists(): Promise<boolean> {
    const rows = await stackOf().db.query(
      `SELECT 1 FROM information_schema.tables WHERE table_name = 'exported_people'`,
    );
    return rows.length > 0;
  }

  return { createPeopleList, savePerson, exportsTableExists };
}
