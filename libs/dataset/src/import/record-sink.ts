import type { CompanyInput, PersonInput } from '@app/domain/records/record-types';
import type { PeopleSeed } from '../generate/generator';

/**
 * Where `dataset:import` and `dataset:generate` send records: the load of libs/database (`openDatasetLoad`: a
 * replacing load or an upsert), opened by the caller, so this library reads and makes records without knowing
 * the database.
 */
export interface RecordSink {
  addCompany(company: CompanyInput): Promise<void>;
  addPerson(person: PersonInput): Promise<void>;
  /**
   * When the sink can, it makes `dataset:generate`'s people itself from the generator's seed (the same people
   * `DatasetGenerator.people()` gives, in the same order) instead of taking them one by one; `onRows` counts them as
   * they are written.
   */
  addGeneratedPeople?(seed: PeopleSeed, onRows: (count: number) => void): Promise<void>;
  /**
   * When the sink can, it parses, validates and encodes `dataset:import`'s people lines itself (in worker threads);
   * the reader still reports rejections and keeps the first of duplicate ids.
   */
  parallelPeople?(): ParallelRecords;
  /** Writes what is still buffered and completes the load. */
  finish(): Promise<void>;
  /** Releases the sink; what was not finished is lost (used after a failure). */
  close(): Promise<void>;
}

/** Opens a sink when a load starts. */
export type OpenRecordSink = () => Promise<RecordSink>;

/** A line of an NDJSON file, numbered from 1. */
export interface NumberedLine {
  line: number;
  text: string;
}

/** What a sink's decoder answers for a line: the record's id and the sink's encoding of it, or why it is rejected. */
export type DecodedLine<Row> = { line: number; reason: string } | { line: number; id: string; row: Row };

/** Lines decoded apart from the reading (worker threads), answered in the order they were sent. */
export interface ParallelRecords<Row = unknown> {
  /** How many batches may wait at once to keep every thread busy. */
  readonly depth: number;
  decode(lines: NumberedLine[]): Promise<Array<DecodedLine<Row>>>;
  add(row: Row): Promise<void>;
  stop(): Promise<void>;
}
