/** Query keys of the admin feature; mutations invalidate by these prefixes. */
export const adminKeys = {
  locations: ['admin', 'locations'] as const,
  location: (id: number) => ['admin', 'locations', 'one', id] as const,
  locationAreas: (id: number) => ['admin', 'locations', 'areas', id] as const,
  areas: ['admin', 'areas'] as const,
  area: (id: number) => ['admin', 'areas', 'one', id] as const,
  readers: ['admin', 'readers'] as const,
  reader: (id: number) => ['admin', 'readers', 'one', id] as const,
  nms: ['admin', 'nms'] as const,
  printers: ['admin', 'printers'] as const,
  printer: (id: number) => ['admin', 'printers', 'one', id] as const,
  users: ['admin', 'users'] as const,
  user: (id: number) => ['admin', 'users', 'one', id] as const,
  lookups: ['admin', 'lookups'] as const,
};
