import { Injectable, OnModuleInit } from '@nestjs/common';
import { GenericJob } from '../jobs/job-progress';
import { JobReader } from '../jobs/job-reader';
import { JobsService } from '../jobs/jobs.service';
import { JOB_TYPE } from './verification-job.presenter';
import { VerificationsService } from './verifications.service';

/** Makes email verification jobs readable at GET /v2/jobs/{id}. */
@Injectable()
export class VerificationJobReader implements JobReader, OnModuleInit {
  readonly type = JOB_TYPE;

  constructor(
    private readonly jobs: JobsService,
    private readonly verifications: VerificationsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(this);
  }

  read(workspaceId: string, id: string): Promise<GenericJob | null> {
    return this.verifications.readGeneric(workspaceId, id);
  }
}
