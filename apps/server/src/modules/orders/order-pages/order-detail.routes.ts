import { idParamSchema } from '@rfid/contract';
import type { z } from 'zod';
import type { ZodApp } from '../../../http/route.js';
import { errorResponses } from '../../../http/route-schemas.js';
import { currentUser } from '../../../plugins/auth.js';
import type { OrderPageKind, OrderReader } from './page-kind.js';

/** `GET` at each of `urls` (the v1 alias among them): one order with its counts, as seen from the side asked for. */
export const registerOrderDetail = <O extends z.ZodType>(
  app: ZodApp,
  { tags, name, sides }: OrderPageKind,
  { urls, order, reader }: { urls: string[]; order: O; reader: OrderReader<z.output<O>> },
): void => {
  // The answer is checked against the schema when sent; the reader's type ties the two together at the call site.
  const answer: z.ZodType = order;
  for (const url of urls) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: `${name} with its counts`,
          params: idParamSchema,
          querystring: sides.query,
          response: { 200: answer, ...errorResponses },
        },
      },
      async (request) => reader.get(currentUser(request), request.params.id, sides.of(request.query)),
    );
  }
};
