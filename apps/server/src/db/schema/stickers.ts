import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, serialId } from './columns.js';
import { orders } from './orders.js';
import { companyRef, users } from './organization.js';

/**
 * A sticker request (spec: status 0 pending, 1 completed): one sticker per box of an order (all its boxes, or those
 * chosen), made into a PDF after the request is answered.
 */
export const stickers = pgTable(
  'stickers',
  {
    id: serialId(),
    companyId: companyRef(),
    orderId: requiredRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    /** The chosen boxes (ids); null: every box of the order. */
    boxIds: integer('box_ids').array(),
    boxCount: integer('box_count').notNull(),
    status: smallint('status').notNull().default(0),
    /** The language of the stickers' words ('es' or 'en'). */
    language: text('language').notNull().default('es'),
    /** Why the PDF could not be made (the sticker stays pending). */
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('stickers_company_idx').on(t.companyId, t.id), index('stickers_order_idx').on(t.orderId)],
);

/** A sticker's PDF (base64), one page per box. */
export const stickerPdfs = pgTable(
  'sticker_pdfs',
  {
    id: serialId(),
    stickerId: requiredRef('sticker_id', () => stickers.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    pages: integer('pages').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sticker_pdfs_sticker_idx').on(t.stickerId)],
);
