import { assignRequestId } from '@app/common';
import type { NextFunction, Request, Response } from 'express';
import { armRequestDeadline } from './request-deadline';

/** REQUEST_TIMEOUT for every request, from before the API key is checked to the last byte of the answer. */
export function requestDeadline(timeoutMs: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    armRequestDeadline(res, timeoutMs, assignRequestId(req, res));
    next();
  };
}
