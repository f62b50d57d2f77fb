/** Query keys of the movements pages: everything under ['movements']. */
export const movementsKeys = {
  all: ['movements'] as const,
  destinations: (params: object) => ['movements', 'create', 'destinations', params] as const,
  entries: (locationId: number, filters: object) => ['movements', 'entries', locationId, filters] as const,
  entryStats: (locationId: number, range: object) => ['movements', 'entries', 'stats', locationId, range] as const,
  exits: (locationId: number, filters: object) => ['movements', 'exits', locationId, filters] as const,
  exitStats: (locationId: number, range: object) => ['movements', 'exits', 'stats', locationId, range] as const,
  aware: (locationId: number, filters: object) => ['movements', 'aware', locationId, filters] as const,
};
