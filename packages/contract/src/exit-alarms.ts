/** The store floor (issue 26): exit alarms. */
import { z } from 'zod';
import { itemTypeFields } from './catalog.js';
import { apiDateString, bigId, gtinCatalogFields, idDescriptionSchema, intId, pageQueryFields, personFields } from './common.js';
import { EXIT_ALARM_STATUSES, ExitAlarmStatus } from './enums.js';

/**
 * An exit alarm (GET /api/locations/{id}/exit_alarms/, GET /api/exit_alarms/{id}/): an exit gate (working mode 8) read
 * a tag that was not SOLD. Reads of the same item within the alarm window (EXIT_ALARM_WINDOW_S) make one alarm: `reads`
 * counts them, `last_read_at` is the latest. The item's GTIN fields (description, size, colour, price, image) are its
 * item type's; null when the EPC names no GTIN of the company.
 */
export const exitAlarmSchema = z.object({
  id: z.number(),
  location: z.number(),
  item: z.number(),
  epc: z.string(),
  gtin: z.string().nullable(),
  ...gtinCatalogFields,
  size_primary: z.string().nullable(),
  colour: z.string().nullable(),
  price: itemTypeFields('price').price,
  external_image: z.string().nullable(),
  area: idDescriptionSchema.nullable(),
  device: z.object({ id: z.number(), serial_number: z.string() }).nullable(),
  /** The item's state when the gate read it (ItemState), and now. */
  item_state: z.number(),
  current_state: z.number(),
  first_read_at: z.string(),
  last_read_at: z.string(),
  reads: z.number(),
  status: z.enum(EXIT_ALARM_STATUSES),
  note: z.string(),
  resolved_by: z.object(personFields).nullable(),
  resolved_at: z.string().nullable(),
});
export type ExitAlarm = z.infer<typeof exitAlarmSchema>;

/** An exit alarm's id in a path (a bigserial). */
export const exitAlarmParamsSchema = z.object({ id: bigId() });

/**
 * The list's query: `status` (one of ExitAlarmStatus; none: all), `date_start` / `date_end` (the first read's day or
 * time, a date-only value being the whole day in the location's time zone), paging. Newest first.
 */
export const exitAlarmListQuerySchema = z.object({
  ...pageQueryFields,
  status: z.enum(EXIT_ALARM_STATUSES, { error: 'Choose open, false_alarm, recovered or lost.' }).optional(),
  date_start: apiDateString().optional(),
  date_end: apiDateString().optional(),
});
export type ExitAlarmListQuery = z.infer<typeof exitAlarmListQuerySchema>;

/** The statuses a user may resolve an open alarm to. */
export const EXIT_ALARM_RESOLUTIONS = [ExitAlarmStatus.FalseAlarm, ExitAlarmStatus.Recovered, ExitAlarmStatus.Lost] as const;
export type ExitAlarmResolution = (typeof EXIT_ALARM_RESOLUTIONS)[number];

/**
 * POST /api/exit_alarms/{id}/resolve/: an open alarm becomes a false alarm, recovered (the item came back) or lost (it
 * left unpaid: the item becomes UNKNOWN, in no area, through the ledger, reason `exit-lost`, EPCIS disposition stolen).
 */
export const exitAlarmResolveBodySchema = z.object({
  status: z.enum(EXIT_ALARM_RESOLUTIONS, { error: 'Choose false_alarm, recovered or lost.' }),
  note: z.string().trim().max(500, 'Ensure this field has no more than 500 characters.').optional(),
});
export type ExitAlarmResolveBody = z.infer<typeof exitAlarmResolveBodySchema>;

/** GET /api/exit_alarms/count/ (the header's bell): open exit alarms of every location the user sees, or `location`'s. */
export const exitAlarmCountQuerySchema = z.object({
  location: intId().optional(),
});
export const exitAlarmCountSchema = z.object({ count: z.number() });
export type ExitAlarmCount = z.infer<typeof exitAlarmCountSchema>;
