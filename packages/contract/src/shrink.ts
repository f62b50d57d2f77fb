/**
 * The store floor (issue 26): shrink and inventory accuracy of a store over a period of days
 * (docs/store-floor/shrink.md has the definitions and the formulas).
 */
import { z } from 'zod';
import { DATE_RANGE_MESSAGE, isDateInRange } from './common.js';
import { isDay } from './dates.js';
import { RoleThreshold } from './enums.js';
import { exportQuerySchema } from './exports.js';

/** The period a shrink report covers when the query leaves it out: the last 30 days, today included. */
export const SHRINK_DEFAULT_DAYS = 30;
/** A longer period is refused (one report reads every lost item of the period). */
export const SHRINK_MAX_DAYS = 366;
/** The rows of each top list (GTINs, sections). */
export const SHRINK_TOP_SIZE = 10;

export const SHRINK_DAY_MESSAGE = 'Enter a date as YYYY-MM-DD.';

const dayField = z
  .string({ error: SHRINK_DAY_MESSAGE })
  .trim()
  .refine(isDay, { error: SHRINK_DAY_MESSAGE })
  .refine((day) => isDateInRange(Date.parse(`${day}T00:00:00Z`)), { error: DATE_RANGE_MESSAGE });

/** GET /api/locations/{id}/shrink/ and its CSV: days (YYYY-MM-DD) of the location's zone, both included. */
export const shrinkQuerySchema = z.object({
  /** Left out: 29 days before `date_to`. */
  date_from: dayField.optional(),
  /** Left out: today in the location's zone. */
  date_to: dayField.optional(),
});
export type ShrinkQuery = z.infer<typeof shrinkQuerySchema>;

/** GET /api/locations/{id}/shrink/csv/: the report's language (column names; es: `;` and decimal comma). */
/** The shrink file: the report's query with a file's `format` and `lang` (lib/export; the user's language by default). */
export const shrinkCsvQuerySchema = shrinkQuerySchema.extend(exportQuerySchema.shape);
export type ShrinkCsvQuery = z.input<typeof shrinkCsvQuerySchema>;

/** Shrink in units and in value (Σ of the item types' price; an item of no price counts 0). */
const unitsValue = { units: z.number().int(), value: z.number() };

/** One validated inventory of the period: its accuracy = matched ÷ expected × 100 (null when nothing was expected). */
export const shrinkInventorySchema = z.object({
  inventory_id: z.number(),
  /** The day it was validated, in the location's zone (YYYY-MM-DD). */
  day: z.string(),
  validated_at: z.string(),
  area_description: z.string(),
  expected: z.number().int(),
  read: z.number().int(),
  matched: z.number().int(),
  accuracy: z.number().nullable(),
});
export type ShrinkInventory = z.infer<typeof shrinkInventorySchema>;

/** Shrink of one day of the period: lost at inventory validation and exit alarms marked lost. */
export const shrinkDaySchema = z.object({
  day: z.string(),
  inventory_units: z.number().int(),
  exit_units: z.number().int(),
  ...unitsValue,
});
export type ShrinkDay = z.infer<typeof shrinkDaySchema>;

export const shrinkGtinSchema = z.object({
  gtin: z.string(),
  description: z.string(),
  section: z.string(),
  ...unitsValue,
});
export type ShrinkGtin = z.infer<typeof shrinkGtinSchema>;

export const shrinkSectionSchema = z.object({ section: z.string(), ...unitsValue });
export type ShrinkSection = z.infer<typeof shrinkSectionSchema>;

/** The answer of GET /api/locations/{id}/shrink/. */
export const shrinkReportSchema = z.object({
  location_id: z.number(),
  time_zone: z.string(),
  date_from: z.string(),
  date_to: z.string(),
  /** Validated inventories of the period. */
  inventories: z.number().int(),
  /** Σ matched ÷ Σ expected × 100 over them, 2 decimals; null when none expected anything. */
  accuracy: z.number().nullable(),
  shrink: z.object({
    ...unitsValue,
    inventory: z.object(unitsValue),
    exit: z.object(unitsValue),
  }),
  /** The accuracy trend: one point per validated inventory, oldest first. */
  trend: z.array(shrinkInventorySchema),
  /** Every day of the period, oldest first (days without shrink have zeros). */
  days: z.array(shrinkDaySchema),
  top_gtins: z.array(shrinkGtinSchema),
  top_sections: z.array(shrinkSectionSchema),
});
export type ShrinkReport = z.infer<typeof shrinkReportSchema>;

/** Σ matched ÷ Σ expected × 100 with 2 decimals; null when nothing was expected. */
export const accuracyPercent = (matched: number, expected: number): number | null =>
  expected > 0 ? Math.round((matched / expected) * 10_000) / 100 : null;

/** The highest role that sees shrink (its value is the store's money): company and brand managers and location editors. */
export const SHRINK_MAX_ROLE = RoleThreshold.shrink;
