import type { OrderKind } from '../orders';

/**
 * What differs between the kinds of order on the shared order pages (spec section 2: "Exit box
 * detail, exit order boxes, exit order detail and exit GTIN detail use the same layouts on the
 * origin side"; the entry boxes table has its own columns; online adds the online reading and a
 * per-box delete).
 */
export type BoxColumnId =
  | 'barcode'
  | 'status'
  | 'time'
  | 'items'
  | 'expected'
  | 'real'
  | 'matched'
  | 'references'
  | 'verifications'
  | 'percent'
  | 'delete';

/** The box table of each kind: the inbound one as it was, the entry columns of the spec for movements and online. */
export const BOX_COLUMNS: Record<OrderKind, BoxColumnId[]> = {
  purchase: ['barcode', 'status', 'time', 'items', 'matched', 'references', 'verifications'],
  entry: ['status', 'barcode', 'time', 'expected', 'real', 'references', 'verifications', 'percent'],
  exit: ['status', 'barcode', 'time', 'expected', 'real', 'references', 'verifications', 'percent'],
  online: ['status', 'barcode', 'time', 'expected', 'real', 'references', 'verifications', 'percent', 'delete'],
};

/** The label of a box's reading time on its side: read at a purchase's reception, arrival of an entry, exit otherwise. */
export const BOX_TIME_LABEL: Record<OrderKind, 'readingTime' | 'arrivalTime' | 'exitTime'> = {
  purchase: 'readingTime',
  entry: 'arrivalTime',
  exit: 'exitTime',
  online: 'exitTime',
};

/** Purchase order lines can be ticked for printing (spec: "Lines can be ticked and printed through a 4-step wizard"). */
export const canTickLines = (kind: OrderKind): boolean => kind === 'purchase';

/** Online lines and boxes carry a second reading where above 100 becomes 0 (spec section 2). */
export const hasOnlineReading = (kind: OrderKind): boolean => kind === 'online';

export const isMovement = (kind: OrderKind): kind is 'exit' | 'entry' => kind === 'exit' || kind === 'entry';
