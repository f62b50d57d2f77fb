/** Query keys of the stock feature: everything under ['stock'], so a write can refresh it all. */
export const stockKeys = {
  all: ['stock'] as const,
  areas: (locationId: number) => ['stock', 'areas', locationId] as const,
  areaSummary: (areaId: number, filters: object) => ['stock', 'area-summary', areaId, filters] as const,
  globalStock: (filters: object) => ['stock', 'global', filters] as const,
  itemStock: (filters: object) => ['stock', 'items', filters] as const,
  boxStock: (filters: object) => ['stock', 'boxes', filters] as const,
  boxContent: (codebar: string) => ['stock', 'box-content', codebar] as const,
  boxesSeen: (areaId: number, filters: object) => ['stock', 'boxes-seen', areaId, filters] as const,
  itemType: (gtin: string) => ['stock', 'item-type', gtin] as const,
  minimumStocks: (itemTypeId: number, locationId: number) => ['stock', 'minimum', itemTypeId, locationId] as const,
  alarms: (filters: object) => ['stock', 'alarms', filters] as const,
  alarmCount: (filters: object) => ['stock', 'alarm-count', filters] as const,
};
