import type { WebhookReplayAnswer } from '@rfid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshWebhooks } from './invalidate';

/** POST /webhooks/{id}/deliveries/{deliveryId}/replay/: a failed delivery sent again. */
export const replayWebhookDelivery = ({ id, deliveryId }: { id: number; deliveryId: number }) =>
  apiRequest<WebhookReplayAnswer>(`/webhooks/${id}/deliveries/${deliveryId}/replay/`, { method: 'POST' });

export const useReplayWebhookDelivery = () => {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: replayWebhookDelivery, onSettled: refresh });
};
