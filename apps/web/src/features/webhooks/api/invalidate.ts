import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { webhooksKeys } from '../keys';

/** After any change of an endpoint, its list and logs are read again. */
export const refreshWebhooks = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: webhooksKeys.all });

export const useRefreshWebhooks = () => {
  const queryClient = useQueryClient();
  return () => refreshWebhooks(queryClient);
};
