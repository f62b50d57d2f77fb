/** Query keys of the store floor's availability and find-item pages: everything under ['availability']. */
export const availabilityKeys = {
  all: ['availability'] as const,
  list: (locationId: number, filters: object) => ['availability', 'list', locationId, filters] as const,
  find: (query: object) => ['availability', 'find', query] as const,
  locate: (epc: string) => ['availability', 'locate', epc] as const,
};
