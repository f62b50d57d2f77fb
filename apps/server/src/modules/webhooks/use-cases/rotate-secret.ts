import { WEBHOOK_ROTATION_OVERLAP_MS, type WebhookSecret } from '@rfid/contract';
import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { requireEndpoint, type WebhookDeps } from './webhook-use-case.js';

/**
 * POST /api/webhooks/{id}/rotate_secret/: a new secret, answered this once; the current one becomes the previous one
 * and keeps signing beside it for 24 hours (`webhook-signature` carries both), so the receiver can switch meanwhile.
 */
export const rotateSecret = async (
  { repo, now, newSecret }: WebhookDeps & { newSecret: () => string },
  user: AuthUser,
  id: number,
): Promise<WebhookSecret> => {
  await requireEndpoint(repo, user, id);
  const secret = newSecret();
  const until = new Date(now().getTime() + WEBHOOK_ROTATION_OVERLAP_MS);
  if (!(await repo.rotateSecret(user.companyId, id, secret, until))) throw notFound('webhooks.not_found');
  return { secret, previous_secret_until: until.toISOString() };
};
