/** Query keys of the replenishment pages: everything under ['replenishment']. */
export const replenishmentKeys = {
  all: ['replenishment'] as const,
  list: (locationId: number, filters: object) => ['replenishment', 'list', locationId, filters] as const,
  summary: (locationId: number) => ['replenishment', 'summary', locationId] as const,
  targets: (locationId: number) => ['replenishment', 'targets', locationId] as const,
};
