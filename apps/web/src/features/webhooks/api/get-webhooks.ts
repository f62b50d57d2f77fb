import type { WebhookEndpoint } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { webhooksKeys } from '../keys';

/** GET /webhooks/: the company's endpoints. */
export const getWebhooks = (signal?: AbortSignal) => apiRequest<WebhookEndpoint[]>('/webhooks/', { signal });

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: webhooksKeys.list(), queryFn: ({ signal }) => getWebhooks(signal) });

export const useWebhooks = () => useQuery(webhooksQueryOptions());
