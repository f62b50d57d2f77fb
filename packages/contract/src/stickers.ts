import { z } from 'zod';
import { intId, intIn, orderJobFields, pagingQuerySchema } from './common.js';

/** Spec section 4: sticker status 0 pending, 1 completed. */
export const StickerStatus = { pending: 0, completed: 1 } as const;
export const STICKERS_PAGE_SIZE = 20;
/** One page per box: a sticker request covers at most this many boxes. */
export const STICKER_MAX_BOXES = 2_000;

export const StickerMessages = {
  selectOrder: 'Please select an order',
  noBoxes: 'The order has no boxes to make stickers for.',
  unknownBox: 'A chosen box is not a box of this order.',
  tooMany: `A sticker request has at most ${STICKER_MAX_BOXES} boxes.`,
} as const;

export const stickerCreateBodySchema = z.object({
  order_id: intId(StickerMessages.selectOrder),
  /** Some boxes of the order; none or absent: every box. */
  box_ids: z.array(intId()).max(STICKER_MAX_BOXES, StickerMessages.tooMany).optional(),
  /** The stickers' words: Spanish (default) or English. */
  language: z.enum(['es', 'en']).default('es'),
});

export const stickerSchema = z.object({
  ...orderJobFields,
  box_count: z.number().int(),
  /** The newest PDF (GET /stickers_pdfs/{id}/), null while pending. */
  pdf: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type Sticker = z.infer<typeof stickerSchema>;

export const stickerListQuerySchema = pagingQuerySchema.extend({
  order: intId().optional(),
  status: intIn(0, 1).optional(),
});

export const stickerPdfSchema = z.object({
  id: z.number().int(),
  sticker: z.number().int(),
  file_name: z.string(),
  pages: z.number().int(),
  url: z.string(),
  created_at: z.string(),
});
export type StickerPdf = z.infer<typeof stickerPdfSchema>;

export const stickerPdfListQuerySchema = pagingQuerySchema.extend({
  sticker: intId().optional(),
});
