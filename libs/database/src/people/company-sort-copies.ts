type Query = { query(text: string, values?: unknown[]): Promise<unknown> };

/**
 * People carry a copy of their company's headcount (`people.company_employee_count`), so sorting by
 * it walks one index in sort order instead of joining every match to its company and sorting them
 * all. Copies that differ from the company (a load changed the company or the person's company)
 * are rewritten; unchanged rows are not touched.
 */
export async function refreshCompanySortCopies(q: Query): Promise<void> {
  await q.query(`
    UPDATE people p SET company_employee_count = x.employee_count
      FROM (SELECT q.id, c.employee_count FROM people q LEFT JOIN companies c ON c.id = q.company_id) x
     WHERE x.id = p.id AND p.company_employee_count IS DISTINCT FROM x.employee_count`);
}
