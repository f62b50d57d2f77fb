import type { OrderWithBoxes, orderWithBoxesCreateBodySchema } from '@rfid/contract';
import type { z } from 'zod';
import { conflict, fieldError, validationError } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { movementOrderValues, onlineOrderValues, purchaseOrderValues } from '../order-dto.js';
import type { NewWizardOrder, OrderWithBoxesRepository, StoredOrderWithBoxes } from '../order-with-boxes.repository.js';

export type CreateOrderWithBoxesInput = z.output<typeof orderWithBoxesCreateBodySchema>;

const KIND_OF_TYPE = { purchase: 'purchase', online: 'online', movement: 'movement' } as const;

const toAnswer = (stored: StoredOrderWithBoxes): OrderWithBoxes => ({
  id: stored.id,
  kind: KIND_OF_TYPE[stored.type],
  order_code: stored.orderCode,
  reception_id: stored.receptionId,
  boxes: stored.boxes,
});

/** The order's own values by kind, once its locations (in the user's scope) and its provider are checked. */
const orderValues = async (
  repo: OrderWithBoxesRepository,
  user: AuthUser,
  input: CreateOrderWithBoxesInput,
): Promise<Omit<NewWizardOrder, 'clientKey'>> => {
  const requireVisible = async (field: string, locationId: number) => {
    if (!(await repo.isLocationVisible(user, locationId))) throw fieldError(`order.${field}`, 'location.not_found');
  };
  switch (input.kind) {
    case 'purchase': {
      const order = input.order;
      await requireVisible('destination_id', order.destination_id);
      if (!(await repo.hasProvider(user.companyId, order.origin_id)))
        throw fieldError('order.origin_id', 'orders.provider_not_found');
      return purchaseOrderValues(user.companyId, order, order.origin_id);
    }
    case 'online': {
      const order = input.order;
      await requireVisible('origin_id', order.origin_id);
      return onlineOrderValues(user.companyId, order);
    }
    case 'movement': {
      const order = input.order;
      await requireVisible('origin_id', order.origin_id);
      await requireVisible('destination_id', order.destination_id);
      if (order.origin_id === order.destination_id) throw fieldError('order.destination_id', 'movements.destination_same');
      return movementOrderValues(user.companyId, order);
    }
  }
};

/**
 * POST /orders-with-boxes/ (roles 1–3): the order wizard's last step. The order (purchase, online or movement, with
 * the checks of its own create call), a reception named as the order, and every box with its contents are written in
 * one transaction, so leaving the wizard or a failure halfway leaves no order. With a client key (the Idempotency-Key
 * header) a repeated call answers the order the first one created instead of creating another.
 */
export const createOrderWithBoxes = async (
  repo: OrderWithBoxesRepository,
  user: AuthUser,
  input: CreateOrderWithBoxesInput,
  clientKey: string | null,
): Promise<OrderWithBoxes> => {
  const replay = async (): Promise<OrderWithBoxes | null> => {
    if (!clientKey) return null;
    const stored = await repo.findByKey(user.companyId, clientKey);
    if (!stored) return null;
    if (stored.orderCode !== input.order.order_code || KIND_OF_TYPE[stored.type] !== input.kind) {
      throw conflict(msg('orders.idempotency_key_reused', { code: stored.orderCode }));
    }
    return toAnswer(stored);
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const values = await orderValues(repo, user, input);
  const gtins = [...new Set(input.boxes.flatMap((box) => box.contents.map((line) => line.gtin)))];
  const typeIds = await repo.itemTypeIds(user.companyId, gtins);
  for (const [b, box] of input.boxes.entries()) {
    for (const [l, line] of box.contents.entries()) {
      if (!typeIds.has(line.gtin))
        throw fieldError(`boxes.${b}.contents.${l}.gtin`, msg('catalog.gtin_missing', { gtin: line.gtin }));
    }
  }

  const created = await repo.transaction(async (writes): Promise<StoredOrderWithBoxes | null> => {
    const orderId = await writes.insertOrder({ ...values, clientKey });
    if (orderId === null) return null;
    const receptionId = await writes.insertReception(orderId, input.order.order_code);
    const stored: StoredOrderWithBoxes = {
      id: orderId,
      type: values.type,
      orderCode: input.order.order_code,
      receptionId,
      boxes: [],
    };
    for (const [b, box] of input.boxes.entries()) {
      // Checked box by box inside the transaction: a barcode taken meanwhile undoes the order and the boxes before it.
      if (await writes.isBarcodeTaken(user.companyId, box.codebar)) {
        throw validationError(
          { [`boxes.${b}.codebar`]: [msg('orders.box_barcode_exists', { codebar: box.codebar })] },
          'CONFLICT',
        );
      }
      const boxId = await writes.insertBox({ companyId: user.companyId, orderId, receptionId, codebar: box.codebar });
      await writes.insertContents(
        box.contents.map((line) => ({ boxId, itemTypeId: typeIds.get(line.gtin) ?? 0, quantity: line.quantity })),
      );
      stored.boxes.push({ id: boxId, codebar: box.codebar });
    }
    await writes.recomputeSides(orderId);
    return stored;
  });
  if (created) return toAnswer(created);
  // Another request with the same key won the race: answer its order.
  const raced = await replay();
  if (!raced) throw new Error('order with boxes: key taken but no order found');
  return raced;
};
