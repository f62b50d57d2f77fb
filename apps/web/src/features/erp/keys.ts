/** Query keys of the ERP screens (issue 27): everything under ['erp']. */
export const erpKeys = {
  all: ['erp'] as const,
  differences: (filters: object) => ['erp', 'differences', filters] as const,
  locations: ['erp', 'locations'] as const,
};
