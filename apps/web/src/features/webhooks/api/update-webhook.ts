import type { WebhookEndpoint, WebhookEndpointUpdate } from '@rfid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshWebhooks } from './invalidate';

/** PATCH /webhooks/{id}/: url, description, event types, locations, enabled. */
export const updateWebhook = ({ id, body }: { id: number; body: WebhookEndpointUpdate }) =>
  apiRequest<WebhookEndpoint>(`/webhooks/${id}/`, { method: 'PATCH', body });

export const useUpdateWebhook = () => {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: updateWebhook, onSettled: refresh });
};
