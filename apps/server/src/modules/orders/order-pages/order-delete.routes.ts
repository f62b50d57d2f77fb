import { idParamSchema } from '@rfid/contract';
import { noContentDeleter } from '../../../http/delete-route.js';
import type { ZodApp } from '../../../http/route.js';
import { routeDeclarer } from '../../../http/route.js';
import { conflictErrorResponses } from '../../../http/route-schemas.js';
import type { OrderPageKind, OrderRemover } from './page-kind.js';

/** `DELETE` at each of `urls`: an order with no verified box (409 otherwise), by roles up to `maxRole`. */
export const registerOrderDelete = (
  app: ZodApp,
  kind: OrderPageKind,
  { urls, maxRole, remover }: { urls: string[]; maxRole: number; remover: OrderRemover },
): void => {
  const deleteNoContent = noContentDeleter(app, routeDeclarer(kind.tags));
  for (const url of urls) {
    deleteNoContent(
      url,
      {
        maxRole,
        summary: `Delete ${kind.name} with no verified box (409 'Cannot delete the order. Check verifications.')`,
        params: idParamSchema,
        errors: conflictErrorResponses,
      },
      (user, { id }) => remover.remove(user, id),
    );
  }
};
