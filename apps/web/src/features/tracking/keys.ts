/** Query keys of the tracking pages: everything under ['tracking']. */
export const trackingKeys = {
  all: ['tracking'] as const,
  epc: (epc: string) => ['tracking', 'epc', epc] as const,
  itemReadings: (itemId: number) => ['tracking', 'item-readings', itemId] as const,
  itemReadingGroups: (itemId: number) => ['tracking', 'item-reading-groups', itemId] as const,
  itemStatusChanges: (itemId: number) => ['tracking', 'item-status-changes', itemId] as const,
  freeReadingSets: (locationId: number) => ['tracking', 'free-reading-sets', locationId] as const,
  freeReadingSet: (id: string) => ['tracking', 'free-reading-set', id] as const,
  freeReadingSetEpcs: (id: string) => ['tracking', 'free-reading-set-epcs', id] as const,
};
