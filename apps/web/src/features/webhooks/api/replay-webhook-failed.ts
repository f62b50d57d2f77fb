import type { WebhookReplayAnswer } from '@rfid/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshWebhooks } from './invalidate';

/** POST /webhooks/{id}/replay/: every failed delivery made since `since` sent again. */
export const replayWebhookFailed = ({ id, since }: { id: number; since: string }) =>
  apiRequest<WebhookReplayAnswer>(`/webhooks/${id}/replay/`, { method: 'POST', body: { since } });

export const useReplayWebhookFailed = () => {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: replayWebhookFailed, onSettled: refresh });
};
