import { WEBHOOK_TEST_EVENT, type WebhookTestAnswer } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import { bodyOf, headersOf, isAcknowledged, signingSecrets } from '../webhooks.rules.js';
import type { WebhookPost } from '../webhooks.transport.js';
import { requireEndpoint, type WebhookDeps } from './webhook-use-case.js';

/**
 * POST /api/webhooks/{id}/test/: a `webhook.test` message signed like any other, sent now (not queued, not retried,
 * not in the log): the answer says what the endpoint did, so a user checks an address and a secret at once.
 */
export const testEndpoint = async (
  { repo, now, post, newId }: WebhookDeps & { post: WebhookPost; newId: () => string },
  user: AuthUser,
  id: number,
): Promise<WebhookTestAnswer> => {
  const endpoint = await requireEndpoint(repo, user, id);
  const at = now();
  const body = bodyOf({ eventType: WEBHOOK_TEST_EVENT, createdAt: at, payload: { endpoint: endpoint.id } });
  const result = await post(endpoint.url, headersOf(signingSecrets(endpoint, at), newId(), at, body), body);
  const ok = result.status !== null && isAcknowledged(result.status);
  return {
    ok,
    status: result.status,
    duration_ms: result.durationMs,
    error:
      result.error ??
      (ok || result.status === null ? null : `HTTP ${result.status}${result.excerpt ? `: ${result.excerpt}` : ''}`),
  };
};
