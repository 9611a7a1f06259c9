// Baseline of bench/request-path.mjs: a bare node:http handler doing what GET /v2/companies/{id}
// must do at minimum: sha256 of the x-api-key, the api_keys lookup, and the primary-key lookup.
import http from 'node:http';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), '..', 'package.json'));
const pg = require('pg');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

const server = http.createServer(async (req, res) => {
  const send = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  try {
    const m = /^\/v2\/companies\/([0-9a-f]{24})$/.exec(req.url ?? '');
    if (!m) return send(400, { success: false });
    const key = req.headers['x-api-key'];
    if (typeof key !== 'string') return send(401, { success: false });
    const hash = createHash('sha256').update(key, 'utf8').digest('hex');
    const auth = await pool.query(
      `SELECT k.workspace_id FROM api_keys k JOIN members m ON m.id = k.member_id WHERE k.key_hash = $1 AND k.deleted_at IS NULL AND m.removed_at IS NULL`,
      [hash],
    );
    if (auth.rows.length === 0) return send(401, { success: false });
    const { rows } = await pool.query(`SELECT * FROM companies WHERE id = $1`, [m[1]]);
    if (rows.length === 0) return send(404, { success: false });
    send(200, { success: true, data: rows[0], metadata: { timestamp: new Date().toISOString() } });
  } catch (e) {
    send(500, { success: false, error: String(e) });
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare ready'));
// Exit on SIGTERM, so `node --cpu-prof` writes its profile (bench/request-path.mjs --profile).
process.once('SIGTERM', () => process.exit(0));
