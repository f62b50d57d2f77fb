import type { WebhookTestAnswer } from '@rfid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /webhooks/{id}/test/: a signed webhook.test sent now; what the endpoint answered. */
export const testWebhook = (id: number) => apiRequest<WebhookTestAnswer>(`/webhooks/${id}/test/`, { method: 'POST' });

export const useTestWebhook = () => useMutation({ mutationFn: testWebhook });
