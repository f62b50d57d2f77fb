import type { WebhookSecret } from '@rfid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshWebhooks } from './invalidate';

/** POST /webhooks/{id}/rotate_secret/: a new secret (shown once); the previous one signs 24 h more. */
export const rotateWebhookSecret = (id: number) =>
  apiRequest<WebhookSecret>(`/webhooks/${id}/rotate_secret/`, { method: 'POST' });

export const useRotateWebhookSecret = () => {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: rotateWebhookSecret, onSettled: refresh });
};
