import { errorOf } from '../support/http';
import { startStack, TestStack, Workspace } from '../support/stack';
import {
  BASE_PEOPLE,
  C,
  expectIds,
  expectOrder,
  importPeopleFixture,
  P,
  search,
  without,
} from '../support/people-fixtures';
import { AT, searchArrangement } from '../support/people-search-kit';

// POST /v2/people/search against the public conformance fixture only (15 companies, 40 people):
// what depends on the workspace: lists, saves, revealed emails, exports and workspace isolation.
// Expected ids are written by hand from the table in support/people-fixtures.ts.

// Jest reads testTimeout only from the root config; the e2e project's 60 s would not apply here.
jest.setTimeout(120_000);

describe('POST /v2/people/search on the conformance fixture', () => {
  let stack: TestStack;
  let a: Workspace;
  let b: Workspace;

  beforeAll(async () => {
    stack = await startStack();
    [a, b] = [await stack.workspace(), await stack.workspace()];
    await importPeopleFixture(stack, { extended: false });
  });
  afterAll(() => stack?.close());

  const { createPeopleList, savePerson, exportsTableExists } = searchArrangement(() => stack);

  describe('lists, saves, revealed emails, exports and workspace isolation', () => {
    let l1: string;
    let l2: string;
    let l3: string; // deleted
    let lc: string; // a company list
    let lb: string; // workspace b's list

    beforeAll(async () => {
      l1 = await createPeopleList(a, 'L1');
      l2 = await createPeopleList(a, 'L2');
      l3 = await createPeopleList(a, 'L3 (deleted)');
      const company = await a.api.post('/v2/lists', { name: 'companies', type: 'company' });
      expect(company.status).toBe(201);
      lc = company.body.data.id;
      lb = await createPeopleList(b, 'LB');
      // workspace a: five saved people
      await savePerson(a, 'jose', '2026-01-05T10:00:00Z', [l1], true); // revealed email
      await savePerson(a, 'alice', '2026-02-10T08:00:00Z'); // saved without list
      await savePerson(a, 'bob', '2026-02-10T23:59:59Z', [l2]); // last second of Feb 10
      await savePerson(a, 'gavin', '2026-03-01T00:00:00Z', [l1, l2]);
      await savePerson(a, 'mei', '2025-12-01T12:00:00Z', [l3]); // only in a list that gets deleted
      expect((await a.api.delete(`/v2/lists/${l3}`)).status).toBe(200);
      // workspace b: one saved person
      await savePerson(b, 'kenji', '2026-02-10T12:00:00Z', [lb], true);
      // workspace a saves the company Globex
      const saved = await a.api.post('/v2/companies/save', { data: [C.globex] });
      expect(saved.status).toBe(200);
      // workspace a exported jose (people export does not exist yet: the row it would write)
      if (await exportsTableExists()) {
        await stack.db.query(
          `INSERT INTO exported_people (workspace_id, person_id, exported_at) VALUES ($1, $2, now())`,
          [a.workspace_id, P.jose],
        );
      }
    });

    it('lists.saved any / none / without_list (a deleted list does not count as a list)', async () => {
      await expectIds(a.api, { lists: { saved: 'any' } }, [P.jose, P.alice, P.bob, P.gavin, P.mei]);
      await expectIds(
        a.api,
        { lists: { saved: 'none' } },
        without(BASE_PEOPLE, P.jose, P.alice, P.bob, P.gavin, P.mei),
      );
      await expectIds(a.api, { lists: { saved: 'without_list' } }, [P.alice, P.mei]);
    });

    it('lists.include / exclude', async () => {
      await expectIds(a.api, { lists: { include: [l1] } }, [P.jose, P.gavin]);
      await expectIds(a.api, { lists: { include: [l1, l2] } }, [P.jose, P.gavin, P.bob]);
      await expectIds(a.api, { lists: { exclude: [l2] } }, without(BASE_PEOPLE, P.bob, P.gavin));
      await expectIds(a.api, { lists: { include: [l1], exclude: [l2] } }, [P.jose]);
      await expectIds(a.api, { lists: { saved: 'any', exclude: [l2] } }, [P.jose, P.alice, P.mei]);
      await expectIds(a.api, { lists: { include: [l1, l2] }, person_seniority: { include: ['Owner'] } }, [P.gavin]);
    });

    it('leaving out exports, saves and lists together counts each person once, and follows a new export at once', async () => {
      const exported = (await exportsTableExists()) ? [P.jose] : [];
      const noneSaved = without(BASE_PEOPLE, P.jose, P.alice, P.bob, P.gavin, P.mei);
      // The count of the rest is cached after the first search; the people of the sets are read every time.
      for (let run = 0; run < 2; run++) {
        await expectIds(
          a.api,
          { duplicates: { exclude_exported: true }, lists: { saved: 'none', exclude: [l2] } },
          noneSaved,
        );
        await expectIds(
          a.api,
          { duplicates: { exclude_exported: true }, lists: { exclude: [l1, l2] } },
          without(BASE_PEOPLE, P.jose, P.gavin, P.bob, ...exported),
        );
        await expectIds(
          a.api,
          {
            company: { id: { include: [C.globex] } },
            duplicates: { exclude_exported: true },
            lists: { exclude: [l2] },
          },
          without(AT.globex, P.bob, P.gavin, ...exported),
        );
      }
      if (!(await exportsTableExists())) return;
      const other = noneSaved[0];
      await stack.db.query(
        `INSERT INTO exported_people (workspace_id, person_id, exported_at) VALUES ($1, $2, now())`,
        [a.workspace_id, other],
      );
      try {
        await expectIds(
          a.api,
          { duplicates: { exclude_exported: true }, lists: { exclude: [l1, l2] } },
          without(BASE_PEOPLE, P.jose, P.gavin, P.bob, other),
        );
      } finally {
        await stack.db.query(`DELETE FROM exported_people WHERE workspace_id = $1 AND person_id = $2`, [
          a.workspace_id,
          other,
        ]);
      }
    });

    it('lists.saved_at: inclusive bounds; a date-only `to` takes that whole day', async () => {
      await expectIds(a.api, { lists: { saved_at: { from: '2026-02-10T00:00:00Z', to: '2026-02-10' } } }, [
        P.alice,
        P.bob,
      ]);
      await expectIds(a.api, { lists: { saved_at: { to: '2026-02-10T12:00:00Z' } } }, [P.mei, P.jose, P.alice]);
      await expectIds(a.api, { lists: { saved_at: { from: '2026-03-01T00:00:00Z' } } }, [P.gavin]);
      await expectIds(a.api, { lists: { saved_at: { from: '2026-03-01T00:00:00.001Z' } } }, []);
      await expectIds(a.api, { lists: { saved_at: { from: '2026-01-05T10:00:00Z', to: '2026-01-05T10:00:00Z' } } }, [
        P.jose,
      ]);
    });

    it('lists that are not live people lists of the workspace answer 400 invalid_value on the item', async () => {
      for (const [filters, field] of [
        [{ lists: { include: [l3] } }, 'filters.lists.include[0]'], // deleted
        [{ lists: { include: [l1, lc] } }, 'filters.lists.include[1]'], // a company list
        [{ lists: { include: [lb] } }, 'filters.lists.include[0]'], // workspace b's list
        [{ lists: { exclude: ['lst_does_not_exist'] } }, 'filters.lists.exclude[0]'],
      ] as const) {
        const res = await a.api.post('/v2/people/search', { filters });
        expect({
          filters,
          status: res.status,
          field: res.body?.errors?.[0]?.payload?.field,
          code: res.body?.errors?.[0]?.payload?.code,
        }).toEqual({ filters, status: 400, field, code: 'invalid_value' });
      }
      const res = await b.api.post('/v2/people/search', { filters: { lists: { include: [l1] } } });
      expect(res.status).toBe(400);
      expect(errorOf(res).payload).toMatchObject({ field: 'filters.lists.include[0]', code: 'invalid_value' });
    });

    it("workspace b sees none of workspace a's saves, lists, reveals or exports", async () => {
      await expectIds(b.api, { lists: { saved: 'any' } }, [P.kenji]);
      await expectIds(b.api, { lists: { include: [lb] } }, [P.kenji]);
      await expectIds(b.api, { lists: { saved: 'without_list' } }, []);
      await expectIds(b.api, { lists: { saved: 'none' } }, without(BASE_PEOPLE, P.kenji));
      await expectIds(b.api, { lists: { saved_at: { to: '2026-12-31' } } }, [P.kenji]);
      await expectIds(b.api, { contact_details: { email: { revealed: true } } }, [P.kenji]);
      await expectIds(b.api, { duplicates: { exclude_exported: true } }, BASE_PEOPLE);
      await expectIds(a.api, { lists: { saved_at: { from: '2026-02-10T12:00:00Z', to: '2026-02-10T12:00:00Z' } } }, []); // kenji's save time, in b
    });

    it('contact_details.email.revealed: true = revealed by this workspace, false = not', async () => {
      await expectIds(a.api, { contact_details: { email: { revealed: true } } }, [P.jose]);
      await expectIds(a.api, { contact_details: { email: { revealed: false } } }, without(BASE_PEOPLE, P.jose));
      await expectIds(
        a.api,
        {
          contact_details: { email: { revealed: false, status: ['valid'] } },
          company: { id: { include: [C.globex] } },
        },
        [P.lukasz, P.mei],
      );
      const mine = await search(a.api, { person: { id: { include: [P.jose, P.alice] } } });
      const revealed = Object.fromEntries(mine.people.map((p) => [p.id, p.contact_details.email.revealed]));
      expect(revealed).toEqual({ [P.jose]: true, [P.alice]: false });
      const theirs = await search(b.api, { person: { id: { include: [P.jose] } } });
      expect(theirs.people[0].contact_details.email.revealed).toBe(false);
    });

    it("the company's saved block is the workspace's own", async () => {
      const mine = await search(a.api, { person: { id: { include: [P.jose] } } });
      expect(mine.people[0].primary_position.company.saved).toMatchObject({ id: null, list_ids: [] });
      expect(typeof mine.people[0].primary_position.company.saved.saved_at).toBe('string');
      const theirs = await search(b.api, { person: { id: { include: [P.jose] } } });
      expect(theirs.people[0].primary_position.company.saved).toBeNull();
    });

    it('duplicates.exclude_exported hides what this workspace exported (everybody stays without an export record)', async () => {
      const exported = (await exportsTableExists()) ? [P.jose] : [];
      await expectIds(a.api, { duplicates: { exclude_exported: true } }, without(BASE_PEOPLE, ...exported));
      await expectIds(a.api, { duplicates: { exclude_exported: false } }, BASE_PEOPLE);
      await expectIds(
        a.api,
        { duplicates: { exclude_exported: true }, company: { id: { include: [C.globex] } } },
        without(AT.globex, ...exported),
      );
    });

    it('sort_by person_saved_at: most recent first by default, never saved last in both directions', async () => {
      const umbrella = { company: { id: { include: [C.umbrella] } } };
      await expectOrder(a.api, { ...umbrella, sort_by: 'person_saved_at' }, [P.bob, P.alice, P.chloe, P.dan]);
      await expectOrder(a.api, { ...umbrella, sort_by: 'person_saved_at', sort_direction: 'asc' }, [
        P.alice,
        P.bob,
        P.chloe,
        P.dan,
      ]);
      // b never saved anybody at Umbrella: the default order
      await expectOrder(b.api, { ...umbrella, sort_by: 'person_saved_at' }, [P.alice, P.bob, P.chloe, P.dan]);
      await expectOrder(a.api, { lists: { saved: 'any' }, sort_by: 'person_saved_at', sort_direction: 'asc' }, [
        P.mei,
        P.jose,
        P.alice,
        P.bob,
        P.gavin,
      ]);
    });
  });
});
