import { idParamSchema, itemLineQuerySchema, pageOf } from '@rfid/contract';
import type { z } from 'zod';
import { pageParams, toPage } from '../../../http/paging.js';
import { routeDeclarer } from '../../../http/route.js';
import { LINES_PAGE } from '../../../http/route-schemas.js';
import { currentUser } from '../../../plugins/auth.js';
import type { OrderLinesReader, OrderPageKind, ZodApp } from './page-kind.js';

/** `GET {prefix}/:id/report/`: the order's item lines per GTIN, expected vs real, a GTIN filter, a page of LINES_PAGE. */
export const registerOrderLines = <L extends z.ZodType>(
  app: ZodApp,
  { tags, name, prefix, sides }: OrderPageKind,
  { line, reader }: { line: L; reader: OrderLinesReader<z.output<L>> },
): void => {
  app.get(
    `${prefix}/:id/report/`,
    routeDeclarer(tags)({
      summary: `Item lines of ${name} (per GTIN, expected vs real), ordered by GTIN`,
      params: idParamSchema,
      querystring: itemLineQuerySchema.extend(sides.query.shape),
      ok: pageOf(line),
    }),
    async (request) => {
      const page = pageParams(request.query, LINES_PAGE);
      const { count, results } = await reader.lines({
        user: currentUser(request),
        id: request.params.id,
        side: sides.of(request.query),
        query: request.query,
        page,
      });
      return toPage(request, page, count, results);
    },
  );
};
