import { APP_CONFIG, AppConfig } from '@app/config';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import http from 'node:http';
import { workerRegistry } from './metrics-registry';

/** Serves `GET /metrics` (Prometheus text format) on WORKER_METRICS_HOST:WORKER_METRICS_PORT; port 0 turns it off. */
@Injectable()
export class MetricsServerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: http.Server;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    if (this.config.workerMetricsPort === 0) return;
    const server = http.createServer((req, res) => {
      // Every scrape and every stray request is logged with where it came from (the raw objects: the logger's
      // request serializers keep the method, the path with query values redacted, the remote address and the status).
      res.once('finish', () => this.logger.log({ req, res }, 'metrics request'));
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      workerRegistry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': workerRegistry.contentType }).end(text),
        () => res.writeHead(500).end('metrics unavailable'),
      );
    });
    // A busy port must not stop deliveries: metrics are an extra.
    server.on('error', (error) => this.logger.warn(`metrics endpoint not served on port ${this.config.workerMetricsPort}: ${error.message}`));
    const { workerMetricsHost: host, workerMetricsPort: port } = this.config;
    server.listen(port, host, () => this.logger.log(`metrics at http://${host.includes(':') ? `[${host}]` : host}:${port}/metrics`));
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server?.listening) return;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}
