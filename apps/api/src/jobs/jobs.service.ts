import { notFoundError } from '@app/common';
import { Injectable } from '@nestjs/common';
import { GenericJob, retryAfterSeconds } from './job-progress';
import { JobReader } from './job-reader';

/** The registry of job readers: GET /v2/jobs/{id} asks each job type in turn. */
@Injectable()
export class JobsService {
  private readonly readers: JobReader[] = [];

  register(reader: JobReader): void {
    if (!this.readers.some((r) => r.type === reader.type)) this.readers.push(reader);
  }

  /** The workspace's job with this id, whatever its type, and how long a poller should wait. */
  async get(workspaceId: string, id: string): Promise<{ job: GenericJob; retryAfter: number | null }> {
    for (const reader of this.readers) {
      const job = await reader.read(workspaceId, id);
      if (!job) continue;
      const retryAfter = reader.retryAfter
        ? reader.retryAfter(job)
        : retryAfterSeconds({
            status: job.status,
            processed: job.progress.processed,
            total: job.progress.total,
            started_at: job.started_at,
          });
      return { job, retryAfter };
    }
    throw notFoundError('job');
  }
}
