import { GenericJob } from './job-progress';

/**
 * One job type's view for GET /v2/jobs/{id}. Each feature that runs jobs (email verification, the
 * people export) provides one and registers it with JobsService when its module starts.
 */
export interface JobReader {
  readonly type: string;
  /** The job in the generic shape, or null when the workspace has no such job of this type. */
  read(workspaceId: string, id: string): Promise<GenericJob | null>;
  /** Seconds a poller should wait, while the job is active. */
  retryAfter?(job: GenericJob): number | null;
}
