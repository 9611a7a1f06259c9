import { ApiError, errorEnvelope, successEnvelope } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import http from 'node:http';
import { workerRegistry } from './metrics-registry';
import { WorkerReadiness } from './worker-readiness.service';

function answerJson(res: http.ServerResponse, status: number, body: unknown): void {
  res
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify(body));
}

/**
 * Serves `GET /metrics` (Prometheus text format) and the probes `GET /health/live` and `GET /health/ready`
 * (docs/operations.md) on WORKER_METRICS_HOST:WORKER_METRICS_PORT; port 0 turns all three off.
 */
@Injectable()
export class MetricsServerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: http.Server;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly readiness: WorkerReadiness,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.workerMetricsPort === 0) return;
    const server = http.createServer((req, res) => {
      // Scrapes and stray requests are logged with where they came from (the logger's request serializers keep the
      // method, the path with query values redacted, the remote address and the status); passing probes are not.
      res.once('finish', () => {
        if (!(res.statusCode === 200 && req.url?.startsWith('/health/')))
          this.logger.log({ req, res }, 'metrics request');
      });
      this.answer(req, res);
    });
    // A busy port must not stop deliveries: metrics are an extra.
    server.on('error', (error) =>
      this.logger.warn(`metrics endpoint not served on port ${this.config.workerMetricsPort}: ${error.message}`),
    );
    const { workerMetricsHost: host, workerMetricsPort: port } = this.config;
    const base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    server.listen(port, host, () =>
      this.logger.log(`metrics at ${base}/metrics, probes at ${base}/health/live and ${base}/health/ready`),
    );
    this.server = server;
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = req.method === 'GET' ? req.url?.split('?')[0] : undefined;
    if (path === '/metrics') {
      workerRegistry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': workerRegistry.contentType }).end(text),
        () => res.writeHead(500).end('metrics unavailable'),
      );
    } else if (path === '/health/live') {
      answerJson(res, 200, successEnvelope({ status: 'ok' }));
    } else if (path === '/health/ready') {
      this.readiness.ready().then(
        (consumers) => answerJson(res, 200, successEnvelope({ status: 'ok', consumers })),
        (error: unknown) => {
          const known =
            error instanceof ApiError
              ? error
              : new ApiError(503, 'UNAVAILABLE', 'readiness could not be checked', { status: 'error', down: [] });
          answerJson(
            res,
            known.status,
            errorEnvelope([{ name: known.errorName, message: known.message, payload: known.payload }]),
          );
        },
      );
    } else {
      res.writeHead(404).end();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server?.listening) return;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}
