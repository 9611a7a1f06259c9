import { assignRequestId } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { armRequestDeadline } from './request-deadline';

/** REQUEST_TIMEOUT for every request, from before the API key is checked to the last byte of the answer. */
@Injectable()
export class RequestDeadlineMiddleware implements NestMiddleware {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  use(req: Request, res: Response, next: NextFunction): void {
    armRequestDeadline(res, this.config.requestTimeoutMs, assignRequestId(req, res));
    next();
  }
}
