import type { WebhookEndpoint } from '@rfid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshWebhooks } from './invalidate';

/** POST /webhooks/{id}/enable/: a disabled endpoint on again. */
export const enableWebhook = (id: number) => apiRequest<WebhookEndpoint>(`/webhooks/${id}/enable/`, { method: 'POST' });

export const useEnableWebhook = () => {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: enableWebhook, onSettled: refresh });
};
