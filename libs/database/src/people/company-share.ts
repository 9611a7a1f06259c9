type Client = { query(text: string): Promise<{ rows: any[] }> };

/** ANALYZE's statistics target for `people.company_id`: its most common companies list holds this many. */
export const COMPANY_ID_STATISTICS = 10;

/**
 * The number of companies among a people table's rows, given to the planner as `n_distinct` of
 * `company_id` (a negative value: companies as a share of the rows, so it holds as the table grows
 * alike). ANALYZE estimates distinct values from a sample of 30,000 rows, and a column whose values
 * repeat about ten times looks from there as if it had far fewer of them: at 10,000,000 people it
 * estimated 109,294 companies for 938,727 (31,627 for about 94,000 at 1,000,000), so PostgreSQL
 * reckoned 91 people a company instead of 10 and priced every probe of a company's people nine times
 * too high. It then read all 8 GB of people rows for the 200,000 people of 19,942 companies (past the
 * 10 s search timeout) instead of probing each company (0.8 s), and walked millions of index entries
 * for the people of a list of companies. Counted from `people_company_rank_idx` (an index-only scan:
 * 5 s at 10,000,000 people); ANALYZE must follow for the planner to see it. Answers the share set,
 * or null when no person has a company (the estimate is left to ANALYZE then).
 *
 * It also keeps ANALYZE's list of the most common companies short (COMPANY_ID_STATISTICS): a search
 * passes the companies of a keyword phrase as a list of ids (17,000 to 20,000 for a common phrase at
 * 100,000 companies), and PostgreSQL estimates `company_id = ANY(list)` by looking each id up in that
 * list, 100 comparisons an id by default: 130-150 ms of planning for every statement of the search,
 * 24-32 ms with 10. The n_distinct set here prices the other companies.
 */
export async function pinPeopleCompanyShare(client: Client, table = 'public.people'): Promise<number | null> {
  const [{ companies, people }] = (
    await client.query(
      `SELECT count(company_id)::float8 AS companies, COALESCE(sum(n), 0)::float8 AS people
         FROM (SELECT company_id, count(*) AS n FROM ${table} GROUP BY company_id) g`,
    )
  ).rows;
  const share = companyShare(Number(companies), Number(people));
  await client.query(
    `ALTER TABLE ${table} ALTER COLUMN company_id SET STATISTICS ${COMPANY_ID_STATISTICS}, ` +
      (share === null
        ? `ALTER COLUMN company_id RESET (n_distinct)`
        : `ALTER COLUMN company_id SET (n_distinct = ${-share})`),
  );
  return share;
}

/** Companies as a share of the people rows, in (0, 1]; null when there is none of either. */
export function companyShare(companies: number, people: number): number | null {
  if (!(companies > 0) || !(people > 0)) return null;
  return Math.min(1, companies / people);
}
