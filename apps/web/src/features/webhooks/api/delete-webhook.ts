import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshWebhooks } from './invalidate';

/** DELETE /webhooks/{id}/: the endpoint and its log. */
export const deleteWebhook = (id: number) => apiRequest<null>(`/webhooks/${id}/`, { method: 'DELETE' });

export const useDeleteWebhook = () => {
  const refresh = useRefreshWebhooks();
  return useMutation({ mutationFn: deleteWebhook, onSettled: refresh });
};
