import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { auditAnchor, users } from '../../db/schema/index.js';
import { addForeignCompany, type ForeignCompany, locationIdByCode } from '../../test/admin-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { appendAuditRow, createAuditRepository } from './audit.repository.js';
import { checkAuditChain } from './use-cases/check-audit-chain.js';
import { pruneAudit } from './use-cases/prune-audit.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const CLI = path.join(root, 'apps/server/src/modules/audit/audit-check-cli.ts');

type Entry = { id: number; entity: string; entity_id: string | null; action: string; actor: { kind: string; label: string } };

/**
 * The audit log end to end (issue 29): real API writes are recorded with their fields before and after, secrets never;
 * sign-ins succeed and fail on the record; the list, detail and export are the administrators' of the company only; the
 * table refuses changes (trigger), and a change made behind its back (trigger disabled as the superuser) is caught by the
 * chain check and by `npm run audit:check`'s command, naming the row; the retention keeps the chain checkable.
 */
describe('audit log', () => {
  let t: TestApp;
  let foreign: ForeignCompany;
  let mad: number;
  const db = () => t.database.db;
  const as = async (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.call(method, url, await t.login(who), payload);
  const list = async (query: string, who = 'admin@demo.local') => {
    const r = await as(who, 'GET', `/api/audit/?${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { count: number; results: Entry[] };
  };
  const rawAudit = async (): Promise<string> =>
    JSON.stringify(rowsOf(await db().execute(sql`select * from audit_log order by id`)));

  /** The CLI as `npm run audit:check` runs it, on this test's database (a copy in a folder for the embedded one). */
  const runCli = async (): Promise<{ code: number; out: string }> => {
    const env: Record<string, string> = { ...(process.env as Record<string, string>) };
    let folder: string | undefined;
    if (t.database.kind === 'postgres') {
      const [row] = rowsOf<{ name: string }>(await db().execute(sql`select current_database() as name`));
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${row?.name}`;
      env.DATABASE_URL = url.toString();
    } else {
      folder = await mkdtemp(path.join(tmpdir(), 'audit-check-'));
      const image = await t.database.dumpDataDir?.('none');
      const copy = await openDatabase({ dataDir: path.join(folder, 'data'), ...(image ? { loadDataDir: image } : {}) });
      await copy.close();
      delete env.DATABASE_URL;
      env.DATA_DIR = path.join(folder, 'data');
    }
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', CLI], { env, cwd: root });
      return { code: 0, out: stdout };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
    } finally {
      if (folder) await rm(folder, { recursive: true, force: true });
    }
  };

  beforeAll(async () => {
    t = await buildTestApp();
    foreign = await addForeignCompany(db());
    await db().update(users).set({ role: 1 }).where(eq(users.id, foreign.userId));
    mad = await locationIdByCode(db(), 'T-MAD-01');
  });
  afterAll(async () => {
    await t.close();
  });

  it('records an edit with the fields before and after, by whom and from where', async () => {
    const area = (await as('admin@demo.local', 'GET', `/api/locations/${mad}/areas/`)).json().results[0];
    const r = await t.app.inject({
      method: 'PUT',
      url: `/api/areas/${area.id}/`,
      headers: { authorization: await t.login('admin@demo.local'), 'user-agent': 'audit-test/1.0' },
      payload: { description: 'Trastienda auditada', location_id: mad },
    });
    expect(r.statusCode, r.body).toBe(200);
    const page = await list(`entity=areas&entity_id=${area.id}&action=update`);
    expect(page.count).toBe(1);
    const [entry] = page.results;
    expect(entry?.actor).toEqual({ kind: 'user', id: expect.any(Number), label: 'admin@demo.local' });
    const detail = (await as('admin@demo.local', 'GET', `/api/audit/${entry?.id}/`)).json();
    expect(detail).toMatchObject({
      method: 'PUT',
      route: '/api/areas/:id/',
      path: `/api/areas/${area.id}/`,
      status: 200,
      ip: '127.0.0.1',
      user_agent: 'audit-test/1.0',
      before: { description: area.description, version: area.version },
      after: { description: 'Trastienda auditada', version: area.version + 1 },
    });
  });

  it('records a creation with the new id, and an API key by its name', async () => {
    const created = await as('admin@demo.local', 'POST', '/api/areas/', {
      description: 'Zona nueva',
      stock: 0,
      location_id: mad,
    });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = (await list(`entity=areas&action=create`)).results;
    expect(row).toMatchObject({ entity_id: String(created.json().id), actor: { kind: 'user', label: 'admin@demo.local' } });

    const key = await as('admin@demo.local', 'POST', '/api/api_keys/', { name: 'Caja 3', access: 'write' });
    expect(key.statusCode, key.body).toBe(201);
    const plain = key.json().key as string;
    const viaKey = await t.app.inject({
      method: 'POST',
      url: '/api/erp/stock/',
      headers: { authorization: `Bearer ${plain}` },
      payload: [{ store: 'T-MAD-01', gtin: '4006381333931', quantity: 3 }],
    });
    expect(viaKey.statusCode, viaKey.body).toBeLessThan(300);
    const [byKey] = (await list(`actor=Caja`)).results;
    expect(byKey).toMatchObject({ actor: { kind: 'api_key', label: 'Caja 3' }, entity: 'erp', action: 'action' });
    // The key's plain value was in the creation's answer: the log holds it nowhere.
    const [keyRow] = (await list('entity=api_keys&action=create')).results;
    const keyDetail = (await as('admin@demo.local', 'GET', `/api/audit/${keyRow?.id}/`)).json();
    expect(keyDetail.after.key).toBe('[redacted]');
    expect(await rawAudit()).not.toContain(plain);
  });

  it('records sign-ins that succeed and fail, never the password; refused writes are not recorded', async () => {
    const bad = await t.signIn('viewer@demo.local', 'wrong-Secret-42');
    expect(bad.statusCode).toBe(400);
    const good = await t.signIn('viewer@demo.local');
    expect(good.statusCode).toBe(200);
    const sessions = (await list('entity=session&actor=viewer@')).results;
    expect(sessions.map((s) => s.action).slice(0, 2)).toEqual(['create', 'action']);
    const raw = await rawAudit();
    expect(raw).not.toContain('wrong-Secret-42');
    expect(raw).not.toContain(good.json().token);

    await t.login('viewer@demo.local');
    const before = (await list('')).count;
    const refused = await as('viewer@demo.local', 'POST', '/api/areas/', { description: 'No', stock: 0, location_id: mad });
    expect(refused.statusCode).toBe(403);
    // The refused call and the list reads add nothing.
    expect((await list('')).count).toBe(before);
  });

  it('is for administrators of the company only, filtered, and exported as CSV and Excel', async () => {
    expect((await as('editor@demo.local', 'GET', '/api/audit/')).statusCode).toBe(403);
    expect((await as('viewer@demo.local', 'GET', '/api/audit/export/')).statusCode).toBe(403);
    const brand = await list('', 'brand@demo.local');
    expect(brand.count).toBeGreaterThan(0);
    // The foreign company's administrator sees only the foreign company's rows (its own sign-in), none of ours.
    const theirs = await list('', foreign.email);
    expect(theirs.results.every((e) => e.actor.label === foreign.email)).toBe(true);
    const [ours] = (await list('entity=areas')).results;
    expect((await as(foreign.email, 'GET', `/api/audit/${ours?.id}/`)).statusCode).toBe(404);

    const badDate = await as('admin@demo.local', 'GET', '/api/audit/?from=yesterday');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors).toHaveProperty('from');
    expect((await as('admin@demo.local', 'GET', '/api/audit/?action=rename')).statusCode).toBe(400);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`from=2000-01-01&to=2000-01-02`)).count).toBe(0);
    expect((await list(`from=${today}&entity=areas`)).count).toBeGreaterThanOrEqual(2);

    const csv = await as('admin@demo.local', 'GET', '/api/audit/export/?entity=areas&lang=es');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Entidad;Id de entidad;Acción');
    expect(csv.body).toContain('Cambio');
    expect(csv.body).toContain('Trastienda auditada');
    const xlsx = await as('admin@demo.local', 'GET', '/api/audit/export/?format=xlsx&lang=en');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toMatch(/audit-\d{4}-\d{2}-\d{2}\.xlsx/);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the log through normal means', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      db()
        .execute(statement)
        .then(
          () => 'done',
          (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
        );
    const count = async () => rowsOf(await db().execute(sql`select id from audit_log`)).length;
    const rows = await count();
    expect(await refusal(sql`update audit_log set after = '{}'::jsonb`)).toMatch(/append-only \(UPDATE refused\)/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only \(DELETE refused\)/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only \(TRUNCATE refused\)/);
    expect(await count()).toBe(rows);
  });

  it('catches a changed row and a removed row: the check names it, the command exits 1', async () => {
    const repo = createAuditRepository(db());
    const intact = await checkAuditChain(repo);
    expect(intact).toMatchObject({ ok: true });
    const total = intact.count;
    expect(total).toBeGreaterThanOrEqual(6);

    const ids = rowsOf<{ id: string | number }>(await db().execute(sql`select id from audit_log order by id`)).map((r) =>
      Number(r.id),
    );
    const changed = ids[2] as number;
    const [original] = rowsOf<{ after: string }>(
      await db().execute(sql`select after::text as after from audit_log where id = ${changed}`),
    );
    await db().execute(sql`alter table audit_log disable trigger audit_log_no_update`);
    try {
      await db().execute(sql`update audit_log set after = '{"description":"nothing happened"}'::jsonb where id = ${changed}`);
      expect(await checkAuditChain(repo)).toEqual({ ok: false, count: 3, broken: { id: changed, reason: 'hash' } });
      const tampered = await runCli();
      expect(tampered.code).toBe(1);
      expect(tampered.out).toContain(`BROKEN at row ${changed}`);

      // Put back, the chain holds again; a middle row removed breaks it at the row after.
      await db().execute(sql`update audit_log set after = ${original?.after}::jsonb where id = ${changed}`);
      expect(await checkAuditChain(repo)).toMatchObject({ ok: true, count: total });
      const removed = ids[3] as number;
      await db().execute(sql`delete from audit_log where id = ${removed}`);
      const next = ids[4] as number;
      expect(await checkAuditChain(repo)).toEqual({ ok: false, count: 4, broken: { id: next, reason: 'link' } });
      const cut = await runCli();
      expect(cut.code).toBe(1);
      expect(cut.out).toContain(`BROKEN at row ${next}`);
    } finally {
      await db().execute(sql`alter table audit_log enable trigger audit_log_no_update`);
    }
  }, 180_000);

  it('keeps one chain under concurrent writes from two app processes', async () => {
    // A fresh chain for this test: the retention removes everything before now + 1 day (the rows above included).
    await pruneAudit(createAuditRepository(db()), { retentionDays: 1, now: new Date(Date.now() + 2 * 86_400_000) });
    const config = loadConfig();
    const other: FastifyInstance = await buildApp({ database: t.database, config, loadShedding: { maxEventLoopDelayMs: 0 } });
    await other.ready();
    try {
      const token = await t.login('admin@demo.local');
      const writes = Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? t.app : other).inject({
          method: 'POST',
          url: '/api/areas/',
          headers: { authorization: token },
          payload: { description: `Zona ${i}`, stock: 0, location_id: mad },
        }),
      );
      const answers = await Promise.all(writes);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
      const check = await checkAuditChain(createAuditRepository(db()));
      expect(check).toEqual({ ok: true, count: 12 });
    } finally {
      await other.close();
    }
  });

  it('retention deletes old rows in one transaction and the chain still checks from its anchor', async () => {
    const repo = createAuditRepository(db());
    const now = Date.now();
    const base = {
      companyId: null,
      actorKind: 'system',
      actorId: null,
      actorLabel: 'test',
      apiKeyId: null,
      ip: '',
      userAgent: '',
      method: 'POST',
      route: '/api/x/',
      path: '/api/x/',
      entity: 'x',
      entityId: null,
      action: 'create',
      status: 201,
      before: null,
      after: { n: 1 },
    };
    // Rows "written" 30 days from now, then 40: a retention run at now + 50 days keeping 15 keeps the second ones.
    for (let i = 0; i < 3; i++) await appendAuditRow(db(), { ...base, at: new Date(now + 30 * 86_400_000).toISOString() });
    const keptFirst = await appendAuditRow(db(), { ...base, at: new Date(now + 40 * 86_400_000).toISOString() });
    await appendAuditRow(db(), { ...base, at: new Date(now + 40 * 86_400_000).toISOString() });
    const total = (await checkAuditChain(repo)).count;
    const deleted = await pruneAudit(repo, { retentionDays: 15, now: new Date(now + 50 * 86_400_000) });
    expect(deleted).toBe(total - 2);
    const [anchor] = await db().select().from(auditAnchor);
    expect(anchor?.firstId).toBe(keptFirst);
    expect(await checkAuditChain(repo)).toEqual({ ok: true, count: 2 });
    // The chain goes on after the anchor; 0 days keeps everything.
    await appendAuditRow(db(), { ...base, at: new Date().toISOString() });
    expect(await pruneAudit(repo, { retentionDays: 0, now: new Date(now + 999 * 86_400_000) })).toBe(0);
    expect(await checkAuditChain(repo)).toEqual({ ok: true, count: 3 });
    const cli = await runCli();
    expect(cli.out).toContain('3 rows checked');
    expect(cli.code).toBe(0);
  }, 120_000);
});
