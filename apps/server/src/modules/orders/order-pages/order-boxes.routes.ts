import { idParamSchema, orderBoxesQuerySchema, pageOf } from '@rfid/contract';
import type { z } from 'zod';
import { pageParams, toPage } from '../../../http/paging.js';
import { routeDeclarer } from '../../../http/route.js';
import { BOXES_PAGE } from '../../../http/route-schemas.js';
import { currentUser } from '../../../plugins/auth.js';
import type { OrderBoxesReader, OrderPageKind, ZodApp } from './page-kind.js';

/** `GET` at each of `urls`: the order's boxes with their verification counts, a barcode filter, a page of BOXES_PAGE. */
export const registerOrderBoxes = <B extends z.ZodType>(
  app: ZodApp,
  { tags, name, sides }: OrderPageKind,
  { urls, box, reader }: { urls: string[]; box: B; reader: OrderBoxesReader<z.output<B>> },
): void => {
  const route = routeDeclarer(tags);
  for (const url of urls) {
    app.get(
      url,
      route({
        summary: `Boxes of ${name} with their verification counts (40 per page; box__codebar__contains)`,
        params: idParamSchema,
        querystring: orderBoxesQuerySchema.extend(sides.query.shape),
        ok: pageOf(box),
      }),
      async (request) => {
        const page = pageParams(request.query, BOXES_PAGE);
        const { count, results } = await reader.boxes({
          user: currentUser(request),
          id: request.params.id,
          side: sides.of(request.query),
          query: request.query,
          page,
        });
        return toPage(request, page, count, results);
      },
    );
  }
};
