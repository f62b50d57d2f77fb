/** Query keys of the EPCIS page (issue 27): everything under ['epcis']. */
export const epcisKeys = {
  all: ['epcis'] as const,
  events: (filters: object, token: string | null) => ['epcis', 'events', filters, token] as const,
};
