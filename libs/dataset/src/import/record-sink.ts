import type { CompanyInput, PersonInput } from '@app/domain/records/record-types';

/**
 * Where `dataset:import` and `dataset:generate` send records: the load of libs/database (`openDatasetLoad`: a
 * replacing load or an upsert), opened by the caller, so this library reads and makes records without knowing
 * the database.
 */
export interface RecordSink {
  addCompany(company: CompanyInput): Promise<void>;
  addPerson(person: PersonInput): Promise<void>;
  /** Writes what is still buffered and completes the load. */
  finish(): Promise<void>;
  /** Releases the sink; what was not finished is lost (used after a failure). */
  close(): Promise<void>;
}

/** Opens a sink when a load starts. */
export type OpenRecordSink = () => Promise<RecordSink>;
