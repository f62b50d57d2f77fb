import { itemTypeSchema } from '@rfid/contract';
import { z } from 'zod';
import type { itemTypes } from '../../../db/schema/index.js';
import type { ZodApp } from '../../../http/route.js';
import { routeDeclarer } from '../../../http/route.js';
import { typeParams } from '../../../http/route-schemas.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { currentUser } from '../../../plugins/auth.js';
import { toItemTypeDto } from '../../catalog/catalog-dto.js';
import type { OrderPageKind, PageSide } from './page-kind.js';

/** What the GTIN page of an order reads: the order, the GTIN's item type and its line in the order. */
export type ItemTypeReader<Order, Line> = {
  itemType: (
    user: AuthUser,
    id: number,
    itemTypeId: number,
    side?: PageSide,
  ) => Promise<{ order: Order; itemType: typeof itemTypes.$inferSelect; line: Line }>;
};

/** `GET {prefix}/:id/types/:itemType/`: a GTIN in the order, with the order's header, the GTIN's attributes and its line. */
export const registerItemType = <O extends z.ZodType, L extends z.ZodType>(
  app: ZodApp,
  { tags, name, prefix, sides }: OrderPageKind,
  { order, line, reader }: { order: O; line: L; reader: ItemTypeReader<z.output<O>, z.output<L>> },
): void => {
  // The answer is checked against the schemas when sent; the reader's types tie them together at the call site.
  const answer: { order: z.ZodType; line: z.ZodType } = { order, line };
  app.get(
    `${prefix}/:id/types/:itemType/`,
    routeDeclarer(tags)({
      summary: `A GTIN in ${name}: order header, GTIN attributes and its line`,
      params: typeParams,
      querystring: sides.query,
      ok: z.object({ order: answer.order, item_type: itemTypeSchema, line: answer.line }),
    }),
    async (request) => {
      const { id, itemType: itemTypeId } = request.params;
      const found = await reader.itemType(currentUser(request), id, itemTypeId, sides.of(request.query));
      return { order: found.order, item_type: toItemTypeDto(found.itemType), line: found.line };
    },
  );
};
