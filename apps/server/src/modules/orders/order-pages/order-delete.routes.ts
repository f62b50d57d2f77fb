import { idParamSchema } from '@rfid/contract';
import type { ZodApp } from '../../../http/route.js';
import { routeDeclarer } from '../../../http/route.js';
import { conflictErrorResponses } from '../../../http/route-schemas.js';
import { currentUser } from '../../../plugins/auth.js';
import type { OrderPageKind, OrderRemover } from './page-kind.js';

/** `DELETE` at each of `urls`: an order with no verified box (409 otherwise), by roles up to `maxRole`. */
export const registerOrderDelete = (
  app: ZodApp,
  kind: OrderPageKind,
  { urls, maxRole, remover }: { urls: string[]; maxRole: number; remover: OrderRemover },
): void => {
  const route = routeDeclarer(kind.tags);
  for (const url of urls) {
    app.delete(
      url,
      route({
        maxRole,
        summary: `Delete ${kind.name} with no verified box (409 'Cannot delete the order. Check verifications.')`,
        params: idParamSchema,
        noContent: true,
        errors: conflictErrorResponses,
      }),
      async (request, reply) => {
        await remover.remove(currentUser(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  }
};
