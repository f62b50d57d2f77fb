import type { ValueOf } from './const-enum.js';

/**
 * Live updates (issue 17, `GET /api/events/stream`): what changed, as the browsers hear it. Each topic names the
 * screens it refreshes; the payload is small (counts per location and area, never a row per item).
 */
export const LiveTopic = {
  /** A reader's reading set was stored: its device, area and claim (the reader pages, the tracker). */
  ReadingSet: 'reading-set',
  /** Items moved: counts per area of one location (stock, dashboards, the alarms bell). */
  Items: 'items',
  /** Boxes or orders changed by a verification or a return (order, box and dashboard pages). */
  Orders: 'orders',
  /** An inventory or a cabinet counted or was validated. */
  Inventory: 'inventory',
  /** A point of sale sold or took back items. */
  Pos: 'pos',
  /** Minimum stocks or counted stock changed: the alarms may have. */
  Alarms: 'alarms',
  /** An exit gate read an unsold tag, or a user resolved an exit alarm (issue 26). */
  ExitAlarm: 'exit-alarm',
  /** Sellable stock changed: an item's status, or items moved between floor and stockroom (issue 26). */
  Availability: 'availability',
  /** A reader reported its status. */
  Device: 'device',
  /** The stream cannot replay what was missed (too much, or pruned): refresh everything. */
  Reset: 'reset',
} as const;
export type LiveTopic = ValueOf<typeof LiveTopic>;
