// The store floor (issue 26): item status, availability (sellable stock) per store and GTIN, and finding an item.
import { z } from 'zod';
import { areaRefFields, listQueryFields, locationRefFields, nullableFields } from './common.js';
import { ITEM_STATUSES, ItemStatus } from './enums.js';
import { epcHexSchema } from './ingest.js';

/* ------------------------------------------------------------------ item status */

/** At most this many EPCs in one status change (a handheld's read of a rail). */
export const STATUS_CHANGE_MAX_EPCS = 1_000;
/** A reservation's reference (an online order's code, say). */
export const STATUS_REFERENCE_MAX = 100;

/** The API names of the statuses (ItemStatus of enums.ts), in its order: translation keys of the web too. */
export const ITEM_STATUS_NAMES = ['sellable', 'on_display', 'damaged', 'reserved', 'quarantine'] as const;
export type ItemStatusName = (typeof ITEM_STATUS_NAMES)[number];
export const itemStatusName = (status: number): ItemStatusName => ITEM_STATUS_NAMES[status] ?? 'sellable';

/** The statuses that count as sellable stock (availability's `sellable`). */
export const SELLABLE_STATUSES: readonly ItemStatus[] = [ItemStatus.Sellable, ItemStatus.OnDisplay];

/**
 * The EPCIS disposition (CBV 2.0) a status change gives: every status has one, so every change is an ObjectEvent
 * OBSERVE with it (docs/store-floor/availability.md).
 */
export const STATUS_DISPOSITIONS: Record<ItemStatus, string> = {
  [ItemStatus.Sellable]: 'sellable_accessible',
  [ItemStatus.OnDisplay]: 'sellable_accessible',
  [ItemStatus.Damaged]: 'damaged',
  [ItemStatus.Reserved]: 'reserved',
  [ItemStatus.Quarantine]: 'non_sellable_other',
};

/** Where a status change comes from (`item_status_changes.reason`). */
export const STATUS_SOURCES = ['user', 'handheld'] as const;

const itemStatusSchema = z
  .number()
  .int()
  .refine((s): s is ItemStatus => (ITEM_STATUSES as readonly number[]).includes(s), 'Choose a status from 0 to 4.');

/**
 * POST /items/status/ (roles 1 to 4): the status of the items of these EPCs, all at locations the user sees. Reserved
 * needs a `reference`; the other statuses keep the one sent (or none).
 */
export const itemStatusBodySchema = z
  .object({
    epcs: z
      .array(epcHexSchema)
      .min(1, 'Name at least one EPC.')
      .max(STATUS_CHANGE_MAX_EPCS, `At most ${STATUS_CHANGE_MAX_EPCS} EPCs.`),
    status: itemStatusSchema,
    reference: z.string().trim().max(STATUS_REFERENCE_MAX).optional(),
    /** Where the change was made: the web's EPC page or the API (`user`, default), or a handheld app (`handheld`). */
    source: z.enum(STATUS_SOURCES).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status === ItemStatus.Reserved && !body.reference) {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: 'A reservation needs a reference.' });
    }
  });
export type ItemStatusBody = z.input<typeof itemStatusBodySchema>;
export type ItemStatusInput = z.output<typeof itemStatusBodySchema>;

/** The answer: how many items changed status (those already in it are left alone) and how many were named. */
export const itemStatusAnswerSchema = z.object({ changed: z.number(), items: z.number() });
export type ItemStatusAnswer = z.infer<typeof itemStatusAnswerSchema>;

/** One change of an item's status (GET /items/{id}/status_changes/), newest first. */
export const itemStatusChangeSchema = z.object({
  id: z.number(),
  from_status: z.number(),
  to_status: z.number(),
  reference: z.string().nullable(),
  reason: z.string(),
  user: z.string().nullable(),
  location: z.number().nullable(),
  at: z.string(),
});
export type ItemStatusChange = z.infer<typeof itemStatusChangeSchema>;

/* ------------------------------------------------------------------ availability */

export const AVAILABILITY_PAGE_SIZE = 20;

/** GET /locations/{id}/availability/ filters: a GTIN, a model and a section (item types' fields), exact. */
export const availabilityQuerySchema = z.object({
  ...listQueryFields,
  gtin: z.string().trim().max(14).optional(),
  model: z.string().trim().max(100).optional(),
  section: z.string().trim().max(100).optional(),
});
export type AvailabilityQuery = z.input<typeof availabilityQuerySchema>;

