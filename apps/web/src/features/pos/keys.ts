import type { PosKind } from './api/pos-kind';

/** Query keys of the POS pages: everything under ['pos']. */
export const posKeys = {
  all: ['pos'] as const,
  list: (kind: PosKind, locationId: number, filters: object) => ['pos', kind, 'list', locationId, filters] as const,
  detail: (kind: PosKind, id: string) => ['pos', kind, 'detail', id] as const,
  items: (kind: PosKind, id: string) => ['pos', kind, 'items', id] as const,
};
