import { ItemStatus, itemStatusBodySchema } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { StatusChange } from '../../engine/ledger.js';
import { type SetItemStatusScope, setItemStatus } from './set-item-status.js';

/** The status change on a fake ledger: items in memory, a transaction that keeps nothing when the work throws. */

const user = (locationIds: number[] | null): AuthUser => ({
  id: 7,
  companyId: 1,
  role: locationIds === null ? 1 : 3,
  editor: true,
  email: 'u@x',
  locationIds,
  assignedLocationIds: locationIds ?? [],
  tokenHash: '',
});

type FakeItem = { id: number; epc: string; companyId: number; locationId: number | null; status: number; ref: string | null };

const world = (items: FakeItem[]) => {
  const changes: StatusChange[] = [];
  const scope: SetItemStatusScope = {
    async itemsByEpc(companyId, epcs) {
      return items
        .filter((i) => i.companyId === companyId && epcs.includes(i.epc))
        .map((i) => ({ id: i.id, epc: i.epc, location_id: i.locationId }));
    },
    async setStatus(change) {
      changes.push(change);
      const ids = change.items as number[];
      let changed = 0;
      for (const item of items) {
        if (!ids.includes(item.id) || (item.status === change.status && item.ref === change.reference)) continue;
        item.status = change.status;
        item.ref = change.reference;
        changed += 1;
      }
      return changed;
    },
  };
  const at = new Date('2026-11-29T10:00:00Z');
  return { changes, deps: { inTransaction: <T>(work: (s: SetItemStatusScope) => Promise<T>) => work(scope), now: () => at } };
};

const items = (): FakeItem[] => [
  { id: 1, epc: '00A1', companyId: 1, locationId: 10, status: ItemStatus.Sellable, ref: null },
  { id: 2, epc: '00A2', companyId: 1, locationId: 10, status: ItemStatus.Damaged, ref: null },
  { id: 3, epc: '00B1', companyId: 1, locationId: 20, status: ItemStatus.Sellable, ref: null },
  { id: 4, epc: '00D1', companyId: 1, locationId: null, status: ItemStatus.Sellable, ref: null },
  { id: 5, epc: '00C1', companyId: 2, locationId: 30, status: ItemStatus.Sellable, ref: null },
];
const body = (epcs: string[], status: number, reference?: string) =>
  itemStatusBodySchema.parse({ epcs, status, ...(reference ? { reference } : {}) });

describe('setItemStatus', () => {
  it('sets the status of the named items once each, with the user, the reason and the time', async () => {
    const { deps, changes } = world(items());
    const answer = await setItemStatus(deps, user([10]), {
      body: body(['00A1', '00A2', '00A1'], ItemStatus.Damaged),
      reason: 'user',
    });
    expect(answer).toEqual({ changed: 1, items: 2 });
    expect(changes).toEqual([
      {
        items: [1, 2],
        status: ItemStatus.Damaged,
        reference: null,
        reason: 'user',
        userId: 7,
        at: new Date('2026-11-29T10:00:00Z'),
      },
    ]);
  });

  it('keeps a reservation reference', async () => {
    const { deps, changes } = world(items());
    await setItemStatus(deps, user([10]), { body: body(['00A1'], ItemStatus.Reserved, 'WEB-1'), reason: 'handheld' });
    expect(changes[0]).toMatchObject({ status: ItemStatus.Reserved, reference: 'WEB-1', reason: 'handheld' });
  });

  it('refuses (404, nothing written) an EPC at a location the user does not see, of another company or unknown', async () => {
    for (const epcs of [['00A1', '00B1'], ['00C1'], ['0FFF'], ['00D1']]) {
      const { deps, changes } = world(items());
      const error = await setItemStatus(deps, user([10]), { body: body(epcs, ItemStatus.Quarantine), reason: 'user' }).catch(
        (e: AppError) => e,
      );
      expect((error as AppError).status, epcs.join()).toBe(404);
      expect(changes).toEqual([]);
    }
  });

  it('lets a company-wide role reach an item in no location', async () => {
    const { deps } = world(items());
    const answer = await setItemStatus(deps, user(null), { body: body(['00D1', '00B1'], ItemStatus.OnDisplay), reason: 'user' });
    expect(answer).toEqual({ changed: 2, items: 2 });
  });

  it('the contract refuses a reservation without a reference', () => {
    const parsed = itemStatusBodySchema.safeParse({ epcs: ['00A1'], status: ItemStatus.Reserved });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['reference']);
  });
});
