import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeAuditRepo, sampleRow } from './audit-fixtures.js';
import { checkAuditChain } from './check-audit-chain.js';
import { pruneAudit } from './prune-audit.js';

describe('check the audit chain (use case)', () => {
  it('counts an intact chain, and an empty one', async () => {
    const { repo } = fakeAuditRepo();
    expect(await checkAuditChain(repo)).toEqual({ ok: true, count: 0 });
    for (let i = 0; i < 4; i++) await repo.append(sampleRow({ entityId: String(i) }));
    expect(await checkAuditChain(repo)).toEqual({ ok: true, count: 4 });
  });

  it('hashes what the docs say: SHA-256 of the previous hash and the sorted-key JSON of the row', async () => {
    const { repo, rows } = fakeAuditRepo();
    await repo.append(sampleRow());
    const { prevHash, hash, ...content } = rows[0] as (typeof rows)[number];
    // Written out by hand: keys in alphabetical order at every depth, no spaces.
    const json =
      `{"action":"update","actorId":1,"actorKind":"user","actorLabel":"admin@demo.local","after":{"description":"B"},` +
      `"apiKeyId":null,"at":"${content.at}","before":{"description":"A"},"companyId":1,"entity":"areas","entityId":"5",` +
      `"id":1,"ip":"10.0.0.1","method":"PUT","path":"/api/areas/5/","route":"/api/areas/:id/","status":200,"userAgent":"test"}`;
    expect(hash).toBe(createHash('sha256').update(`${prevHash}${json}`).digest('hex'));
  });

  it('names a changed row (hash) and the row after a removed one (link)', async () => {
    const { repo, rows } = fakeAuditRepo();
    for (let i = 0; i < 5; i++) await repo.append(sampleRow({ entityId: String(i) }));
    const changed = rows[1];
    if (changed) changed.after = { description: 'nothing happened' };
    expect(await checkAuditChain(repo)).toEqual({ ok: false, count: 2, broken: { id: 2, reason: 'hash' } });
    if (changed) changed.after = { description: 'B' };
    rows.splice(2, 1);
    expect(await checkAuditChain(repo)).toEqual({ ok: false, count: 3, broken: { id: 4, reason: 'link' } });
  });

  it('starts from the anchor after the retention, and catches the removal of the first kept row', async () => {
    const { repo, rows, anchorOf } = fakeAuditRepo();
    await repo.append(sampleRow({ at: '2026-01-01T00:00:00.000Z' }));
    await repo.append(sampleRow({ at: '2026-01-02T00:00:00.000Z' }));
    await repo.append(sampleRow({ at: '2026-11-01T00:00:00.000Z' }));
    await repo.append(sampleRow({ at: '2026-11-02T00:00:00.000Z' }));
    expect(await pruneAudit(repo, { retentionDays: 0, now: new Date('2027-01-01T00:00:00Z') })).toBe(0);
    expect(await pruneAudit(repo, { retentionDays: 60, now: new Date('2026-12-01T00:00:00Z') })).toBe(2);
    expect(anchorOf()).toEqual({ firstId: 3, prevHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await checkAuditChain(repo)).toEqual({ ok: true, count: 2 });
    rows.shift();
    expect(await checkAuditChain(repo)).toMatchObject({ ok: false, broken: { id: 4, reason: 'link' } });
  });
});
