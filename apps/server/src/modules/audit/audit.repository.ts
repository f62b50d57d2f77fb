import { and, asc, desc, eq, gt, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiKeys, auditAnchor, auditLog, companies, users } from '../../db/schema/index.js';
import { containsPattern, pageOf } from '../../db/sql.js';
import type { Counted, PageParams } from '../../http/paging.js';
import { AUDIT_CHAIN_LOCK_KEY, type AuditContent, auditHash, type ChainRow, GENESIS_HASH } from './audit.chain.js';

/** A row to append: its content without the id (the chain gives it) and without its hashes. */
export type NewAuditRow = Omit<AuditContent, 'id'>;

/** A stored row. */
export type AuditRow = ChainRow;

/** The list's and the export's filters, the dates already read in the company's zone. */
export type AuditFilter = {
  from?: Date;
  /** Exclusive when `toExclusive` (a day's end), else inclusive. */
  to?: { at: Date; inclusive: boolean };
  /** A user or key id (digits), or text the actor's e-mail or key name contains. */
  actor?: string;
  entity?: string;
  entityId?: string;
  action?: string;
};

/** Where the chain starts after the retention removed older rows: the first kept id and the hash it links to. */
export type AuditAnchor = { firstId: number; prevHash: string };

/** The audit log's storage (issue 29). */
export interface AuditRepository {
  /** Appends a row at the end of the one chain (under the chain's advisory lock); its id. */
  append(row: NewAuditRow): Promise<number>;
  list(companyId: number, filter: AuditFilter, page: PageParams): Promise<Counted<AuditRow>>;
  get(companyId: number, id: number): Promise<AuditRow | undefined>;
  /** A company's rows of a filter, newest first, in chunks (the export). */
  chunks(companyId: number, filter: AuditFilter, size?: number): AsyncIterable<readonly AuditRow[]>;
  companyZone(companyId: number): Promise<string>;
}

/** What the hook looks up to name an actor. */
export interface AuditActorsRepository {
  apiKeyName(id: number): Promise<string | undefined>;
  userByEmail(email: string): Promise<{ id: number; companyId: number } | undefined>;
}

/** The whole chain, for the check and the retention. */
export interface AuditChainRepository {
  anchor(): Promise<AuditAnchor | undefined>;
  /** Every row in id order, in chunks. */
  walk(size?: number): AsyncIterable<readonly ChainRow[]>;
  /** Deletes the rows older than `before` (from the chain's start) and moves the anchor; how many were deleted. */
  prune(before: Date): Promise<number>;
}

