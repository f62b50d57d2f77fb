import type { Page, Provider } from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { inboundKeys } from '../keys';

/** GET /providers/?name__icontains=: the provider select of the order wizard. */
export const useProviderSearch = (text: string) =>
  useQuery({
    queryKey: inboundKeys.providerSearch(text),
    queryFn: ({ signal }) =>
      apiRequest<Page<Provider>>('/providers/', { query: { name__icontains: text, limit: 20, order_by: 'name' } }).then((page) =>
        signal.aborted ? [] : page.results,
      ),
    placeholderData: (previous) => previous,
  });
