/** Query keys of the inventory pages: everything under ['inventory'], so a write refreshes it all. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  list: (locationId?: number, filters?: object) =>
    locationId === undefined
      ? (['inventory', 'list'] as const)
      : filters
        ? (['inventory', 'list', locationId, filters] as const)
        : (['inventory', 'list', locationId] as const),
  detail: (id: string) => ['inventory', 'detail', id] as const,
  summary: (id: string, kind: string, filters: object) => ['inventory', 'summary', id, kind, filters] as const,
  tags: (id: string, kind: string, filters: object) => ['inventory', 'tags', id, kind, filters] as const,
  stats: (locationId: number) => ['inventory', 'stats', locationId] as const,
  areas: (locationId: number) => ['inventory', 'areas', locationId] as const,
  users: (id: string) => ['inventory', 'users', id] as const,
  gtinSearch: (text: string) => ['inventory', 'gtin-search', text] as const,
  gtin: (id: string, itemType: string) => ['inventory', 'gtin', id, itemType] as const,
};
