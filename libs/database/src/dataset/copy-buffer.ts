import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** COPY data is gathered in buffers of this size. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * COPY text of one batch, encoded to UTF-8 as rows arrive. Keeping bytes in Buffers (outside the
 * JavaScript heap) rather than strings lets each row's strings die young: strings held for a whole
 * batch would be promoted to the old generation and swell the heap between major collections.
 */
export class CopyBuffer {
  private chunks: Buffer[] = [];
  private current = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;

  add(text: string): void {
    // A UTF-16 code unit takes at most 3 UTF-8 bytes.
    if (text.length * 3 > CHUNK_BYTES - this.used) {
      this.rotate();
      if (text.length * 3 > CHUNK_BYTES) {
        this.chunks.push(Buffer.from(text, 'utf8'));
        return;
      }
    }
    this.used += this.current.write(text, this.used, 'utf8');
  }

  /** Rows already encoded elsewhere (a worker thread), kept after what was added before. */
  addEncoded(bytes: Buffer): void {
    this.rotate();
    this.chunks.push(bytes);
  }

  private rotate(): void {
    if (this.used === 0) return;
    this.chunks.push(this.current.subarray(0, this.used));
    this.current = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
  }

  drain(): Buffer[] {
    this.rotate();
    return this.chunks.splice(0);
  }
}

/** COPYs the encoded rows into `table`; `FREEZE` only into a table created in the session's open transaction. */
export async function copyInto(
  client: PoolClient,
  table: string,
  columns: readonly string[],
  chunks: Buffer[],
  mode: 'FREEZE' | '' = '',
): Promise<void> {
  if (chunks.length === 0) return;
  const options = mode === 'FREEZE' ? ' WITH (FREEZE)' : '';
  await pipeline(
    Readable.from(chunks),
    client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN${options}`)),
  );
}
