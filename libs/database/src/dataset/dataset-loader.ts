import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { PoolClient } from 'pg';
import type { DataSource, QueryRunner } from 'typeorm';
import type { CompanyInput, PersonInput } from '@app/domain/records/record-types';
import { refreshCompanySortCopies } from '../people/company-sort-copies';
import { pinPeopleCompanyShare } from '../people/company-share';
import { rebuildPeopleWalkIndexes } from '../people/walk-indexes';
import { refreshSuggestions } from '../suggestions/refresh-suggestions';
import { copyInto, CopyBuffer } from './copy-buffer';
import {
  COMPANY_COLUMNS,
  companyCopyLine,
  EMAIL_COLUMNS,
  PEOPLE_COLUMNS,
  personCopyLines,
  POSITION_COLUMNS,
} from './dataset-rows';

/**
 * Producers (JSON parsing, generation) are synchronous; every this many rows the loader yields to
 * the event loop so the COPY streams of batches in flight keep moving meanwhile.
 */
const YIELD_EVERY = 256;

interface Batch {
  kind: 'companies' | 'people';
  rows: number;
  main: Buffer[];
  positions: Buffer[];
  emails: Buffer[];
}

interface Lane {
  runner: QueryRunner;
  client: PoolClient;
  busy: Promise<void>;
}

const list = (columns: readonly string[]) => columns.join(', ');
const updates = (columns: readonly string[]) =>
  columns
    .filter((c) => c !== 'id')
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', ');

const UPSERT_COMPANIES = `
  INSERT INTO companies (${list(COMPANY_COLUMNS)}) SELECT ${list(COMPANY_COLUMNS)} FROM stage_companies
  ON CONFLICT (id) DO UPDATE SET ${updates(COMPANY_COLUMNS)}, updated_at = now()`;

// xmax <> 0 marks a row that existed before (the upsert updated it): only those have old positions and emails.
// The headcount copy is taken here (companies usually load first), so that the refresh at the end
// rewrites only the people whose company changed or arrived later, never the whole table.
const UPSERT_PEOPLE = `
  WITH upserted AS (
    INSERT INTO people (${list(PEOPLE_COLUMNS)}, company_employee_count)
    SELECT ${list(PEOPLE_COLUMNS.map((c) => `s.${c}`))}, (SELECT c.employee_count FROM companies c WHERE c.id = s.company_id) FROM stage_people s
    ON CONFLICT (id) DO UPDATE SET ${updates(PEOPLE_COLUMNS)}, company_employee_count = EXCLUDED.company_employee_count, updated_at = now()
    RETURNING xmax <> 0 AS existed)
  SELECT count(*) FILTER (WHERE existed)::int AS existed FROM upserted`;

/**
 * Bulk loader shared by `dataset:import` and `dataset:generate`: records are encoded as COPY text
 * into batches; each batch is COPied into session temp tables and merged with INSERT … ON CONFLICT
 * (upsert by id; a person's positions and emails are replaced). Two connections take turns, so
 * PostgreSQL merges one batch while this process encodes the next; at most two batches are in
 * flight, which bounds memory.
 */
export class DatasetLoader {
  private lanes: Lane[] = [];
  private turn = 0;
  private companies = this.emptyBuffers();
  private people = this.emptyBuffers();
  private companyRows = 0;
  private peopleRows = 0;
  /** People records sent to the database by this load (new or replaced). */
  private peopleWritten = 0;

  private constructor(private readonly batchSize: number) {}

  /** Opens `connections` sessions with their staging tables. */
  static async open(
    db: DataSource,
    options: { connections?: number; batchSize?: number } = {},
  ): Promise<DatasetLoader> {
    const loader = new DatasetLoader(options.batchSize ?? 20_000);
    for (let i = 0; i < (options.connections ?? 2); i++) {
      const runner = db.createQueryRunner();
      const client = (await runner.connect()) as PoolClient;
      // A load's statements (upserts of a whole batch, VACUUM, the suggestions rebuild) and its open
      // transactions legitimately outlast the pool's DB_* limits, which are for requests and jobs.
      await client.query(`
        SET synchronous_commit = off;
        SET statement_timeout = 0;
        SET lock_timeout = 0;
        SET idle_in_transaction_session_timeout = 0;
        CREATE TEMP TABLE stage_companies (LIKE companies INCLUDING DEFAULTS);
        CREATE TEMP TABLE stage_people (LIKE people INCLUDING DEFAULTS);
        CREATE TEMP TABLE stage_positions (LIKE positions INCLUDING DEFAULTS);
        CREATE TEMP TABLE stage_emails (LIKE person_emails INCLUDING DEFAULTS);`);
      loader.lanes.push({ runner, client, busy: Promise.resolve() });
    }
    return loader;
  }

  private emptyBuffers() {
    return { main: new CopyBuffer(), positions: new CopyBuffer(), emails: new CopyBuffer() };
  }

