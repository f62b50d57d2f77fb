import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { rowsOf } from '../../db/rows.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

/**
 * GET /api/backup/: a hot backup of the embedded database taken by the server's own PGlite. It takes the server's
 * backup key, not a user's token (a backup holds every company's data); on PostgreSQL it sends to npm run backup.
 */
const KEY = 'a-backup-key-of-the-tests-0123456789';
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The tar's entries by name. */
const entriesOf = async (body: Buffer): Promise<Map<string, Buffer<ArrayBuffer>>> => {
  const entries = new Map<string, Buffer<ArrayBuffer>>();
  const extract = tar.extract();
  const reading = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.set(entry.header.name, Buffer.concat(chunks));
    }
  })();
  extract.end(body);
  await reading;
  return entries;
};

/** Every table's rows, with the test's own SQL. */
const countsSql = `select table_schema || '.' || table_name as name from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`;

describe('GET /api/backup/', () => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ options: { config: { ...loadConfig(), backupKey: KEY } } });
    off = await buildTestApp({ options: { config: { ...loadConfig(), backupKey: undefined } } });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  const backup = (app: TestApp, authorization?: string) =>
    app.app.inject({ method: 'GET', url: '/api/backup/', headers: authorization ? { authorization } : {} });

  it('refuses a call without the key, with another key and with a company admin’s token, in the caller’s language', async () => {
    for (const authorization of [undefined, `Backup ${KEY}x`, 'Backup ', `Token ${await t.login('admin@demo.local')}`, KEY]) {
      const response = await backup(t, authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toMatchObject({ code: 'backup.bad_key' });
    }
    const spanish = await t.app.inject({ method: 'GET', url: '/api/backup/', headers: { 'accept-language': 'es' } });
    expect(spanish.json().message).toBe(
      'Una copia de seguridad necesita la clave de copia del servidor: Authorization: Backup <clave>.',
    );
  });

  it('is off on a server without a key', async () => {
    const response = await backup(off, `Backup ${KEY}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'backup.off' });
  });

  it.runIf(isPostgres)('on PostgreSQL, sends to npm run backup (pg_dump)', async () => {
    const response = await backup(t, `Backup ${KEY}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'backup.use_pg_dump' });
  });

  it.runIf(!isPostgres)(
    'answers a backup file whose data folder opens with every table’s rows of the database',
    async () => {
      const { db } = t.database;
      const tables = rowsOf<{ name: string }>(await db.execute(countsSql)).map((row) => row.name);
      const expected: Record<string, number> = {};
      for (const name of tables) {
        const [schema, table] = name.split('.');
        expected[name] = Number(
          rowsOf<{ n: number }>(await db.execute(`select count(*)::int as n from "${schema}"."${table}"`))[0]?.n,
        );
      }
      const response = await backup(t, `Backup ${KEY}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/x-tar');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="rfid-backup-pglite-\d{8}T\d{6}Z-\d{4}_\w+\.tar"$/,
      );
      const entries = await entriesOf(response.rawPayload);
      expect([...entries.keys()]).toEqual(['manifest.json', 'pgdata.tar.gz']);
      const manifest = JSON.parse(entries.get('manifest.json')?.toString() ?? '{}');
      expect(manifest).toMatchObject({ kind: 'pglite', method: 'pglite-server', tables: expected });

      const restored = new PGlite({
        extensions: { pg_trgm },
        loadDataDir: new Blob([entries.get('pgdata.tar.gz') ?? Buffer.alloc(0)]),
      });
      try {
        for (const name of tables) {
          const [schema, table] = name.split('.');
          const result = await restored.query<{ n: number }>(`select count(*)::int as n from "${schema}"."${table}"`);
          expect(result.rows[0]?.n, name).toBe(expected[name]);
        }
        expect(expected['public.users']).toBeGreaterThan(0);
      } finally {
        await restored.close();
      }
    },
    120_000,
  );

  it.runIf(!isPostgres)(
    'takes one backup at a time',
    async () => {
      const statuses = (await Promise.all([backup(t, `Backup ${KEY}`), backup(t, `Backup ${KEY}`)])).map((r) => r.statusCode);
      expect(statuses.sort()).toEqual([200, 409]);
    },
    120_000,
  );
});
