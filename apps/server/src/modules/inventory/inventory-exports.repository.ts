import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { companyRowById } from '../../db/company-rows.js';
import { parseRows } from '../../db/rows.js';
import { exportJobs } from '../../db/schema/index.js';

/** The inventory CSV files: their rows, read in keyset chunks, and their export jobs. */

/* ------------------------------------------------------------------ CSV rows */

const csvRow = z.object({
  item_id: z.coerce.number(),
  epc: z.string(),
  gtin: z.string().nullable(),
  description: z.string().nullable(),
  model: z.string().nullable(),
  colour: z.string().nullable(),
  size_primary: z.string().nullable(),
  is_expected: z.boolean(),
  read_at: z.union([z.date(), z.string()]).nullable(),
});
export type CsvRow = z.infer<typeof csvRow>;

/** A keyset chunk of every item of an inventory (expected or read), after `afterItemId`. */
export const csvChunk = async (
  db: DbOrTx,
  { inventoryId, afterItemId, limit }: { inventoryId: number; afterItemId: number; limit: number },
) => {
  const result = await db.execute(sql`
    select k.item_id, i.epc, i.gtin, it.description, it.model, it.colour, it.size_primary,
      exists (select 1 from inventory_expected_items e where e.inventory_id = ${inventoryId}::int and e.item_id = k.item_id) as is_expected,
      (select r.read_at from inventory_read_items r where r.inventory_id = ${inventoryId}::int and r.item_id = k.item_id) as read_at
    from (
      (select item_id from inventory_expected_items where inventory_id = ${inventoryId}::int and item_id > ${afterItemId}::bigint
       order by item_id limit ${limit})
      union
      (select item_id from inventory_read_items where inventory_id = ${inventoryId}::int and item_id > ${afterItemId}::bigint
       order by item_id limit ${limit})
    ) k
    join items i on i.id = k.item_id
    left join item_types it on it.id = i.item_type_id
    order by k.item_id
    limit ${limit}`);
  return parseRows(csvRow, result);
};

/* ------------------------------------------------------------------ export jobs */

export const insertExportJob = async (
  db: DbOrTx,
  job: { id: string; companyId: number; userId: number; refId: number; fileName: string },
): Promise<void> => {
  await db.insert(exportJobs).values({ ...job, kind: 'inventory-csv', progress: 0 });
};

export const updateExportJob = async (
  db: DbOrTx,
  id: string,
  patch: { progress?: number; content?: string; error?: string },
): Promise<void> => {
  await db.update(exportJobs).set(patch).where(eq(exportJobs.id, id));
};

/** Progress of a file being built: it never goes back (a build restarted by another process climbs to it again). */
export const raiseExportProgress = async (db: DbOrTx, id: string, progress: number): Promise<void> => {
  await db
    .update(exportJobs)
    .set({ progress: sql`greatest(${exportJobs.progress}, ${progress}::int)` })
    .where(eq(exportJobs.id, id));
};

export const getExportJob = async (db: DbOrTx, { id, companyId }: { id: string; companyId: number }) => {
  const query = db
    .select({
      id: exportJobs.id,
      refId: exportJobs.refId,
      kind: exportJobs.kind,
      progress: exportJobs.progress,
      fileName: exportJobs.fileName,
      error: exportJobs.error,
    })
    .from(exportJobs)
    .$dynamic();
  return companyRowById(query, exportJobs, { companyId, id });
};

/** The CSV jobs of one inventory of a company. */
const csvJobsOf = ({ companyId, inventoryId }: { companyId: number; inventoryId: number }) => [
  eq(exportJobs.companyId, companyId),
  eq(exportJobs.kind, 'inventory-csv'),
  eq(exportJobs.refId, inventoryId),
];

/**
 * Drops an inventory's older CSV jobs once a newer one is finished: finished or failed ones created before `before`.
 * The newest file stays for the download; a job still running (someone else's poll) is never dropped.
 */
export const pruneExportJobs = async (
  db: DbOrTx,
  { companyId, inventoryId, keepId, before }: { companyId: number; inventoryId: number; keepId: string; before: Date },
): Promise<void> => {
  await db
    .delete(exportJobs)
    .where(
      and(
        ...csvJobsOf({ companyId, inventoryId }),
        sql`${exportJobs.id} <> ${keepId}`,
        sql`(${exportJobs.progress} = 100 or ${exportJobs.error} is not null)`,
        sql`${exportJobs.createdAt} < ${before.toISOString()}`,
      ),
    );
};

/** The newest finished CSV of an inventory (its content and name). */
export const latestFinishedCsv = async (db: DbOrTx, { inventoryId, companyId }: { inventoryId: number; companyId: number }) => {
  const [row] = await db
    .select({ fileName: exportJobs.fileName, content: exportJobs.content })
    .from(exportJobs)
    .where(and(...csvJobsOf({ companyId, inventoryId }), eq(exportJobs.progress, 100), sql`${exportJobs.content} is not null`))
    .orderBy(desc(exportJobs.createdAt))
    .limit(1);
  return row;
};
