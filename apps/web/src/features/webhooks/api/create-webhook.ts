import type { WebhookEndpointCreated, WebhookEndpointCreateInput } from '@rfid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshWebhooks } from './invalidate';

/** POST /webhooks/: a new endpoint; the answer holds its secret, shown once. */
export const createWebhook = (body: WebhookEndpointCreateInput) =>
  apiRequest<WebhookEndpointCreated>('/webhooks/', { method: 'POST', body });

export const useCreateWebhook = () => {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: createWebhook, onSettled: refresh });
};
