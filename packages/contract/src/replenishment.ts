// Replenishment (issue 26, item 4): floor targets per store, GTIN or section, the pick list of what is missing on the
// sales floor and present in the stockroom (ordered by recent sales), the picks a phone makes, and "not on shelf but in
// stock" (NOSBOS). docs/store-floor/replenishment.md.
import { z } from 'zod';
import { gtinVariantFields, intIn, pageQueryFields } from './common.js';
import { PICK_STATUSES } from './enums.js';

export const REPLENISHMENT_PAGE_SIZE = 20;
/** The most units a floor target may ask for (a target is a display quantity, not a stock level). */
export const FLOOR_TARGET_MAX = 999;
/** How many EPCs of the stockroom a pick list line names (to find the items with a handheld). */
export const PICK_EPCS_SHOWN = 5;
/** The sales a pick list is ordered by: the GTIN's POS sales at the store over these last days. */
export const RECENT_SALES_DAYS = 7;

const GTIN_MESSAGE = 'A GTIN is 8 to 14 digits.';
const gtinField = z
  .string({ error: GTIN_MESSAGE })
  .trim()
  .regex(/^\d{8,14}$/, { error: GTIN_MESSAGE });
const targetField = intIn(0, FLOOR_TARGET_MAX, `A target is a whole number from 0 to ${FLOOR_TARGET_MAX}.`);

/** One override of a store's floor target: for one GTIN or for every GTIN of a section (exactly one of them is set). */
export const floorTargetSchema = z.object({
  id: z.number(),
  gtin: z.string().nullable(),
  section: z.string().nullable(),
  /** The GTIN's description (null for a section's target, or a GTIN the catalog does not know). */
  description: z.string().nullable(),
  target: z.number(),
  updated_at: z.string(),
});
export type FloorTarget = z.infer<typeof floorTargetSchema>;

/** GET /api/locations/{id}/floor_targets/: the store's default (units of each GTIN on the floor) and its overrides. */
export const floorTargetsSchema = z.object({ default: z.number(), overrides: z.array(floorTargetSchema) });
export type FloorTargets = z.infer<typeof floorTargetsSchema>;

/** PUT /api/locations/{id}/floor_targets/: the default, or the target of one GTIN or one section (an upsert). */
export const floorTargetBodySchema = z
  .object({
    gtin: gtinField.optional(),
    section: z.string({ error: 'A section is a text.' }).trim().min(1, 'Name the section.').max(100).optional(),
    /** Sets the store's default when neither gtin nor section is given. */
    target: targetField,
  })
  .refine((body) => !(body.gtin !== undefined && body.section !== undefined), {
    path: ['section'],
    error: 'A target is for a GTIN or a section, not both.',
  });
export type FloorTargetBody = z.input<typeof floorTargetBodySchema>;
/** The two shapes of that body the web's floor targets form sends: the store's default, or one GTIN's target. */
export const floorTargetDefaultBodySchema = z.object({ target: targetField });
export const floorTargetGtinBodySchema = z.object({ gtin: gtinField, target: targetField });
export type FloorTargetInput = z.output<typeof floorTargetBodySchema>;

/** DELETE /api/locations/{id}/floor_targets/{targetId}/ takes the override away (the section's or the default applies). */
export const floorTargetParamSchema = z.object({ id: intIn(1, 2_147_483_647), targetId: intIn(1, 2_147_483_647) });

/** The pick list's query: paging and an optional GTIN filter (digits it contains). */
export const replenishmentQuerySchema = z.object({
  ...pageQueryFields,
  gtin: z.string().trim().max(14).optional(),
});

/** A stockroom area holding units of the line, with how many. */
export const pickAreaSchema = z.object({ id: z.number(), description: z.string(), count: z.number() });

/**
 * One line of a store's pick list (GET /api/locations/{id}/replenishment/): a GTIN whose sales floor holds fewer units
 * than its target while its stockroom holds some. `to_pick` = min(target − on_floor, in_stockroom), never 0 in the list.
 */
export const replenishmentLineSchema = z.object({
  gtin: z.string(),
  item_type: z.number().nullable(),
  ...gtinVariantFields,
  section: z.string(),
  image: z.string(),
  target: z.number(),
  on_floor: z.number(),
  in_stockroom: z.number(),
  missing: z.number(),
  to_pick: z.number(),
  /** POS units sold at the store in the last RECENT_SALES_DAYS days (the list's order). */
  sold_recently: z.number(),
  /** Where to take them from: the stockroom areas holding the GTIN. */
  areas: z.array(pickAreaSchema),
  /** A few EPCs of the stockroom's units (PICK_EPCS_SHOWN). */
  epcs: z.array(z.string()),
  /** Picked today and not seen on the floor yet: the units picked (null: not picked). */
  picked: z.number().nullable(),
  picked_at: z.string().nullable(),
});
export type ReplenishmentLine = z.infer<typeof replenishmentLineSchema>;

/** GET /api/locations/{id}/replenishment/summary/: the store dashboard's figures. */
export const replenishmentSummarySchema = z.object({
  /** "Not on shelf but in stock": GTINs with no unit on the floor and at least one in the stockroom. */
  nosbos: z.number(),
  /** Lines of the pick list (skipped ones included) and the units they ask for. */
  lines: z.number(),
  units: z.number(),
});
export type ReplenishmentSummary = z.infer<typeof replenishmentSummarySchema>;

/**
 * POST /api/locations/{id}/replenishment/picks/: a phone works a line. `skipped` hides it for the rest of the store's
 * day; `picked` marks it (quantity: the units taken, default the line's to_pick) until the floor sees them. `id`, a
 * UUID the app makes once (the handheld's queue, issue 32), makes a resend answer the first pick (200) and store none.
 */
export const pickBodySchema = z.object({
  id: z.uuid('id must be a UUID.').optional(),
  gtin: gtinField,
  status: z.enum(PICK_STATUSES, { error: 'The status is picked or skipped.' }),
  quantity: intIn(1, FLOOR_TARGET_MAX, `A quantity is a whole number from 1 to ${FLOOR_TARGET_MAX}.`).optional(),
});
export type PickBody = z.input<typeof pickBodySchema>;
export type PickInput = z.output<typeof pickBodySchema>;

export const pickAnswerSchema = z.object({
  id: z.number(),
  gtin: z.string(),
  status: z.enum(PICK_STATUSES),
  quantity: z.number(),
  at: z.string(),
});
export type PickAnswer = z.infer<typeof pickAnswerSchema>;
