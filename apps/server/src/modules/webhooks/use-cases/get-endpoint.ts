import type { WebhookEndpoint } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import { toEndpoint } from '../webhooks.dto.js';
import { requireEndpoint, type WebhookDeps } from './webhook-use-case.js';

/** GET /api/webhooks/{id}/: one endpoint of the company (404 otherwise). */
export const getEndpoint = async ({ repo, now }: WebhookDeps, user: AuthUser, id: number): Promise<WebhookEndpoint> =>
  toEndpoint(await requireEndpoint(repo, user, id), now());
