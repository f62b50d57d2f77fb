import type { Page, PurchaseOrder } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchQueryOptions } from '../../../lib/query-client';
import { orderWizardKeys } from '../keys';

/** GET /locations/{id}/v1/porders/?order_code=: a purchase order of this location with exactly this code, if any. */
export const findPurchaseOrder = (locationId: number, orderCode: string, signal?: AbortSignal) =>
  apiRequest<Page<PurchaseOrder>>(`/locations/${locationId}/v1/porders/`, {
    query: { order_code: orderCode, limit: 1, order_by: '-creation_date' },
    signal,
    silent: true,
  }).then((page) => page.results[0] ?? null);

export const findPurchaseOrderQueryOptions = (locationId: number, orderCode: string) =>
  searchQueryOptions(
    orderWizardKeys.orderByCode(locationId, orderCode),
    (signal) => findPurchaseOrder(locationId, orderCode, signal),
    { enabled: orderCode.length > 0 },
  );

/** The purchase order that already has the code typed in the wizard (the code is accepted again, with a warning). */
export const useExistingPurchaseOrder = (locationId: number, orderCode: string, isEnabled: boolean) =>
  useQuery({ ...findPurchaseOrderQueryOptions(locationId, orderCode), enabled: isEnabled && orderCode.length > 0 });