const ANCHOR_ID = 1;
const lockChain = sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_KEY})`;

const rowColumns = {
  id: auditLog.id,
  companyId: auditLog.companyId,
  at: auditLog.at,
  actorKind: auditLog.actorKind,
  actorId: auditLog.actorId,
  actorLabel: auditLog.actorLabel,
  apiKeyId: auditLog.apiKeyId,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  method: auditLog.method,
  route: auditLog.route,
  path: auditLog.path,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  action: auditLog.action,
  status: auditLog.status,
  before: auditLog.before,
  after: auditLog.after,
  prevHash: auditLog.prevHash,
  hash: auditLog.hash,
};
type SelectedRow = Omit<AuditRow, 'at'> & { at: Date };
const toRow = (row: SelectedRow): AuditRow => ({ ...row, at: row.at.toISOString() });

const filterWhere = (companyId: number, filter: AuditFilter): SQL | undefined => {
  const actor = filter.actor?.trim();
  return and(
    eq(auditLog.companyId, companyId),
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? (filter.to.inclusive ? lte(auditLog.at, filter.to.at) : lt(auditLog.at, filter.to.at)) : undefined,
    actor
      ? /^\d+$/.test(actor)
        ? or(eq(auditLog.actorId, Number(actor)), ilike(auditLog.actorLabel, containsPattern(actor)))
        : ilike(auditLog.actorLabel, containsPattern(actor))
      : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
  );
};

/** Appends one row in its own transaction, at the chain's end (shared by the repository and the seed). */
export const appendAuditRow = async (db: Db, row: NewAuditRow): Promise<number> =>
  db.transaction(async (tx) => {
    await tx.execute(lockChain);
    const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    let prevHash = last?.hash;
    if (prevHash === undefined) {
      const [anchor] = await tx.select({ prevHash: auditAnchor.prevHash }).from(auditAnchor).where(eq(auditAnchor.id, ANCHOR_ID));
      prevHash = anchor?.prevHash ?? GENESIS_HASH;
    }
    const next = await tx.execute(sql`select nextval(pg_get_serial_sequence('audit_log', 'id'))::bigint as id`);
    const id = Number((next as unknown as { rows: { id: string | number }[] }).rows[0]?.id);
    // As the database gives it back: `at` with milliseconds, no undefined (a missing body is null).
    const content: AuditContent = {
      id,
      ...row,
      at: new Date(row.at).toISOString(),
      before: row.before ?? null,
      after: row.after ?? null,
    };
    await tx.insert(auditLog).values({
      ...content,
      at: new Date(row.at),
      prevHash,
      hash: auditHash(prevHash, content),
    });
    return id;
  });

export const createAuditRepository = (db: Db): AuditRepository & AuditActorsRepository & AuditChainRepository => ({
  append: (row) => appendAuditRow(db, row),
  async list(companyId, filter, page) {
    const query = db.select(rowColumns).from(auditLog).where(filterWhere(companyId, filter)).$dynamic();
    const { count, rows } = await pageOf(db, query, [desc(auditLog.id)], page);
    return { count, rows: rows.map(toRow) };
  },
  async get(companyId, id) {
    const [row] = await db
      .select(rowColumns)
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.id, id)));
    return row ? toRow(row) : undefined;
  },
  async *chunks(companyId, filter, size = 1000) {
    let below: number | undefined;
    for (;;) {
      const where = and(filterWhere(companyId, filter), below === undefined ? undefined : lt(auditLog.id, below));
      const rows = await db.select(rowColumns).from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(size);
      if (rows.length === 0) return;
      yield rows.map(toRow);
      below = rows[rows.length - 1]?.id;
      if (rows.length < size) return;
    }
  },
  async companyZone(companyId) {
    const [row] = await db.select({ zone: companies.timeZone }).from(companies).where(eq(companies.id, companyId));
    return row?.zone ?? 'Europe/Madrid';
  },
  async apiKeyName(id) {
    const [row] = await db.select({ name: apiKeys.name }).from(apiKeys).where(eq(apiKeys.id, id));
    return row?.name;
  },
  async userByEmail(email) {
    const [row] = await db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    return row;
  },
  async anchor() {
    const [row] = await db
      .select({ firstId: auditAnchor.firstId, prevHash: auditAnchor.prevHash })
      .from(auditAnchor)
      .where(eq(auditAnchor.id, ANCHOR_ID));
    return row;
  },
  async *walk(size = 2000) {
    let after = 0;
    for (;;) {
      const rows = await db.select(rowColumns).from(auditLog).where(gt(auditLog.id, after)).orderBy(asc(auditLog.id)).limit(size);
      if (rows.length === 0) return;
      yield rows.map(toRow);
      after = rows[rows.length - 1]?.id ?? after;
      if (rows.length < size) return;
    }
  },
  prune: (before) =>
    db.transaction(async (tx) => {
      await tx.execute(lockChain);
      await tx.execute(sql`set local rfid.audit_retention = 'on'`);
      // The chain is cut before the first row that is recent enough; with none, after the last row.
      const [kept] = await tx
        .select({ id: auditLog.id, prevHash: auditLog.prevHash })
        .from(auditLog)
        .where(gte(auditLog.at, before))
        .orderBy(asc(auditLog.id))
        .limit(1);
      let anchor: AuditAnchor;
      if (kept) anchor = { firstId: kept.id, prevHash: kept.prevHash };
      else {
        const [last] = await tx
          .select({ id: auditLog.id, hash: auditLog.hash })
          .from(auditLog)
          .orderBy(desc(auditLog.id))
          .limit(1);
        if (!last) return 0;
        anchor = { firstId: last.id + 1, prevHash: last.hash };
      }
      const deleted = await tx.delete(auditLog).where(lt(auditLog.id, anchor.firstId)).returning({ id: auditLog.id });
      if (deleted.length === 0) return 0;
      await tx
        .insert(auditAnchor)
        .values({ id: ANCHOR_ID, ...anchor, updatedAt: new Date() })
        .onConflictDoUpdate({ target: auditAnchor.id, set: { ...anchor, updatedAt: new Date() } });
      return deleted.length;
    }),
});
