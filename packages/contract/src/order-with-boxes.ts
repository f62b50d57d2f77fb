// The order wizard's one call: an order of any kind created with its reception, boxes and their contents at once.
import { z } from 'zod';
import { movementOrderCreateBodySchema } from './movements.js';
import { onlineOrderCreateBodySchema } from './online.js';
import { boxContentLineSchema, boxCreateBodySchema, purchaseOrderCreateBodySchema } from './orders.js';

/** The header a client sends so that a retried or double-clicked creation returns the first order instead of a second. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const KEY_MESSAGE = 'The Idempotency-Key header must have 8 to 100 characters.';
export const idempotencyKeySchema = z.string().trim().min(8, KEY_MESSAGE).max(100, KEY_MESSAGE);
/** The headers of POST /orders-with-boxes/: the key is optional (without it a repeated call creates another order). */
export const orderWithBoxesHeadersSchema = z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() });

/** One box of the wizard: its barcode and its expected contents (at least one GTIN line). */
export const wizardBoxSchema = z.object({
  codebar: boxCreateBodySchema.shape.codebar,
  contents: z.array(boxContentLineSchema).min(1, 'Add at least one GTIN.').max(1000),
});
export type WizardBox = z.input<typeof wizardBoxSchema>;

const boxesField = z
  .array(wizardBoxSchema)
  .min(1, 'Add at least one box.')
  .max(500)
  .superRefine((boxes, ctx) => {
    const seen = new Set<string>();
    boxes.forEach((box, index) => {
      if (seen.has(box.codebar))
        ctx.addIssue({ code: 'custom', path: [index, 'codebar'], message: 'Barcode repeated in this order.' });
      seen.add(box.codebar);
    });
  });

/**
 * POST /orders-with-boxes/ (roles 1 to 3; header Idempotency-Key): the order (the body of POST /porders/, /orders/ or
 * /morders/ by `kind`) and its boxes, created in one transaction: all of it or nothing. The same key again returns
 * the order it created (201), so a double click or a retry never makes two orders.
 */
export const orderWithBoxesCreateBodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('purchase'), order: purchaseOrderCreateBodySchema, boxes: boxesField }),
  z.object({ kind: z.literal('online'), order: onlineOrderCreateBodySchema, boxes: boxesField }),
  z.object({ kind: z.literal('movement'), order: movementOrderCreateBodySchema, boxes: boxesField }),
]);
export type OrderWithBoxesCreateBody = z.input<typeof orderWithBoxesCreateBodySchema>;
export type OrderWithBoxesKind = OrderWithBoxesCreateBody['kind'];

export const orderWithBoxesSchema = z.object({
  id: z.number(),
  kind: z.enum(['purchase', 'online', 'movement']),
  order_code: z.string(),
  reception_id: z.number(),
  boxes: z.array(z.object({ id: z.number(), codebar: z.string() })),
});
export type OrderWithBoxes = z.infer<typeof orderWithBoxesSchema>;
