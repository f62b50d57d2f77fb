/** Every page of the inventory feature (spec section 2 routes, plus the GTIN in an inventory). */
export const INVENTORY_PATHS = {
  dashboard: '/inventory/',
  detail: (id: number | string) => `/inventory/${id}/detail`,
  items: (id: number | string) => `/inventory/${id}/detail-items`,
  gtin: (id: number | string, itemType: number | string) => `/inventory/${id}/gtin/${itemType}/detail`,
} as const;
