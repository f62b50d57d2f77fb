/** Query keys of the brand dashboard. */
export const brandKeys = {
  all: ['brand'] as const,
  location: (locationId: number) => ['brand', 'location', locationId] as const,
  statistics: (brandId: number, path: string) => ['brand', 'statistics', brandId, path] as const,
  dashboards: (description: string) => ['brand', 'dashboards', description] as const,
  brands: ['brand', 'brands'] as const,
  brand: (id: number) => ['brand', 'brands', id] as const,
};