/** The figures of one GTIN at a store (docs/store-floor/availability.md has the formulas). */
export const availabilityCountsFields = {
  /** Items STOCKED at the location. */
  in_stock: z.number(),
  /** STOCKED in an area of kind sales_floor or fitting_room. */
  on_floor: z.number(),
  /** STOCKED in an area of kind stockroom. */
  in_stockroom: z.number(),
  /** STOCKED with status sellable or on display. */
  sellable: z.number(),
  /** STOCKED with status reserved. */
  reserved: z.number(),
  /** What may be promised to a customer: the sellable stock (reserved items are not in it). */
  available_to_promise: z.number(),
};
export type AvailabilityCounts = { [K in keyof typeof availabilityCountsFields]: number };

/** An item type as the availability pages name it: its GTIN, description, model, size and colour. */
const itemTypeFields = {
  gtin: z.string(),
  description: z.string(),
  model: z.string(),
  size: z.string(),
  colour: z.string(),
};

export const availabilityRowSchema = z.object({
  ...itemTypeFields,
  section: z.string(),
  ...availabilityCountsFields,
});
export type AvailabilityRow = z.infer<typeof availabilityRowSchema>;

/* ------------------------------------------------------------------ find an item */

/** GET /find/?epc=|gtin=|model= (one of them) and `location` (the chosen store; default the user's first). */
export const findItemQuerySchema = z
  .object({
    epc: z.string().trim().max(128).optional(),
    gtin: z.string().trim().max(14).optional(),
    model: z.string().trim().max(100).optional(),
    location: z.coerce.number().int().positive().optional(),
  })
  .superRefine((q, ctx) => {
    const given = [q.epc, q.gtin, q.model].filter((v) => v !== undefined && v !== '').length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: ['epc'], message: 'Name one of epc, gtin or model.' });
  });
export type FindItemQuery = z.input<typeof findItemQuerySchema>;

/** Where an item was last seen: its area, the reader of its last read and when. */
export const lastSeenSchema = z.object({
  epc: z.string(),
  item: z.number(),
  status: z.number(),
  ...nullableFields(locationRefFields),
  ...nullableFields(areaRefFields),
  device: z.string().nullable(),
  at: z.string().nullable(),
});
export type LastSeen = z.infer<typeof lastSeenSchema>;

/** One store's counts of an item type. */
export const findStoreCountsSchema = z.object({
  location: z.number(),
  description: z.string(),
  code: z.string(),
  on_floor: z.number(),
  in_stockroom: z.number(),
  in_stock: z.number(),
});
export type FindStoreCounts = z.infer<typeof findStoreCountsSchema>;

/** One item type found (a size and colour of the model): its counts in the chosen store and in the others. */
export const foundItemTypeSchema = z.object({
  ...itemTypeFields,
  here: findStoreCountsSchema.nullable(),
  others: z.array(findStoreCountsSchema),
  /** The items of this GTIN at the chosen store, the most recently seen first (at most FIND_LAST_SEEN_MAX). */
  last_seen: z.array(lastSeenSchema),
});
export type FoundItemType = z.infer<typeof foundItemTypeSchema>;

export const FIND_TYPES_MAX = 60;
export const FIND_LAST_SEEN_MAX = 5;

export const findItemAnswerSchema = z.object({
  location: z.number().nullable(),
  types: z.array(foundItemTypeSchema),
  /** An EPC search: the item itself (null when unknown or not in the user's scope). */
  item: lastSeenSchema.nullable(),
});
export type FindItemAnswer = z.infer<typeof findItemAnswerSchema>;

/** GET /find/locate/?epc=: the EPC's latest reads (newest first) with their RSSI, for the locate view. */
export const locateQuerySchema = z.object({ epc: epcHexSchema });
export const locateReadSchema = z.object({
  at: z.string(),
  rssi: z.number().nullable(),
  antenna: z.number().nullable(),
  device: z.string().nullable(),
});
export const locateAnswerSchema = z.object({
  epc: z.string(),
  found: z.boolean(),
  reads: z.array(locateReadSchema),
});
export type LocateAnswer = z.infer<typeof locateAnswerSchema>;
export const LOCATE_READS = 20;
