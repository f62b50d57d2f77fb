import type { Box, boxCreateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import { conflict, fieldError, foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { InboundRepository } from '../inbound.repository.js';
import { toBoxDto } from '../order-dto.js';
import { resolveGtins } from './resolve-gtins.js';

export const BARCODE_EXISTS = 'orders.barcode_exists';

export type CreateBoxInput = { user: AuthUser; body: z.output<typeof boxCreateBodySchema> };

/** POST /boxes/: creates a box, and its contents when given, in one transaction. 409 'Barcode already exists'. */
export const createBox = async (
  repo: Pick<InboundRepository, 'reception' | 'transaction' | 'box'>,
  { user, body }: CreateBoxInput,
): Promise<Box> => {
  const reception = await repo.reception(user, body.reception_id);
  if (!reception) throw fieldError('reception_id', 'orders.reception_not_found');
  const id = await repo.transaction(async (writes) => {
    // The order first (one lock order: an order before its boxes): inserting the box takes a key-share
    // lock on the order, so locking it only afterwards deadlocked boxes added to one order at once.
    await writes.lockOrder(reception.orderId);
    if (await writes.codebarExists(user.companyId, body.codebar)) throw conflict(BARCODE_EXISTS);
    const contents = body.contents ?? [];
    const typeIds = await resolveGtins(
      writes,
      user.companyId,
      contents.map((c) => c.gtin),
      (i) => `contents.${i}.gtin`,
    );
    const boxId = await writes.insertBox({
      companyId: user.companyId,
      orderId: reception.orderId,
      receptionId: reception.id,
      codebar: body.codebar,
    });
    await writes.insertContents(contents.map((c, i) => ({ boxId, itemTypeId: typeIds[i] ?? 0, quantity: c.quantity })));
    // a new unread box takes a fully verified order back to 'checking'
    await writes.recomputeSides(reception.orderId);
    return boxId;
  });
  const box = await foundOr(repo.box(user, id), 'orders.box_not_found');
  return toBoxDto(box);
};
