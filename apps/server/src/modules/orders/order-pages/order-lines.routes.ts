import { idParamSchema, itemLineQuerySchema } from '@rfid/contract';
import type { z } from 'zod';
import { pagedGetter } from '../../../http/paged-route.js';
import type { ZodApp } from '../../../http/route.js';
import { routeDeclarer } from '../../../http/route.js';
import { LINES_PAGE } from '../../../http/route-schemas.js';
import type { OrderLinesReader, OrderPageKind } from './page-kind.js';

/** `GET {prefix}/:id/report/`: the order's item lines per GTIN, expected vs real, a GTIN filter, a page of LINES_PAGE. */
export const registerOrderLines = <L extends z.ZodType>(
  app: ZodApp,
  { tags, name, prefix, sides }: OrderPageKind,
  { line, reader }: { line: L; reader: OrderLinesReader<z.output<L>> },
): void => {
  pagedGetter(app, routeDeclarer(tags))(
    `${prefix}/:id/report/`,
    {
      summary: `Item lines of ${name} (per GTIN, expected vs real), ordered by GTIN`,
      params: idParamSchema,
      querystring: itemLineQuerySchema.extend(sides.query.shape),
      row: line,
      pageSize: LINES_PAGE,
    },
    (user, { params, query }, page) => reader.lines({ user, id: params.id, side: sides.of(query), query, page }),
  );
};
