/** Query keys of the online orders pages: everything under ['online']. */
export const onlineKeys = {
  all: ['online'] as const,
  orders: ['online', 'orders'] as const,
  list: (locationId: number, filters: object) => ['online', 'orders', 'list', locationId, filters] as const,
  stats: (locationId: number, range: object) => ['online', 'orders', 'stats', locationId, range] as const,
};
