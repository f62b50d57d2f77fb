import { itemLineQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import { pagedGetter } from '../../../http/paged-route.js';
import type { ZodApp } from '../../../http/route.js';
import { routeDeclarer } from '../../../http/route.js';
import { boxParams, LINES_PAGE } from '../../../http/route-schemas.js';
import { currentUser } from '../../../plugins/auth.js';
import type { BoxPagesReader, OrderPageKind } from './page-kind.js';

/**
 * `GET {prefix}/:id/boxes/:boxId/` and its `report/`: one box of the order and its item lines (online orders and
 * movements; a purchase order's box is read at /rboxes/{id}/).
 */
export const registerBoxPages = <B extends z.ZodType, L extends z.ZodType>(
  app: ZodApp,
  { tags, name, prefix, sides }: OrderPageKind,
  { box, line, reader }: { box: B; line: L; reader: BoxPagesReader<z.output<B>, z.output<L>> },
): void => {
  const route = routeDeclarer(tags);
  // The answer is checked against the schema when sent; the reader's type ties the two together at the call site.
  const answer: z.ZodType = box;
  app.get(
    `${prefix}/:id/boxes/:boxId/`,
    route({ summary: `A box of ${name}`, params: boxParams, querystring: sides.query, ok: answer }),
    async (request) => reader.box(currentUser(request), request.params.id, request.params.boxId, sides.of(request.query)),
  );

  pagedGetter(app, route)(
    `${prefix}/:id/boxes/:boxId/report/`,
    {
      summary: `Item lines of a box of ${name}`,
      params: boxParams,
      querystring: itemLineQuerySchema.extend(sides.query.shape),
      row: line,
      pageSize: LINES_PAGE,
    },
    (user, { params, query }, page) =>
      reader.boxLines({ user, id: params.id, boxId: params.boxId, side: sides.of(query), query, page }),
  );
};
