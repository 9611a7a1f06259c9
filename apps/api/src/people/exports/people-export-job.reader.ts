import { Injectable, OnModuleInit } from '@nestjs/common';
import { GenericJob } from '../../jobs/job-progress';
import { JobReader } from '../../jobs/job-reader';
import { JobsService } from '../../jobs/jobs.service';
import { EXPORT_JOB_TYPE } from './people-export.presenter';
import { PeopleExportsService } from './people-exports.service';

/** Makes people exports readable at GET /v2/jobs/{id}. */
@Injectable()
export class PeopleExportJobReader implements JobReader, OnModuleInit {
  readonly type = EXPORT_JOB_TYPE;

  constructor(
    private readonly jobs: JobsService,
    private readonly exports: PeopleExportsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(this);
  }

  read(workspaceId: string, id: string): Promise<GenericJob | null> {
    return this.exports.readGeneric(workspaceId, id);
  }
}
