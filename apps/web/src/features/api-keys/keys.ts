/** Query keys of the API keys page (issue 27): everything under ['api-keys']. */
export const apiKeysKeys = {
  all: ['api-keys'] as const,
  list: (withRevoked: boolean) => ['api-keys', 'list', withRevoked] as const,
  locations: ['api-keys', 'locations'] as const,
};
