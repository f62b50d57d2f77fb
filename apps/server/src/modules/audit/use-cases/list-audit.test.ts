import { describe, expect, it } from 'vitest';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import { fakeAuditRepo, sampleRow } from './audit-fixtures.js';
import { exportAudit } from './export-audit.js';
import { getAudit } from './get-audit.js';
import { listAudit } from './list-audit.js';

const PAGE = { limit: 50, offset: 0 };

describe('list, read and export the audit log (use cases)', () => {
  it("lists the user's company only, newest first, filtered; dates are days of the company's zone", async () => {
    const { repo, filters } = fakeAuditRepo();
    await repo.append(sampleRow({ at: '2026-11-28T23:30:00.000Z' })); // 29 Nov 00:30 in Madrid
    await repo.append(sampleRow({ at: '2026-11-29T10:00:00.000Z', entity: 'readers', action: 'delete' }));
    await repo.append(sampleRow({ companyId: 2, actorLabel: 'other@else.local' }));
    const all = await listAudit(repo, testUser(), {}, PAGE);
    expect('results' in all && all.results.map((e) => e.id)).toEqual([2, 1]);
    const day = await listAudit(repo, testUser(), { from: '2026-11-29', to: '2026-11-29', entity: 'areas' }, PAGE);
    expect(day.count).toBe(1);
    expect(filters.at(-1)).toEqual({
      from: new Date('2026-11-28T23:00:00.000Z'),
      to: { at: new Date('2026-11-29T23:00:00.000Z'), inclusive: false },
      entity: 'areas',
    });
    const foreign = await listAudit(repo, testUser({ companyId: 2 }), {}, PAGE);
    expect(foreign.count).toBe(1);
  });

  it('refuses a date that is none, naming the field', async () => {
    const { repo } = fakeAuditRepo();
    await expect(listAudit(repo, testUser(), { to: '2026-13-45' }, PAGE)).rejects.toMatchObject({
      status: 400,
      errors: { to: expect.any(Array) },
    });
  });

  it('reads one row with before and after; another company gets 404', async () => {
    const { repo } = fakeAuditRepo();
    const id = await repo.append(sampleRow());
    const detail = await getAudit(repo, testUser(), id);
    expect(detail).toMatchObject({ id, before: { description: 'A' }, after: { description: 'B' }, actor: { kind: 'user' } });
    await expect(getAudit(repo, testUser({ companyId: 2 }), id)).rejects.toMatchObject({ status: 404 });
  });

  it("exports the company's rows in the company's zone", async () => {
    const { repo } = fakeAuditRepo();
    await repo.append(sampleRow());
    await repo.append(sampleRow({ companyId: 2 }));
    const { timeZone, chunks } = await exportAudit(repo, testUser({ companyId: 2 }), {});
    expect(timeZone).toBe('America/New_York');
    const seen: number[] = [];
    for await (const chunk of chunks) seen.push(...chunk.map((r) => r.id));
    expect(seen).toEqual([2]);
  });
});
