import type { ItemLine, Verification, VerificationItem } from '@rfid/contract';
import type { Db } from '../../db/client.js';
import { foundOr } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import * as ordersRepo from '../orders/orders.repository.js';
import { toEpcLine } from '../tracking/epc-line.js';
import * as repo from './verification.repository.js';
import { linePercent } from './verification.rules.js';

export const toVerificationDto = (v: repo.VerificationRow): Verification => ({
  id: v.id,
  code: v.code,
  box: v.box,
  order: v.order,
  side: v.side,
  reading_set: v.readingSet,
  start_time: v.startTime.toISOString(),
  end_time: v.endTime.toISOString(),
  real_item_count: v.realItemCount,
  matched_item_count: v.matchedItemCount,
  theorical_item_count: v.theoricalItemCount,
  has_errors: v.hasErrors,
  valid: v.valid,
  readers: v.deviceId !== null && v.serialNumber !== null ? [{ id: v.deviceId, serial_number: v.serialNumber }] : [],
});

export const createVerificationService = (db: Db) => {
  const requireVerification = async (user: AuthUser, id: number) => {
    return foundOr(repo.getVerification(db, user, id), 'orders.verification_not_found');
  };

  return {
    /** Verifications of a box on one side (destination by default), newest first. */
    async listForBox(user: AuthUser, boxId: number, side: repo.Side, orderBy: string | undefined, page: PageParams) {
      await foundOr(ordersRepo.getBox(db, user, boxId), 'orders.box_not_found');
      const { count, rows } = await repo.listBoxVerifications(db, { boxId, side, orderBy, page });
      return { count, results: rows.map(toVerificationDto) };
    },

    async get(user: AuthUser, id: number) {
      return toVerificationDto(await requireVerification(user, id));
    },

    /** The valid switch: only valid verifications count, so the box and its order are recomputed. */
    async setValid(user: AuthUser, id: number, valid: boolean) {
      const v = await requireVerification(user, id);
      await db.transaction(async (tx) => {
        await repo.lockOrder(tx, v.order);
        await repo.setVerificationValid(tx, id, valid);
        await repo.recomputeBoxAndOrder(tx, { boxId: v.box, orderId: v.order, side: v.side });
      });
      return toVerificationDto(await requireVerification(user, id));
    },

    async report(
      user: AuthUser,
      id: number,
      gtinContains: string | undefined,
      page: PageParams,
    ): Promise<{ count: number; results: ItemLine[] }> {
      const v = await requireVerification(user, id);
      const { count, rows } = await repo.verificationReport(db, { verificationId: id, gtinContains, page });
      return {
        count,
        results: rows.map((r) => ({
          id: r.id,
          gtin: r.gtin,
          item_type: r.itemTypeId,
          theorical_item_count: r.expected,
          real_item_count: r.real,
          theorical_quantity: r.expected,
          real_quantity: r.real,
          destination_real_quantity: v.side === 'destination' ? r.real : 0,
          origin_real_quantity: v.side === 'origin' ? r.real : 0,
          percent: linePercent(r.real, r.expected),
          description: r.description ?? '',
          section: r.section ?? '',
          cloth_type: r.clothType ?? '',
          model: r.model ?? '',
          colour: r.colour ?? '',
          reference: r.reference ?? '',
          sizes: r.sizes ?? [],
        })),
      };
    },

    async items(user: AuthUser, id: number, page: PageParams): Promise<{ count: number; results: VerificationItem[] }> {
      const v = await requireVerification(user, id);
      const { count, rows } = await repo.verificationItems(db, { readingSetId: v.readingSet, boxId: v.box, page });
      return {
        count,
        results: rows.map((r) => toEpcLine(r, r.quantity)),
      };
    },
  };
};
