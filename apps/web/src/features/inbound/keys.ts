/** Query keys of the inbound pages: everything under ['inbound']. */
export const inboundKeys = {
  all: ['inbound'] as const,
  orders: ['inbound', 'porders'] as const,
  list: (locationId: number | undefined, filters?: object) =>
    filters ? (['inbound', 'porders', 'list', locationId ?? 0, filters] as const) : (['inbound', 'porders', 'list'] as const),
  stats: (locationId: number, range: object) => ['inbound', 'porders', 'stats', locationId, range] as const,
  providerSearch: (text: string) => ['inbound', 'providers', 'search', text] as const,
  provider: (id: string | number) => ['inbound', 'providers', String(id)] as const,
  providerStatistics: (id: string | number) => ['inbound', 'providers', String(id), 'statistics'] as const,
  providerOrders: (providerId: string | number, pending: boolean) =>
    ['inbound', 'providers', String(providerId), 'orders', pending ? 'pending' : 'resolved'] as const,
  providerReturns: (locationId: number) => ['inbound', 'provider-returns', locationId] as const,
  providerReturn: (id: string | number) => ['inbound', 'provider-returns', 'one', String(id)] as const,
  providerReturnLines: (id: string | number) => ['inbound', 'provider-returns', 'lines', String(id)] as const,
  saleReturns: (locationId: number) => ['inbound', 'sale-returns', locationId] as const,
  saleReturn: (id: string | number) => ['inbound', 'sale-returns', 'one', String(id)] as const,
  saleReturnLines: (id: string | number) => ['inbound', 'sale-returns', 'lines', String(id)] as const,
};
