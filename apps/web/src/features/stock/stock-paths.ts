/** The stock feature's pages (spec section 2, route table). */
export const STOCK_PATHS = {
  stock: '/stock',
  epcStock: '/epc-stock',
  alarms: '/alarm',
  areaStock: '/inventory/stocks',
  boxStock: '/inventory/boxstocks',
  upload: '/inventory/upload_csv/',
  gtin: (gtin: string) => `/inventory/stocks/${encodeURIComponent(gtin)}/gtin`,
  /** The minimum stock form of a GTIN, with the area chosen when known. */
  minimum: (gtin: string, areaId?: number) => `/minstock/${encodeURIComponent(gtin)}/edit${areaId ? `?area=${areaId}` : ''}`,
  areaStockOf: (areaId: number) => `/inventory/stocks?area=${areaId}`,
};
