import { Client } from 'pg';

export interface PgListenerEvents {
  onNotify(channel: string, payload: string): void;
  /** Called after every (re)connect: notifications sent while we were away are lost, so sweep. */
  onConnect(): void;
  onError(error: Error): void;
}

/**
 * LISTENs on PostgreSQL channels over a dedicated connection (a pooled one would lose its
 * LISTEN when handed back) and reconnects with a short backoff when the connection drops.
 */
export class PgListener {
  private client?: Client;
  private stopped = false;
  private retryTimer?: NodeJS.Timeout;
  private backoffMs = 250;

  constructor(
    private readonly databaseUrl: string,
    private readonly channels: string[],
    private readonly events: PgListenerEvents,
  ) {}

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.databaseUrl,
      application_name: 'worker-listen',
      keepAlive: true,
    });
    this.client = client;
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners();
      client.on('error', () => undefined);
      client.end().catch(() => undefined);
      if (error) this.events.onError(error);
      this.scheduleReconnect();
    };
    client.on('error', (error) => lost(error));
    client.on('end', () => lost(new Error('LISTEN connection ended')));
    client.on('notification', (msg) => this.events.onNotify(msg.channel, msg.payload ?? ''));
    try {
      await client.connect();
      for (const channel of this.channels) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      this.backoffMs = 250;
      this.events.onConnect();
    } catch (error) {
      lost(error as Error);
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), this.backoffMs);
    this.backoffMs = Math.min(this.backoffMs * 2, 5000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
