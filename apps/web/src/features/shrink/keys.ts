/** Query keys of the shrink pages: everything under ['shrink']. */
export const shrinkKeys = {
  all: ['shrink'] as const,
  report: (locationId: number, period: { date_from: string; date_to: string }) =>
    ['shrink', 'report', locationId, period] as const,
};
