/** Query keys of the webhooks (issue 27): everything under ['webhooks']. */
export const webhooksKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  locations: () => ['webhooks', 'locations'] as const,
  deliveries: (endpointId: number, filters: object) => ['webhooks', 'deliveries', endpointId, filters] as const,
};
