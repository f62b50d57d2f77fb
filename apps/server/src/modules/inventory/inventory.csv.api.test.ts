import { randomUUID } from 'node:crypto';
import { JobState } from '@rfid/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventories, jobs, users } from '../../db/schema/index.js';
import { seedInventoryDemo } from '../../db/seed/inventory-demo.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { jobRow, waitUntil } from '../../test/job-fixtures.js';
import { CSV_FAILED, INVENTORY_CSV_JOB, inventoryFileName } from './inventory.csv.js';
import { insertExportJob, raiseExportProgress } from './inventory-exports.repository.js';

type Progress = { task_id: string; progress: number; file_name: string; error: string | null };

/**
 * The inventory CSV when the process building it dies: the file's job is taken over by another process (here the
 * app's own runner) once its lease runs out, and the progress moves on to 100; when every attempt died, the poll ends
 * with a clear error instead of a percentage that never moves.
 */
describe('inventory CSV job across processes', () => {
  let t: TestApp;
  let admin: string;
  let companyId: number;
  let inventoryId: number;
  let userId: number;

  const get = (url: string) => t.app.inject({ url, headers: { authorization: admin } });
  const progressOf = async (taskId: string): Promise<Progress> => (await get(`/api/file_creation_progress/${taskId}/`)).json();

  /** A file left half-made by a process that died, its job still "running" under a lease that ran out. */
  const orphanedFile = async ({ attempts, progress }: { attempts: number; progress: number }) => {
    const db = t.database.db;
    const id = randomUUID();
    await insertExportJob(db, { id, companyId, userId, refId: inventoryId, fileName: inventoryFileName(inventoryId) });
    await raiseExportProgress(db, id, progress);
    const [job] = await db
      .insert(jobs)
      .values({
        kind: INVENTORY_CSV_JOB,
        key: `${INVENTORY_CSV_JOB}:${id}`,
        payload: { exportJobId: id, companyId, inventoryId },
        state: JobState.Running,
        attempts,
        maxAttempts: 3,
        leaseOwner: 'dead-process',
        leaseUntil: sql`now() - interval '1 second'`,
        progress,
      })
      .returning({ id: jobs.id });
    return { taskId: id, jobId: job?.id as number };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const [existing] = await db.select({ n: count() }).from(inventories);
    if ((existing?.n ?? 0) === 0) await seedInventoryDemo(db);
    // The demo's biggest inventory (a validated one of CD-MAD).
    const [row] = await db
      .select({ id: inventories.id, companyId: inventories.companyId })
      .from(inventories)
      .orderBy(desc(inventories.readCount))
      .limit(1);
    inventoryId = row?.id as number;
    companyId = row?.companyId as number;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.local'));
    userId = user?.id as number;
    admin = await t.login('admin@demo.local');
  });
  afterAll(async () => t?.close());

  it('a file whose process died at 40 % is made by another process: the progress moves on to 100, never back', async () => {
    const { taskId, jobId } = await orphanedFile({ attempts: 1, progress: 40 });
    const seen: number[] = [];
    const done = await waitUntil(
      async () => {
        const progress = await progressOf(taskId);
        seen.push(progress.progress);
        return progress;
      },
      (p) => p.progress === 100 || p.error !== null,
    );
    expect(done).toMatchObject({ progress: 100, error: null, file_name: inventoryFileName(inventoryId) });
    expect(seen.every((p) => p >= 40)).toBe(true);
    const job = await jobRow(t.database.db, jobId);
    expect(job).toMatchObject({ state: JobState.Done, attempts: 2 });
    expect(job.leaseOwner).not.toBe('dead-process');
    const inventory = (await get(`/api/inventorys/${inventoryId}/`)).json();
    const file = await get(`/api/inventorys/${inventoryId}/csv/`);
    expect(file.statusCode).toBe(200);
    const lines = file.body.trim().split('\n');
    expect(lines).toHaveLength(1 + inventory.theorical_stock + inventory.items - inventory.matched_items);
    expect(inventory.is_file_created).toBe(true);
  });

  it('a file whose every attempt died ends with an error the poll shows', async () => {
    const { taskId, jobId } = await orphanedFile({ attempts: 3, progress: 20 });
    const ended = await waitUntil(
      () => progressOf(taskId),
      (p) => p.error !== null,
    );
    expect(ended).toMatchObject({ progress: 20, error: CSV_FAILED });
    const job = await jobRow(t.database.db, jobId);
    expect(job).toMatchObject({ state: JobState.Failed });
    expect(job.lastError).toContain('dead-process');
  });

  it('a file started through the API is made once, by one process', async () => {
    const taskId: string = (await get(`/api/inventorys/${inventoryId}/start_csv_creation/`)).json().task_id;
    await waitUntil(
      () => progressOf(taskId),
      (p) => p.progress === 100,
    );
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${INVENTORY_CSV_JOB}:${taskId}`));
    expect(job).toMatchObject({ state: JobState.Done, attempts: 1, progress: 100 });
  });
});
