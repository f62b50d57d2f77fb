import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';

/**
 * The audit log's hash chain (issue 29, docs/audit.md): one chain for the whole table. Each row stores the hash of the
 * row before it (`prev_hash`; the anchor's or GENESIS for the first) and its own hash, SHA-256 of `prev_hash` followed by
 * the canonical JSON of its content (keys sorted at every depth, no spaces). Changing, removing or reordering a row
 * breaks the chain at that row or the next.
 */
export const GENESIS_HASH = '0'.repeat(64);

/** pg_advisory_xact_lock key every audit insert and the retention take ("rfidaudt"): one writer of the chain at a time. */
export const AUDIT_CHAIN_LOCK_KEY = 0x72666161;

/** What a row's hash covers: every column but prev_hash and hash, `at` as ISO 8601 with milliseconds. */
export type AuditContent = {
  id: number;
  companyId: number | null;
  at: string;
  actorKind: string;
  actorId: number | null;
  actorLabel: string;
  apiKeyId: number | null;
  ip: string;
  userAgent: string;
  method: string;
  route: string;
  path: string;
  entity: string;
  entityId: string | null;
  action: string;
  status: number;
  before: unknown;
  after: unknown;
};

const canonical = configure({ deterministic: true, bigint: false, circularValue: null });

/** The canonical JSON of a row's content: sorted keys, JSON's own number and string forms (what jsonb gives back). */
export const canonicalJson = (content: AuditContent): string => canonical({ ...content }) ?? 'null';

export const auditHash = (prevHash: string, content: AuditContent): string =>
  createHash('sha256').update(prevHash).update(canonicalJson(content)).digest('hex');

/** A stored row as the check reads it. */
export type ChainRow = AuditContent & { prevHash: string; hash: string };

export type ChainBreak = {
  /** The first row whose link or hash is wrong. */
  id: number;
  /** `link`: its prev_hash is not the hash of the row before (a row before it was removed or changed); `hash`: its content changed. */
  reason: 'link' | 'hash';
};

/**
 * Walks rows in id order from the anchor's hash: the first broken row, or null. `rows` may come in chunks (an async
 * iterable of arrays) so that a long log is read in constant memory.
 */
export const findChainBreak = async (
  start: { prevHash: string; firstId: number | null },
  rows: AsyncIterable<readonly ChainRow[]>,
): Promise<{ broken: ChainBreak | null; count: number }> => {
  let prev = start.prevHash;
  let count = 0;
  for await (const chunk of rows) {
    for (const row of chunk) {
      count++;
      if (start.firstId !== null && row.id < start.firstId) return { broken: { id: row.id, reason: 'link' }, count };
      if (row.prevHash !== prev) return { broken: { id: row.id, reason: 'link' }, count };
      const { prevHash: _p, hash, ...content } = row;
      if (auditHash(prev, content) !== hash) return { broken: { id: row.id, reason: 'hash' }, count };
      prev = hash;
    }
  }
  return { broken: null, count };
};
