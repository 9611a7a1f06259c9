import {
  addForeignKeyNotValid,
  dropForeignKey,
  nextConstraintStatement,
  nextIndexDefinition,
  nextName,
  switchRenames,
  validateForeignKey,
} from './next-tables';

describe('replacing load DDL', () => {
  it('rewrites an index definition to build the same index on the _next table under a _next name', () => {
    expect(
      nextIndexDefinition(
        'CREATE INDEX people_followers_idx ON public.people USING btree (followers DESC, id) INCLUDE (company_id, seniority)',
        'people',
      ),
    ).toBe(
      'CREATE INDEX people_followers_idx_next ON public.people_next USING btree (followers DESC, id) INCLUDE (company_id, seniority)',
    );
    expect(nextIndexDefinition('CREATE UNIQUE INDEX people_pkey ON public.people USING btree (id)', 'people')).toBe(
      'CREATE UNIQUE INDEX people_pkey_next ON public.people_next USING btree (id)',
    );
    // Expressions, partial predicates and operator classes are kept as PostgreSQL printed them, even when they name the table.
    expect(
      nextIndexDefinition(
        `CREATE INDEX people_valid_email_idx ON public.people USING btree (id) WHERE (best_email_status = 'valid'::text)`,
        'people',
      ),
    ).toBe(
      `CREATE INDEX people_valid_email_idx_next ON public.people_next USING btree (id) WHERE (best_email_status = 'valid'::text)`,
    );
    expect(
      nextIndexDefinition(
        'CREATE INDEX companies_name_trgm_idx ON public.companies USING gin (lower(name) gin_trgm_ops)',
        'companies',
      ),
    ).toBe('CREATE INDEX companies_name_trgm_idx_next ON public.companies_next USING gin (lower(name) gin_trgm_ops)');
  });

  it('refuses a definition of another table or one it cannot read', () => {
    expect(() => nextIndexDefinition('CREATE INDEX x ON public.companies USING btree (id)', 'people')).toThrow(
      'index x is on public.companies, not on people',
    );
    expect(() => nextIndexDefinition('CREATE INDEX x', 'people')).toThrow('unexpected index definition');
  });

  it('refuses a built name PostgreSQL would truncate (the switch could not rename it back)', () => {
    expect(nextName('people')).toBe('people_next');
    expect(() => nextName('x'.repeat(59))).toThrow('longer than 63 bytes');
  });

  it('primary keys take over their built index; checks come with the table; foreign keys keep their name', () => {
    expect(
      nextConstraintStatement({
        table: 'people',
        name: 'people_pkey',
        type: 'p',
        definition: 'PRIMARY KEY (id)',
        index: 'people_pkey',
      }),
    ).toBe('ALTER TABLE public.people_next ADD CONSTRAINT people_pkey_next PRIMARY KEY USING INDEX people_pkey_next');
    expect(
      nextConstraintStatement({
        table: 'people',
        name: 'people_job_change_check',
        type: 'c',
        definition: 'CHECK (…)',
        index: null,
      }),
    ).toBeNull();
    expect(
      nextConstraintStatement({
        table: 'positions',
        name: 'positions_company_fkey',
        type: 'f',
        definition: 'FOREIGN KEY (company_id) REFERENCES companies(id)',
        index: null,
      }),
    ).toBe(
      'ALTER TABLE public.positions_next ADD CONSTRAINT positions_company_fkey FOREIGN KEY (company_id) REFERENCES companies(id)',
    );
    expect(() =>
      nextConstraintStatement({ table: 'people', name: 'x', type: 'x', definition: 'EXCLUDE …', index: 'x' }),
    ).toThrow('type x is not supported');
  });

  it("re-points other tables' foreign keys: dropped with the old table, added NOT VALID, validated after the commit", () => {
    const fk = {
      table: 'saved_companies',
      name: 'saved_companies_company_id_fkey',
      definition: 'FOREIGN KEY (company_id) REFERENCES companies(id)',
    };
    expect(dropForeignKey(fk)).toBe(
      'ALTER TABLE public.saved_companies DROP CONSTRAINT saved_companies_company_id_fkey',
    );
    expect(addForeignKeyNotValid(fk)).toBe(
      'ALTER TABLE public.saved_companies ADD CONSTRAINT saved_companies_company_id_fkey FOREIGN KEY (company_id) REFERENCES companies(id) NOT VALID',
    );
    expect(validateForeignKey(fk)).toBe(
      'ALTER TABLE public.saved_companies VALIDATE CONSTRAINT saved_companies_company_id_fkey',
    );
  });

  it('moves the live tables and indexes aside to _old names, then gives the new ones (and so their index-backed constraints) the live names', () => {
    expect(switchRenames(['people'], [{ table: 'people', name: 'people_pkey' }])).toEqual([
      'ALTER TABLE public.people RENAME TO people_old',
      'ALTER INDEX public.people_pkey RENAME TO people_pkey_old',
      'ALTER TABLE public.people_next RENAME TO people',
      'ALTER INDEX public.people_pkey_next RENAME TO people_pkey',
    ]);
  });
});
