/** Query keys of the header search (issue 28): everything under ['search']. */
export const searchKeys = {
  all: ['search'] as const,
  query: (q: string, locationId: number | null) => ['search', q, locationId] as const,
};
