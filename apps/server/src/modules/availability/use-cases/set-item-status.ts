import type { ItemStatusAnswer, ItemStatusInput } from '@rfid/contract';
import { notFound } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { StatusChange } from '../../engine/ledger.js';
import type { StatusItemRow } from '../availability.repository.js';

/** What a status change reads and writes inside its engine transaction (the ledger writes). */
export type SetItemStatusScope = {
  /** The items of these EPCs in the company, locked by id. */
  itemsByEpc(companyId: number, epcs: readonly string[]): Promise<StatusItemRow[]>;
  /** The ledger's `setStatus`: answers how many items changed. */
  setStatus(change: StatusChange): Promise<number>;
};

export type SetItemStatusDeps = {
  /** One engine transaction (its hooks write the EPCIS events and the live availability rows). */
  inTransaction: <T>(work: (scope: SetItemStatusScope) => Promise<T>) => Promise<T>;
  now?: () => Date;
};

/** How many unknown EPCs an answer names (the rest are counted). */
const NAMED_MAX = 5;

/**
 * POST /items/status/ (roles 1 to 4): the status of the items of these EPCs (issue 26, item 2), in one engine
 * transaction through the ledger (one `item_status_changes` row per item that changed, with `reason`).
 *
 * - Every EPC must be an item of the user's company at a location the user sees (a company-wide role also reaches an
 *   item in no location); otherwise the answer is 404 naming the EPCs, and nothing changes.
 * - Reserved needs a reference (the contract refuses it without one: 400 on `reference`).
 * - Items already in that status with that reference are left alone (`changed` counts the others).
 */
export const setItemStatus = (
  { inTransaction, now = () => new Date() }: SetItemStatusDeps,
  user: AuthUser,
  { body, reason }: { body: ItemStatusInput; reason: string },
): Promise<ItemStatusAnswer> =>
  inTransaction(async (scope) => {
    const epcs = [...new Set(body.epcs)];
    const found = await scope.itemsByEpc(user.companyId, epcs);
    const visible = found.filter(
      (item) => user.locationIds === null || (item.location_id !== null && user.locationIds.includes(item.location_id)),
    );
    const reachable = new Set(visible.map((item) => item.epc));
    const missing = epcs.filter((epc) => !reachable.has(epc));
    if (missing.length > 0) {
      throw notFound(
        msg('availability.items_not_found', { count: missing.length, epcs: missing.slice(0, NAMED_MAX).join(', ') }),
      );
    }
    const changed = await scope.setStatus({
      items: visible.map((item) => item.id),
      status: body.status,
      reference: body.reference || null,
      reason,
      userId: user.id,
      at: now(),
    });
    return { changed, items: visible.length };
  });
