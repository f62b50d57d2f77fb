import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { WebhookDeps } from './webhook-use-case.js';

/** DELETE /api/webhooks/{id}/: the endpoint and its delivery log go; nothing more is sent to it. */
export const deleteEndpoint = async ({ repo }: Pick<WebhookDeps, 'repo'>, user: AuthUser, id: number): Promise<void> => {
  if (!(await repo.remove(user.companyId, id))) throw notFound('webhooks.not_found');
};
