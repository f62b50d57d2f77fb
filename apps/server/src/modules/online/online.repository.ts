import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { boxContents, boxes, itemTypes } from '../../db/schema/index.js';
import { pageOf } from '../../db/sql.js';
import type { PageParams } from '../../http/paging.js';

/** What online orders have of their own; their orders, boxes and lines are the orders core's. */

/** The expected contents of an online order, one row per box and GTIN line, by barcode and GTIN. */
export const orderContents = async (db: DbOrTx, orderId: number, page: PageParams) => {
  const selected = db
    .select({
      id: boxContents.id,
      box_id: boxContents.boxId,
      codebar: boxes.codebar,
      gtin: itemTypes.gtin,
      item_type: boxContents.itemTypeId,
      description: itemTypes.description,
      quantity: boxContents.quantity,
    })
    .from(boxContents)
    .innerJoin(boxes, eq(boxes.id, boxContents.boxId))
    .innerJoin(itemTypes, eq(itemTypes.id, boxContents.itemTypeId))
    .where(eq(boxes.orderId, orderId))
    .$dynamic();
  return pageOf(db, selected, [asc(boxes.codebar), asc(itemTypes.gtin), asc(boxContents.id)], page);
};