  async addCompany(company: CompanyInput): Promise<void> {
    this.companies.main.add(companyCopyLine(company));
    if (++this.companyRows >= this.batchSize) await this.flushCompanies();
    else if (this.companyRows % YIELD_EVERY === 0) await yieldToEventLoop();
  }

  async addPerson(person: PersonInput): Promise<void> {
    const lines = personCopyLines(person);
    this.people.main.add(lines.person);
    this.people.positions.add(lines.positions);
    this.people.emails.add(lines.emails);
    if (++this.peopleRows >= this.batchSize) await this.flushPeople();
    else if (this.peopleRows % YIELD_EVERY === 0) await yieldToEventLoop();
  }

  private async flushCompanies(): Promise<void> {
    if (this.companyRows === 0) return;
    const batch: Batch = {
      kind: 'companies',
      rows: this.companyRows,
      main: this.companies.main.drain(),
      positions: [],
      emails: [],
    };
    this.companyRows = 0;
    await this.dispatch(batch);
  }

  private async flushPeople(): Promise<void> {
    if (this.peopleRows === 0) return;
    const batch: Batch = {
      kind: 'people',
      rows: this.peopleRows,
      main: this.people.main.drain(),
      positions: this.people.positions.drain(),
      emails: this.people.emails.drain(),
    };
    this.peopleWritten += this.peopleRows;
    this.peopleRows = 0;
    await this.dispatch(batch);
  }

  /** Waits for the next lane to finish its previous batch, then starts this one on it without waiting. */
  private async dispatch(batch: Batch): Promise<void> {
    const lane = this.lanes[this.turn++ % this.lanes.length];
    await lane.busy;
    lane.busy = this.merge(lane.client, batch);
    // Surface a failure at the next dispatch or at finish(); avoid an unhandled rejection meanwhile.
    lane.busy.catch(() => undefined);
  }

  private async merge(client: PoolClient, batch: Batch): Promise<void> {
    await client.query('BEGIN');
    try {
      if (batch.kind === 'companies') {
        await copyInto(client, 'stage_companies', COMPANY_COLUMNS, batch.main);
        await client.query(UPSERT_COMPANIES);
        await client.query('TRUNCATE stage_companies');
      } else {
        await copyInto(client, 'stage_people', PEOPLE_COLUMNS, batch.main);
        await copyInto(client, 'stage_positions', POSITION_COLUMNS, batch.positions);
        await copyInto(client, 'stage_emails', EMAIL_COLUMNS, batch.emails);
        const { rows } = await client.query(UPSERT_PEOPLE);
        if (rows[0].existed > 0) {
          await client.query(`ANALYZE stage_people`);
          await client.query(`DELETE FROM positions WHERE person_id IN (SELECT id FROM stage_people)`);
          await client.query(`DELETE FROM person_emails WHERE person_id IN (SELECT id FROM stage_people)`);
        }
        await client.query(
          `INSERT INTO positions (${list(POSITION_COLUMNS)}) SELECT ${list(POSITION_COLUMNS)} FROM stage_positions`,
        );
        await client.query(
          `INSERT INTO person_emails (${list(EMAIL_COLUMNS)}) SELECT ${list(EMAIL_COLUMNS)} FROM stage_emails`,
        );
        await client.query('TRUNCATE stage_people, stage_positions, stage_emails');
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** Loads what is still buffered, waits for every batch, and releases the connections. */
  async finish(): Promise<void> {
    try {
      await this.flushCompanies();
      await this.flushPeople();
      await Promise.all(this.lanes.map((l) => l.busy));
      if (this.lanes.length > 0) {
        // Before VACUUM, so the rows it rewrites are all-visible again for index-only walks.
        await refreshCompanySortCopies(this.lanes[0].client);
        await rebuildPeopleWalkIndexes(this.lanes[0].client, this.peopleWritten);
        // Fresh statistics so the planner sees the new data at once, and a visibility map so search
        // counts are index-only scans (10x faster) now rather than after autovacuum gets round to it.
        // Companies among the people rows change only when people do.
        if (this.peopleWritten > 0) await pinPeopleCompanyShare(this.lanes[0].client);
        await this.lanes[0].client.query('VACUUM (ANALYZE) companies, people, positions, person_emails');
        // People search caches counts per data set version: a load makes them stale.
        await this.lanes[0].client.query(`UPDATE dataset_state SET version = version + 1, loaded_at = now()`);
      }
      // POST /v2/search/suggest offers what is loaded now (a few seconds for a million people).
      if (this.lanes.length > 0) await refreshSuggestions(this.lanes[0].client);
    } finally {
      await this.close();
    }
  }

  /** Releases the connections; batches not yet merged are lost (used after a failure). */
  async close(): Promise<void> {
    const lanes = this.lanes.splice(0);
    await Promise.all(lanes.map((l) => l.busy.catch(() => undefined)));
    for (const lane of lanes) {
      await lane.client.query('DISCARD TEMP').catch(() => undefined);
      await lane.runner.release();
    }
  }
}
