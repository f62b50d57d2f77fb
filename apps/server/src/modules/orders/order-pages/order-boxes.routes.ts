import { idParamSchema, orderBoxesQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import { pagedGetter } from '../../../http/paged-route.js';
import type { ZodApp } from '../../../http/route.js';
import { routeDeclarer } from '../../../http/route.js';
import { BOXES_PAGE } from '../../../http/route-schemas.js';
import type { OrderBoxesReader, OrderPageKind } from './page-kind.js';

/** `GET` at each of `urls`: the order's boxes with their verification counts, a barcode filter, a page of BOXES_PAGE. */
export const registerOrderBoxes = <B extends z.ZodType>(
  app: ZodApp,
  { tags, name, sides }: OrderPageKind,
  { urls, box, reader }: { urls: string[]; box: B; reader: OrderBoxesReader<z.output<B>> },
): void => {
  const pagedGet = pagedGetter(app, routeDeclarer(tags));
  for (const url of urls) {
    pagedGet(
      url,
      {
        summary: `Boxes of ${name} with their verification counts (40 per page; box__codebar__contains)`,
        params: idParamSchema,
        querystring: orderBoxesQuerySchema.extend(sides.query.shape),
        row: box,
        pageSize: BOXES_PAGE,
      },
      (user, { params, query }, page) => reader.boxes({ user, id: params.id, side: sides.of(query), query, page }),
    );
  }
};
