import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users.repository.js';
import { createDeactivateUser, type SetUserActiveRepository } from './deactivate-user.js';
import { createReactivateUser } from './reactivate-user.js';
import { expectStatus, testUser, userRow } from './use-case-fixtures.js';

const NOW = new Date('2026-05-03T08:00:00Z');

/** One user (id 9, role 5) of company 1, and what was written. */
const setup = (over: Partial<UserRow> = {}) => {
  const row: UserRow = { ...userRow(3), ...over };
  const writes: { id: number; active: boolean; at: Date }[] = [];
  const repo: SetUserActiveRepository = {
    get: async (companyId, minRole, id) =>
      companyId === row.companyId && id === row.id && row.role >= minRole ? { ...row } : undefined,
    locationsOf: async () => [],
    setActive: async (id, active, at) => {
      writes.push({ id, active, at });
      row.isActive = active;
      row.deactivatedAt = active ? null : at;
      row.version += 1;
      return { written: row.version };
    },
  };
  const deps = { repo, now: () => NOW };
  return { row, writes, deactivate: createDeactivateUser(deps), reactivate: createReactivateUser(deps) };
};

describe('deactivate and reactivate a user (use cases)', () => {
  it('deactivates: not active, since now, version + 1', async () => {
    const { deactivate, writes } = setup();
    const answer = await deactivate({ user: testUser(), id: 9 });
    expect(writes).toEqual([{ id: 9, active: false, at: NOW }]);
    expect(answer).toMatchObject({ id: 9, is_active: false, deactivated_at: '2026-05-03T08:00:00.000Z', version: 4 });
  });

  it('reactivates a deactivated user', async () => {
    const { reactivate, writes } = setup({ isActive: false, deactivatedAt: NOW });
    const answer = await reactivate({ user: testUser(), id: 9 });
    expect(writes).toEqual([{ id: 9, active: true, at: NOW }]);
    expect(answer).toMatchObject({ is_active: true, deactivated_at: null });
  });

  it('a user in the state asked already is answered as it is, and nothing is written', async () => {
    const active = setup();
    expect(await active.reactivate({ user: testUser(), id: 9 })).toMatchObject({ is_active: true, version: 3 });
    const inactive = setup({ isActive: false, deactivatedAt: NOW });
    expect(await inactive.deactivate({ user: testUser(), id: 9 })).toMatchObject({ is_active: false, version: 3 });
    expect([...active.writes, ...inactive.writes]).toEqual([]);
  });

  it('never deactivates the caller’s own user (400)', async () => {
    const { deactivate, writes } = setup({ role: 2, id: 9 });
    await expectStatus(deactivate({ user: testUser({ id: 9, role: 2 }), id: 9 }), 400);
    expect(writes).toEqual([]);
  });

  it('another company’s user, or one of a higher role than the caller’s, is a 404 and nothing changes', async () => {
    const other = setup({ companyId: 2 });
    await expectStatus(other.deactivate({ user: testUser(), id: 9 }), 404);
    const higher = setup({ role: 2 });
    await expectStatus(higher.deactivate({ user: testUser({ role: 3 }), id: 9 }), 404);
    await expectStatus(higher.reactivate({ user: testUser({ role: 3 }), id: 9 }), 404);
    expect([...other.writes, ...higher.writes]).toEqual([]);
  });
});
