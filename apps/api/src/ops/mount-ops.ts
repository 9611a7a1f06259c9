import { errorEnvelope } from '@app/common';
import { Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Application, NextFunction, Request, Response } from 'express';
import { fixedRouteLabel, recordHttpLatency, serveMetrics } from './http-metrics';
import { OpsQueues } from './ops-queues';
import { OPS_QUEUES_PATH } from './ops-paths';
import { opsTokenMatches, presentedOpsToken } from './ops-token';

export { OPS_QUEUES_PATH };

/** 401 in the envelope; the Basic challenge makes a browser show its own password prompt. */
function requireOpsToken(token: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (opsTokenMatches(presentedOpsToken(req.headers.authorization), token)) return next();
    const id = (req as Request & { id?: unknown }).id;
    res
      .status(401)
      .setHeader('WWW-Authenticate', ['Basic realm="pws-ops", charset="UTF-8"', 'Bearer realm="pws-ops"'])
      .setHeader('Cache-Control', 'no-store')
      .json(
        errorEnvelope(
          [{ name: 'UNAUTHORIZED', message: 'the operator token (OPS_TOKEN) is required', payload: {} }],
          typeof id === 'string' ? id : undefined,
        ),
      );
  };
}

const opsLog = new Logger('Ops');

/**
 * One log line per operator request, served or refused: these routes answer before Nest's router (where the
 * request log is written), so they were never logged. Id, method, path (query values redacted), remote
 * address and status; a refusal is a warning. Never a header, so never the token.
 */
function logOpsRequest(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    // The raw objects: the logger's request serializers (requestLogSerializers) keep what is listed above.
    const entry = { req, res, responseTime: Math.round(Number(process.hrtime.bigint() - started) / 1e6) };
    if (res.statusCode === 401)
      opsLog.warn({ ...entry, outcome: 'refused' }, 'operator request refused: no valid OPS_TOKEN');
    else opsLog.log({ ...entry, outcome: res.statusCode < 400 ? 'served' : 'failed' }, 'operator request');
  });
  next();
}

/**
 * With OPS_TOKEN set: request latency recording, `GET /metrics` and the read-only queue dashboard at
 * /ops/queues, both behind the token. Without it nothing is mounted, so both paths answer 404.
 * Call before the app initialises, so the latency middleware runs ahead of every Nest route.
 */
export function mountOps(app: NestExpressApplication): void {
  const { opsToken }: AppConfig = app.get(APP_CONFIG);
  if (!opsToken) return;
  const server = app.getHttpAdapter().getInstance() as Application;
  const guard = requireOpsToken(opsToken);
  server.use(recordHttpLatency);
  server.use(['/metrics', OPS_QUEUES_PATH], logOpsRequest);
  server.get('/metrics', guard, serveMetrics);

  const board = new ExpressAdapter().setBasePath(OPS_QUEUES_PATH);
  // Read-only: the database is the record of deliveries, verifications and exports and the sweepers re-enqueue
  // from it, so retrying or deleting queue entries by hand would only fight them.
  const queues = app.get(OpsQueues).queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: true }));
  createBullBoard({ queues, serverAdapter: board, options: { uiConfig: { boardTitle: 'PWS queues' } } });
  const dashboard = board.getRouter() as Application;
  dashboard.disable('x-powered-by');
  server.use(OPS_QUEUES_PATH, fixedRouteLabel(OPS_QUEUES_PATH), guard, dashboard);
}
