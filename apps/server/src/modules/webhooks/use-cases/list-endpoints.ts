import type { WebhookEndpoint } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import { toEndpoint } from '../webhooks.dto.js';
import type { WebhookDeps } from './webhook-use-case.js';

/** GET /api/webhooks/: the company's endpoints (not those made for EPCIS subscriptions), oldest first. */
export const listEndpoints = async ({ repo, now }: WebhookDeps, user: AuthUser): Promise<WebhookEndpoint[]> =>
  (await repo.list(user.companyId)).map((row) => toEndpoint(row, now()));
