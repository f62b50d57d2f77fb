import { type AuditContent, auditHash, type ChainRow, GENESIS_HASH } from '../audit.chain.js';
import type { AuditAnchor, AuditChainRepository, AuditFilter, AuditRepository, AuditRow } from '../audit.repository.js';

/** An in-memory audit log: the same chain as the database's (each row's hash over the one before), filters, retention. */
export const fakeAuditRepo = () => {
  const rows: AuditRow[] = [];
  let anchor: AuditAnchor | undefined;
  let nextId = 1;
  const zones: Record<number, string> = { 1: 'Europe/Madrid', 2: 'America/New_York' };
  const filters: AuditFilter[] = [];
  const matches = (companyId: number, f: AuditFilter) => (r: AuditRow) =>
    r.companyId === companyId &&
    (!f.from || new Date(r.at) >= f.from) &&
    (!f.to || (f.to.inclusive ? new Date(r.at) <= f.to.at : new Date(r.at) < f.to.at)) &&
    (!f.actor || r.actorLabel.includes(f.actor) || String(r.actorId) === f.actor) &&
    (!f.entity || r.entity === f.entity) &&
    (!f.entityId || r.entityId === f.entityId) &&
    (!f.action || r.action === f.action);
  const repo: AuditRepository & AuditChainRepository = {
    append: async (row) => {
      const prevHash = rows.at(-1)?.hash ?? anchor?.prevHash ?? GENESIS_HASH;
      const content: AuditContent = { id: nextId++, ...row };
      rows.push({ ...content, prevHash, hash: auditHash(prevHash, content) });
      return content.id;
    },
    list: async (companyId, filter, page) => {
      filters.push(filter);
      const found = rows.filter(matches(companyId, filter)).sort((a, b) => b.id - a.id);
      return { count: found.length, rows: found.slice(page.offset, page.offset + page.limit) };
    },
    get: async (companyId, id) => rows.find((r) => r.companyId === companyId && r.id === id),
    async *chunks(companyId, filter) {
      yield rows.filter(matches(companyId, filter)).sort((a, b) => b.id - a.id);
    },
    companyZone: async (companyId) => zones[companyId] ?? 'UTC',
    anchor: async () => anchor,
    async *walk() {
      yield rows.map((r) => ({ ...r }));
    },
    prune: async (before) => {
      const kept = rows.find((r) => new Date(r.at) >= before);
      const last = rows.at(-1);
      if (!last) return 0;
      const next = kept ? { firstId: kept.id, prevHash: kept.prevHash } : { firstId: last.id + 1, prevHash: last.hash };
      const gone = rows.filter((r) => r.id < next.firstId).length;
      if (gone === 0) return 0;
      rows.splice(0, gone);
      anchor = next;
      return gone;
    },
  };
  return { repo, rows, filters, anchorOf: () => anchor };
};

/** A row's content for the fakes: a user's write in company 1 at `at`. */
export const sampleRow = (over: Partial<Omit<ChainRow, 'id' | 'prevHash' | 'hash'>> = {}) => ({
  companyId: 1,
  at: '2026-11-29T10:00:00.000Z',
  actorKind: 'user',
  actorId: 1,
  actorLabel: 'admin@demo.local',
  apiKeyId: null,
  ip: '10.0.0.1',
  userAgent: 'test',
  method: 'PUT',
  route: '/api/areas/:id/',
  path: '/api/areas/5/',
  entity: 'areas',
  entityId: '5',
  action: 'update',
  status: 200,
  before: { description: 'A' },
  after: { description: 'B' },
  ...over,
});
