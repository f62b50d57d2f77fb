import type { WebhookDelivery, WebhookDeliveryState } from '@rfid/contract';
import { LIST_PAGE_SIZE } from '@rfid/contract';
import type { PagedQuery, PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';
import { webhooksKeys } from '../keys';

export const WEBHOOK_DELIVERIES_PAGE_SIZE = LIST_PAGE_SIZE;

/** '' is every state. */
export type DeliveryFilters = { state: WebhookDeliveryState | '' };

/** GET /webhooks/{id}/deliveries/ (state, paging): the endpoint's delivery log, newest first. */
export const getWebhookDeliveries = (endpointId: number, filters: DeliveryFilters, page: PageParams) =>
  getPage<WebhookDelivery>(`/webhooks/${endpointId}/deliveries/`, page, {
    query: filters.state ? { state: filters.state } : {},
  });

export const webhookDeliveriesPages = (endpointId: number, filters: DeliveryFilters): PagedQuery<WebhookDelivery> => ({
  queryKey: webhooksKeys.deliveries(endpointId, filters),
  fetchPage: (page) => getWebhookDeliveries(endpointId, filters, page),
  pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE,
});
