import { searchAnswerSchema, searchQuerySchema } from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeDeclarer } from '../../http/route.js';
import { currentUser } from '../../plugins/auth.js';
import type { ModuleDeps } from '../registry.js';
import { createSearchRepository } from './search.repository.js';
import { search } from './use-cases/search.js';

/** The header search (issue 28, finding 16): every role, within its company and locations. */
export const searchRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  const route = routeDeclarer(['search']);
  const repo = createSearchRepository(db);

  app.get(
    '/search/',
    route({
      summary:
        'Find an item by its EPC (hex, EPC URI or GS1 Digital Link), a product by its GTIN, orders by the start of their code and boxes by the start of their barcode; each match with the web page to open (at most 8, exact ones first)',
      querystring: searchQuerySchema,
      ok: searchAnswerSchema,
    }),
    async (request) => search(repo, currentUser(request), request.query),
  );
};
