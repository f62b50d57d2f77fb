// Request and response shapes of the tracking module (Zod); the server validates with them, the web types its calls with them.
import { z } from 'zod';
import { readerRefFields } from './admin.js';
import { filteredListQuery, gtinCatalogFields, tagIdentityFields } from './common.js';
import { readCountFields, readWindowFields } from './ingest.js';
import { orderTypeSchema } from './orders.js';

/** Item state names as the spec writes them (0 STOCKED … 4 RETURNED TO SUPPLIER). */
export const ITEM_STATE_NAMES: Record<number, string> = {
  0: 'STOCKED',
  1: 'UNKNOW',
  2: 'IN TRANSIT',
  3: 'SOLD',
  4: 'RETURNED TO SUPPLIER',
};
export const itemStateName = (state: number): string => ITEM_STATE_NAMES[state] ?? String(state);
/** An item's state (ItemState) and its name (`itemStateName`), as an item and each of its readings carry them. */
const itemStateFields = { state: z.number(), state_name: z.string() };

export const areaRefSchema = z.object({ id: z.number(), description: z.string(), location_description: z.string() });
export type AreaRef = z.infer<typeof areaRefSchema>;

/** POST /epc/retrieve/ {epc}: the items with that EPC (hex, case-insensitive). */
/** An EPC (hex) or a GS1 Digital Link URI with a GTIN and a serial (issue 17). */
export const epcRetrieveBodySchema = z.object({ epc: z.string().trim().min(1, 'Not found').max(512) });

/** An item (one physical tag). */
export const itemSchema = z.object({
  id: z.number(),
  ...tagIdentityFields,
  ...gtinCatalogFields,
  ...itemStateFields,
  area: areaRefSchema.nullable(),
  location: z.number().nullable(),
  last_seen_at: z.string().nullable(),
  /** Whether it may be sold (ItemStatus; issue 26) and the status's reference (a reservation's order code). */
  status: z.number(),
  status_ref: z.string().nullable(),
});
export type Item = z.infer<typeof itemSchema>;
export const epcRetrieveResponseSchema = z.array(itemSchema);

/** GET /items/ filters: epc__icontains, gtin, gtin__icontains, state, area, location. */
export const itemListQuerySchema = filteredListQuery(
  'epc',
  'epc__icontains',
  'gtin',
  'gtin__icontains',
  'state',
  'area',
  'location',
);
/** GET /items/ as the server reads it: its named filters (the route's other text filters pass through untyped). */
export type ItemListQuery = z.output<typeof itemListQuerySchema>;

/**
 * What brought a reading, from the records that claimed its set (issue 28): the order and box a box verification
 * compared it with (`side` the order's side that read it), or the return that received it (and that return's order).
 */
export const readingSourceFields = {
  order: z.object({ id: z.number(), order_code: z.string(), type: orderTypeSchema }).nullable(),
  box: z.object({ id: z.number(), codebar: z.string() }).nullable(),
  side: z.enum(['origin', 'destination']).nullable(),
  return: z.object({ id: z.number(), kind: z.enum(['provider', 'sale']), code: z.string() }).nullable(),
};

const readingSourceSchema = z.object(readingSourceFields);
export type ReadingSource = z.infer<typeof readingSourceSchema>;

/**
 * EPC reading (spec section 3): one read of a tag. `area1` is where the item was before the
 * read, `area2` where it is after; `state` is the state after the read.
 */
export const epcReadingSchema = z.object({
  id: z.number(),
  date: z.string(),
  ...itemStateFields,
  area1: areaRefSchema.nullable(),
  area2: areaRefSchema.nullable(),
  readingSet: z.string(),
  epc: z.string(),
  /** Module that claimed the reading set (verification, pos …), null for a free reading set. */
  claimed_by: z.string().nullable(),
  device: z.string().nullable(),
  /** Where the reader that made the reading is installed (a free read does not move the item). */
  read_area: areaRefSchema.nullable(),
  antenna: z.number().nullable(),
  rssi: z.number().nullable(),
  ...readingSourceFields,
});
export type EpcReading = z.infer<typeof epcReadingSchema>;

/**
 * A tag's readings grouped by reading set (GET /items/{id}/readingsets/): one row per set, however many antennas and
 * rounds read the tag in it: its first and last read, how many reads, which antennas, the best RSSI; the state and
 * areas are the set's outcome for the tag (area1 of its first read, state and area2 of its last).
 */
export const epcReadingGroupSchema = epcReadingSchema.omit({ id: true, date: true, antenna: true, rssi: true }).extend({
  first_date: z.string(),
  date: z.string(),
  read_count: z.number(),
  antennas: z.array(z.number()),
  best_rssi: z.number().nullable(),
});
export type EpcReadingGroup = z.infer<typeof epcReadingGroupSchema>;

/** Free reading set list row (GET /locations/{id}/free_reading_sets/). */
export const freeReadingSetSchema = z.object({
  id: z.string(),
  ...readWindowFields,
  codebar: z.string().nullable(),
  working_mode: z.number().nullable(),
  ...readCountFields,
  device: z.object(readerRefFields).nullable(),
  area: areaRefSchema.nullable(),
});
export type FreeReadingSet = z.infer<typeof freeReadingSetSchema>;

/** Free reading set list filters: start_time__gte/__lte, id__icontains, codebar__icontains, area. */
export const freeReadingSetListQuerySchema = filteredListQuery(
  'start_time__gte',
  'start_time__lte',
  'id__icontains',
  'codebar__icontains',
  'area',
);
/** The free reading sets' list as the server reads it: its named filters. */
export type FreeReadingSetListQuery = z.output<typeof freeReadingSetListQuerySchema>;

/** One line of the free reading set report: a GTIN (null for EPCs that are not GS1) and its count. */
export const freeReadingSetLineSchema = z.object({
  gtin: z.string().nullable(),
  ...gtinCatalogFields,
  model: z.string().nullable(),
  colour: z.string().nullable(),
  size: z.string().nullable(),
  quantity: z.number(),
});
export type FreeReadingSetLine = z.infer<typeof freeReadingSetLineSchema>;

/** GET /free_reading_set/{id}/detail/: the set and its report per GTIN (most read first). */
export const freeReadingSetDetailSchema = freeReadingSetSchema.extend({
  unknown_count: z.number(),
  lines: z.array(freeReadingSetLineSchema),
});
export type FreeReadingSetDetail = z.infer<typeof freeReadingSetDetailSchema>;

/** GET /free_reading_set/{id}/epcs/: the distinct EPCs of the set, paged (epc__icontains, gtin). */
export const readingSetEpcSchema = z.object({
  epc: z.string(),
  gtin: z.string().nullable(),
  description: z.string().nullable(),
  item: z.number(),
  reads: z.number(),
  first_read: z.string(),
});
export type ReadingSetEpc = z.infer<typeof readingSetEpcSchema>;
