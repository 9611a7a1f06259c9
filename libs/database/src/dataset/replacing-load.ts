import { existsSync } from 'node:fs';
import { setTimeout as sleep, setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { PeopleSeed } from '@app/dataset/generate/generator';
import { HexIdSet } from '@app/dataset/import/hex-id-set';
import type { ParallelRecords } from '@app/dataset/import/record-sink';
import type { CompanyInput, PersonInput } from '@app/domain/records/record-types';
import type { DataSource } from 'typeorm';
import { pinPeopleCompanyShare } from '../people/company-share';
import { refreshSuggestions } from '../suggestions/refresh-suggestions';
import { type DatasetSchema, readDatasetSchema, writableColumns } from './dataset-catalog';
import { copyInto, CopyBuffer } from './copy-buffer';
import { copyNumber } from './copy-text';
import {
  COMPANY_COLUMNS,
  companyCopyLine,
  EMAIL_COLUMNS,
  PEOPLE_COLUMNS_WITH_HEADCOUNT,
  personCopyLines,
  type PersonCopyLines,
  POSITION_COLUMNS,
} from './dataset-rows';
import { generatedPeopleRows } from './generated-people';
import { type EncodedPerson, parallelPeopleLines } from './people-lines';
import { asBuffer } from './thread-pool';
import { closeLoadSession, type LoadSession, openLoadSession } from './load-session';
import {
  addForeignKeyNotValid,
  DATASET_TABLES,
  dropForeignKey,
  nextConstraintStatement,
  nextIndexDefinition,
  nextName,
  oldName,
  switchRenames,
  validateForeignKey,
} from './next-tables';

/** What a replacing load needs from its caller (the dataset commands, docs/cli.md). */
export interface ReplacingLoadOptions {
  batchSize?: number;
  /** `maintenance_work_mem` of each index build (default 1GB). */
  maintenanceWorkMem?: string;
  /** `max_parallel_maintenance_workers` of each index build (default 2). */
  parallelMaintenanceWorkers?: number;
  /** One-line notices for the operator (phase timings). */
  report?: (line: string) => void;
  timings?: boolean;
  /** Test hook: while this file exists, the load waits before its switch (test/operations/dataset-replace). */
  holdFile?: string;
}

const YIELD_EVERY = 256;

/**
 * People and companies of the workspaces' own sets, which a replacement keeps when the new files lack them: saves,
 * list members, exported people and the people of exports not yet written. Searches count these sets without
 * joining `people` (docs/people-search.md): every member must exist.
 */
const KEPT_PEOPLE = `SELECT person_id FROM public.saved_people UNION SELECT person_id FROM public.people_list_members
  UNION SELECT person_id FROM public.exported_people
  UNION SELECT unnest(person_ids) FROM public.people_exports WHERE status IN ('queued', 'running')`;
const KEPT_COMPANIES = `SELECT company_id FROM public.saved_companies UNION SELECT company_id FROM public.company_list_members`;

/** The switch waits for running searches at most this long at a time, below deadlock_timeout (1 s): it gives up, never a search. */
const SWITCH_LOCK_TIMEOUT = '500ms';
const SWITCH_ATTEMPTS = 120;

/** A failure of one phase of the load: the CLI prints it as one line naming the phase. */
export class LoadPhaseError extends Error {
  constructor(
    phase: string,
    cause: unknown,
    /** Whether the new data set had replaced the old one when the phase failed. */
    readonly switched = false,
  ) {
    super(`${phase}: ${(cause as Error)?.message ?? String(cause)}`);
  }
}

/**
 * A load that replaces the data set (docs/dataset.md "Replace or upsert"): records are COPied, with no
 * staging and no upsert, into new unindexed tables `<table>_next` created in the same transaction as the COPY
 * (so COPY FREEZE writes them frozen and all-visible: no VACUUM afterwards, and a killed load leaves no table at
 * all). Then every index and constraint of the live tables is built once, the new tables are analysed, and one
 * short transaction renames the live tables aside and the new ones over them (the old ones are dropped after it). Searches read the old tables until
 * that commit. Three connections share the work: companies on one (its indexes are built while people are still
 * being made: the database has CPU to spare then), people on another, positions and emails on the third.
 */
export class ReplacingLoad {
  private companyLane!: LoadSession;
  private main!: LoadSession;
  private side!: LoadSession;
  private companyBusy: Promise<void> = Promise.resolve();
  /** Companies copied, indexed, analysed and committed (started when the first people arrive). */
  private companiesDone: Promise<void> | null = null;
  private mainBusy: Promise<void> = Promise.resolve();
  private sideBusy: Promise<void> = Promise.resolve();
  private companies = new CopyBuffer();
  private people = { main: new CopyBuffer(), positions: new CopyBuffer(), emails: new CopyBuffer() };
  private companyRows = 0;
  private peopleRows = 0;
  /**
   * Headcount + 1 of each loaded company with one, for the people's sort copy (companies load before people): 16 bytes
   * a company where a Map of the id strings took about 100.
   */
  private headcounts = new HexIdSet();
  private readonly started = Date.now();
  private phaseStarted = Date.now();
  private finished = false;
  private readonly batchSize: number;

  private constructor(
    private readonly db: DataSource,
    private readonly control: LoadSession,
    private readonly schema: DatasetSchema,
    private readonly options: ReplacingLoadOptions,
  ) {
    this.batchSize = options.batchSize ?? 20_000;
  }

  /** `control` holds the load's exclusive lock (open-dataset-load.ts) and runs the switch. */
  static async open(db: DataSource, control: LoadSession, options: ReplacingLoadOptions): Promise<ReplacingLoad> {
    const schema = await readDatasetSchema(control.client);
    const load = new ReplacingLoad(db, control, schema, options);
    try {
      await load.createTables();
    } catch (error) {
      await load.close();
      throw new LoadPhaseError('creating the new tables', error);
    }
    return load;
  }

  private async createTables(): Promise<void> {
    const settings = `SET work_mem = '256MB'; SET maintenance_work_mem = '${this.options.maintenanceWorkMem ?? '1GB'}';
      SET max_parallel_maintenance_workers = ${this.options.parallelMaintenanceWorkers ?? 2};`;
    // The companies' indexes are built beside the making of people, which uses a core already: no parallel workers.
    this.companyLane = await openLoadSession(this.db, `${settings} SET max_parallel_maintenance_workers = 0;`);
    this.main = await openLoadSession(this.db, settings);
    this.side = await openLoadSession(this.db, settings);
    const create = (t: string) =>
      `CREATE TABLE public.${nextName(t)} (LIKE public.${t} INCLUDING ALL EXCLUDING INDEXES)`;
    await this.companyLane.client.query(`BEGIN; ${create('companies')};`);
    await this.main.client.query(`BEGIN; ${create('people')};`);
    await this.side.client.query(`BEGIN; ${create('positions')}; ${create('person_emails')};`);
  }

  async addCompany(company: CompanyInput): Promise<void> {
    this.companies.add(companyCopyLine(company));
    if (company.employee_count !== null) this.headcounts.add(company.id, company.employee_count + 1);
    if (++this.companyRows >= this.batchSize) await this.flushCompanies();
    else if (this.companyRows % YIELD_EVERY === 0) await yieldToEventLoop();
  }

  async addPerson(person: PersonInput): Promise<void> {
    await this.addPersonLines(personCopyLines(person, this.headcountOf));
  }

  private async addPersonLines(lines: Pick<PersonCopyLines, 'person' | 'positions' | 'emails'>): Promise<void> {
    this.people.main.add(lines.person);
    this.people.positions.add(lines.positions);
    this.people.emails.add(lines.emails);
    if (++this.peopleRows >= this.batchSize) await this.flushPeople();
    else if (this.peopleRows % YIELD_EVERY === 0) await yieldToEventLoop();
  }

  /**
   * `dataset:generate`'s people, made in worker threads (`generatedPeopleRows`) rather than passed one by one: the
   * same rows in the same order, with every core making them.
   */
  async addGeneratedPeople(seed: PeopleSeed, onRows: (count: number) => void): Promise<void> {
    this.headcounts = new HexIdSet(); // the threads know the generated companies' headcounts
    for await (const rows of generatedPeopleRows(seed)) {
      this.people.main.addEncoded(asBuffer(rows.person));
      this.people.positions.addEncoded(asBuffer(rows.positions));
      this.people.emails.addEncoded(asBuffer(rows.emails));
      this.peopleRows += rows.count;
      onRows(rows.count);
      if (this.peopleRows >= this.batchSize) await this.flushPeople();
    }
  }

  /** `dataset:import`'s people, parsed and encoded in worker threads; each row gets its company's headcount here. */
  parallelPeople(): ParallelRecords<EncodedPerson> {
    return parallelPeopleLines((row) => {
      const headcount = row.companyId === null ? null : this.headcountOf(row.companyId);
      return this.addPersonLines({ ...row, person: `${row.personWithoutHeadcount}\t${copyNumber(headcount)}\n` });
    });
  }

  private readonly headcountOf = (companyId: string): number | null => {
    const recorded = this.headcounts.get(companyId);
    return recorded === 0 ? null : recorded - 1;
  };

  private async flushCompanies(): Promise<void> {
    if (this.companyRows === 0) return;
    const chunks = this.companies.drain();
    this.companyRows = 0;
    await this.waitFor(this.companyBusy);
    this.companyBusy = this.copy(this.companyLane, [['companies', COMPANY_COLUMNS, chunks]]);
  }

  /** Companies come first: once people arrive, the companies' COPY ends and their indexes are built meanwhile. */
  private async completeCompanies(): Promise<void> {
    if (this.companiesDone) return;
    await this.flushCompanies();
    const done = (async () => {
      await this.companyBusy;
      await this.buildIndexes(['companies'], [this.companyLane]);
      await this.companyLane.client.query('ANALYZE public.companies_next');
      await this.companyLane.client.query('COMMIT');
    })();
    done.catch(() => undefined);
    this.companiesDone = done;
  }

  private async flushPeople(): Promise<void> {
    await this.completeCompanies();
    if (this.peopleRows === 0) return;
    const main = this.people.main.drain();
    const positions = this.people.positions.drain();
    const emails = this.people.emails.drain();
    this.peopleRows = 0;
    await this.waitFor(Promise.all([this.mainBusy, this.sideBusy]));
    this.mainBusy = this.copy(this.main, [['people', PEOPLE_COLUMNS_WITH_HEADCOUNT, main]]);
    this.sideBusy = this.copy(this.side, [
      ['positions', POSITION_COLUMNS, positions],
      ['person_emails', EMAIL_COLUMNS, emails],
    ]);
  }

  /** Time this process spent waiting for COPYs (the rest of the copy phase is making the rows). */
  private waitedMs = 0;

  private async waitFor(work: Promise<unknown>): Promise<void> {
    const started = Date.now();
    try {
      await work;
    } catch (error) {
      throw new LoadPhaseError('copy', error);
    }
    this.waitedMs += Date.now() - started;
  }

  private copy(session: LoadSession, parts: Array<[string, readonly string[], Buffer[]]>): Promise<void> {
    const work = (async () => {
      for (const [table, columns, chunks] of parts)
        await copyInto(session.client, `public.${nextName(table)}`, columns, chunks, 'FREEZE');
    })();
    // Surfaced at the next flush or at finish(); no unhandled rejection meanwhile.
    work.catch(() => undefined);
    return work;
  }

  async finish(): Promise<void> {
    await this.phase('copy', async () => {
      await this.flushPeople();
      await this.waitFor(Promise.all([this.mainBusy, this.sideBusy]));
      await this.companiesDone;
      if (this.options.timings)
        this.options.report?.(`copy waited ${seconds(this.waitedMs)} s for the database, the rest is making rows`);
    });
    await this.phase('carrying over saved people and companies', () => this.carryOver());
    await this.phase('building indexes', async () => {
      await this.buildIndexes(['people', 'positions', 'person_emails'], [this.main, this.side]);
      for (const { table, options } of this.schema.options)
        await this.main.client.query(`ALTER TABLE public.${nextName(table)} SET (${options.join(', ')})`);
    });
    await this.phase('analyzing the new tables', () =>
      Promise.all([
        pinPeopleCompanyShare(this.main.client, 'public.people_next').then(() =>
          this.main.client.query('ANALYZE public.people_next'),
        ),
        this.side.client.query('ANALYZE public.positions_next, public.person_emails_next'),
      ]),
    );
    await this.hold();
    await this.phase('switching to the new tables', () => this.switchTables());
    this.finished = true;
    await this.phase('dropping the old tables', () =>
      this.control.client.query(`DROP TABLE ${DATASET_TABLES.map((t) => `public.${oldName(t)}`).join(', ')}`),
    );
    await this.phase('checking saved companies', async () => {
      for (const fk of this.schema.incoming) await this.control.client.query(validateForeignKey(fk));
    });
    // POST /v2/search/suggest offers what is loaded now (a few seconds for a million people).
    await this.phase('refreshing suggestions', () => refreshSuggestions(this.control.client));
    if (this.options.timings) this.options.report?.(`timing total ${seconds(Date.now() - this.started)} s`);
  }

  /**
   * People and companies that a workspace saved or put in a list stay in the data set when the new files lack them,
   * so saves and lists keep resolving (and `saved_companies`' foreign key holds), as they would after an upsert.
   */
  private async carryOver(): Promise<void> {
    const q = this.main.client;
    const companyColumns = (await writableColumns(q, 'companies')).join(', ');
    await q.query(`
      INSERT INTO public.companies_next (${companyColumns}) SELECT ${companyColumns} FROM public.companies c
       WHERE c.id IN (${KEPT_COMPANIES})
         AND NOT EXISTS (SELECT 1 FROM public.companies_next n WHERE n.id = c.id)`);
    const peopleColumns = (await writableColumns(q, 'people')).filter((c) => c !== 'company_employee_count');
    const { rows } = await q.query(`
      WITH carried AS (
        INSERT INTO public.people_next (${peopleColumns.join(', ')}, company_employee_count)
        SELECT ${peopleColumns.map((c) => `p.${c}`).join(', ')}, c.employee_count
          FROM public.people p LEFT JOIN public.companies_next c ON c.id = p.company_id
         WHERE p.id IN (${KEPT_PEOPLE})
           AND NOT EXISTS (SELECT 1 FROM public.people_next n WHERE n.id = p.id)
        RETURNING id)
      SELECT coalesce(array_agg(id), '{}') AS ids FROM carried`);
    const carried: string[] = rows[0].ids;
    // People whose company the files lack but a save kept: their sort copy is the kept company's headcount.
    await q.query(`
      UPDATE public.people_next p SET company_employee_count = c.employee_count FROM public.companies_next c
       WHERE c.id = p.company_id AND p.company_employee_count IS NULL AND c.employee_count IS NOT NULL
         AND c.id IN (${KEPT_COMPANIES})`);
    await q.query('COMMIT');
    const s = this.side.client;
    if (carried.length > 0) {
      const positions = (await writableColumns(s, 'positions')).join(', ');
      const emails = (await writableColumns(s, 'person_emails')).join(', ');
      await s.query(
        `INSERT INTO public.positions_next (${positions}) SELECT ${positions} FROM public.positions WHERE person_id = ANY ($1)`,
        [carried],
      );
      await s.query(
        `INSERT INTO public.person_emails_next (${emails}) SELECT ${emails} FROM public.person_emails WHERE person_id = ANY ($1)`,
        [carried],
      );
    }
    await s.query('COMMIT');
    if (this.options.timings) this.options.report?.(`carried over ${carried.length} saved, listed or exported people`);
  }

  /**
   * Every index of the live tables, built once on the full new tables, largest first, one at a time per
   * connection, then the constraints that take an index over (primary keys) and the other constraints.
   */
  private async buildIndexes(tables: string[], sessions: LoadSession[]): Promise<void> {
    // Longest first, so that the connections end together: people's indexes, then the smaller tables'.
    const weight = (t: string) => tables.indexOf(t);
    const queue = this.schema.indexes
      .filter((i) => tables.includes(i.table))
      .sort((a, b) => weight(a.table) - weight(b.table) || b.bytes - a.bytes)
      .map((i) => ({ ...i, statement: nextIndexDefinition(i.definition, i.table) }));
    const worker = async (session: LoadSession) => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const started = Date.now();
        try {
          await session.client.query(next.statement);
        } catch (error) {
          queue.length = 0; // the other connection stops after its current index
          throw error;
        }
        if (this.options.timings) this.options.report?.(`timing index ${next.name} ${seconds(Date.now() - started)} s`);
      }
    };
    await Promise.all(sessions.map(worker));
    for (const c of this.schema.constraints.filter((x) => tables.includes(x.table))) {
      const statement = nextConstraintStatement(c);
      if (statement) await sessions[0].client.query(statement);
    }
  }

  /** Test hook: waits while the hold file exists, so a test can search during a load and kill it before the switch. */
  private async hold(): Promise<void> {
    const file = this.options.holdFile;
    if (!file || !existsSync(file)) return;
    this.options.report?.('holding before the switch');
    while (existsSync(file)) await sleep(100);
  }

  /**
   * One short transaction of catalog updates only: the live tables step aside to `_old` names, the new ones take their names (and their indexes and constraints
   * the live names), other tables' foreign keys point at the new tables (checked after the commit), and the data
   * set version moves so that cached search counts are not reused.
   */
  private async switchTables(): Promise<void> {
    const q = this.control.client;
    const tables = DATASET_TABLES.map((t) => `public.${t}`).join(', ');
    const others = [...new Set(this.schema.incoming.map((fk) => `public.${fk.table}`))];
    for (let attempt = 1; ; attempt++) {
      await q.query(`BEGIN; SET LOCAL lock_timeout = '${SWITCH_LOCK_TIMEOUT}'`);
      try {
        // people first: searches start from it, so the lock queue of a search and ours cross the least.
        await q.query(
          `LOCK TABLE public.people, ${tables}${others.map((o) => `, ${o}`).join('')} IN ACCESS EXCLUSIVE MODE`,
        );
        break;
      } catch (error) {
        await q.query('ROLLBACK');
        if ((error as { code?: string }).code !== '55P03' || attempt >= SWITCH_ATTEMPTS) throw error;
      }
    }
    try {
      for (const fk of this.schema.incoming) await q.query(dropForeignKey(fk));
      for (const statement of switchRenames(DATASET_TABLES, this.schema.indexes)) await q.query(statement);
      for (const fk of this.schema.incoming) await q.query(addForeignKeyNotValid(fk));
      await q.query(`UPDATE public.dataset_state SET version = version + 1, loaded_at = now()`);
      await q.query('COMMIT');
    } catch (error) {
      await q.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  private async phase<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw error instanceof LoadPhaseError ? error : new LoadPhaseError(name, error, this.finished);
    } finally {
      if (this.options.timings) this.options.report?.(`timing ${name} ${seconds(Date.now() - this.phaseStarted)} s`);
      this.phaseStarted = Date.now();
    }
  }

  /** Releases the connections; before the switch, the new tables are dropped (the next load drops them otherwise). */
  async close(): Promise<void> {
    const sessions = [this.companyLane, this.main, this.side].filter(Boolean);
    const busy = [this.companyBusy, this.companiesDone, this.mainBusy, this.sideBusy];
    await Promise.all(busy.map((b) => (b ?? Promise.resolve()).catch(() => undefined)));
    for (const s of sessions) await closeLoadSession(s);
    this.companyLane = this.main = this.side = undefined as unknown as LoadSession;
    if (!this.finished) {
      const next = DATASET_TABLES.map((t) => `public.${nextName(t)}`).join(', ');
      await this.control.client.query(`DROP TABLE IF EXISTS ${next}`).catch(() => undefined);
    }
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
