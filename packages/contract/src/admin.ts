// Request and response shapes of the admin module (Zod); the server validates with them, the web types its calls with them.
// Field names follow the spec (section 3); validation messages are the spec's (section 5).
import { isValidGln, isValidGlnExtension } from '@rfid/epc';
import { z } from 'zod';
import { editVersionField, emailField, INT4_MAX, idDescriptionSchema, intIn, pagingQuerySchema, personFields } from './common.js';
import { timeZoneSchema } from './dates.js';
import { AREA_KINDS, AreaKind, LOCATION_KINDS, LocationKind } from './enums.js';
import { ReaderConnection, ReaderLinkState } from './ingest.js';
import { locationSchema } from './locations.js';
import { LIST_PAGE_SIZE } from './paging.js';

/* ------------------------------------------------------------------ shared field rules */

/** MAC address as 6 hex pairs separated by ':' or '-' (or 12 bare hex digits); answered as `AA:BB:CC:DD:EE:FF`. */
export const MAC_PATTERN = /^(?:[0-9A-Fa-f]{2}([:-]?)){5}[0-9A-Fa-f]{2}$/;
export const normalizeMac = (mac: string): string =>
  mac
    .replace(/[^0-9A-Fa-f]/g, '')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:');
export const isValidMac = (mac: string): boolean => {
  const m = mac.trim();
  if (!MAC_PATTERN.test(m)) return false;
  // one separator style throughout
  const seps = new Set(m.replace(/[0-9A-Fa-f]/g, ''));
  return seps.size <= 1;
};

/** Serial numbers: 1 to 64 letters, digits, '.', '_' or '-'. */
export const SERIAL_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Password rules (OWASP ASVS 5.0 V6.2, docs/security.md): 8 to 128 characters (counted as Unicode code points), any
 * characters, spaces and emoji included, and no composition rule (ASVS 6.2.5). The server also refuses common
 * passwords and the user's e-mail (modules/auth/password-policy.ts): that list is too big for the contract.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_RULE_MESSAGE = 'The password must have 8 to 128 characters (any characters, spaces included).';
export const isPasswordLengthValid = (password: string): boolean => {
  const length = [...password].length;
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
};

/** A required text field: missing, not a string or blank all give `message`. */
export const requiredText = (message: string, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters.` });

/** A required integer that may arrive as a number or a numeric string ("Stock becomes an integer"). */
export const requiredInt = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: 'Enter a whole number.' })
      .min(-INT4_MAX - 1, { error: `Ensure this value is greater than or equal to ${-INT4_MAX - 1}.` })
      .max(INT4_MAX, { error: `Ensure this value is less than or equal to ${INT4_MAX}.` }),
  );

/** A required id of another row (select fields): missing, null, 0, not a number or past int4 all give `message`. */
export const requiredId = (message: string) => intIn(1, INT4_MAX, message, message);

const macField = z
  .string({ error: "MAC address can't be empty" })
  .trim()
  .min(1, { error: "MAC address can't be empty" })
  .refine(isValidMac, { error: 'Enter a valid MAC address (six hex pairs, e.g. 84:24:8D:00:00:01).' })
  .transform(normalizeMac);

/** GS1 identities of locations and areas (issue 17): a location's GLN, an area's GLN extension (its SGLN). */
export const GLN_MESSAGE = 'Enter a valid GLN: 13 digits, the last one its GS1 check digit.';
export const GLN_EXTENSION_MESSAGE = 'Enter a valid GLN extension: 1 to 20 letters, digits or GS1 symbols.';
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
/** Optional: left out keeps the stored value on update; '' or null clears it. */
const gs1Field = (isValid: (value: string) => boolean, message: string) =>
  z.preprocess(blankToNull, z.string({ error: message }).trim().refine(isValid, { error: message }).nullable()).optional();
export const glnField = gs1Field(isValidGln, GLN_MESSAGE);
export const glnExtensionField = gs1Field(isValidGlnExtension, GLN_EXTENSION_MESSAGE);

/** List query: paging plus DRF-style filters (allow-listed by the server). */
const listQuery = pagingQuerySchema.catchall(z.string());

/* ------------------------------------------------------------------ locations (admin) */

export const ADMIN_LOCATIONS_PAGE_SIZE = 20;

/** POST /api/locations/ and PUT /api/locations/{id}/ (JSON; the logo goes apart, multipart). */
export const locationBodySchema = z.object({
  /** The location's name (spec: "name"). */
  description: requiredText('Please enter the name'),
  /** Unique per company; generated from the name when left empty. */
  code: z.string().trim().max(32).optional().default(''),
  kind: z.enum(LOCATION_KINDS).optional().default(LocationKind.Center),
  brand: requiredId('Please select the brand'),
  phone: z.string().trim().max(40).optional().default(''),
  email: z
    .union([z.literal(''), z.email({ error: 'Enter a valid email address.' })])
    .optional()
    .default(''),
  observations: z.string().max(2000).optional().default(''),
  floor: z.string().trim().max(20).optional().default('1'),
  /** IANA time zone of the location's days; left out: the company's on create, unchanged on update. */
  time_zone: z.union([z.literal('').transform(() => undefined), timeZoneSchema]).optional(),
  /** Role 1 only may change it; others must leave it out or unchanged. */
  active: z.boolean().optional(),
  /** GS1 GLN, unique in the company; left out: unchanged (null on create). */
  gln: glnField,
  address: z.object(
    {
      street_name: requiredText('Please enter the street name'),
      street_num: requiredInt('Please enter the street number'),
      city: requiredText('Please enter the city'),
      postal_code: requiredInt('Please enter the postal code'),
      /** ISO 3166-1 alpha-2 code, e.g. "ES". */
      country: z
        .string({ error: 'Please select the country' })
        .trim()
        .regex(/^[A-Za-z]{2}$/, { error: 'Please select the country' })
        .transform((c) => c.toUpperCase()),
    },
    { error: 'Please enter the street name' },
  ),
});
export type LocationBody = z.input<typeof locationBodySchema>;

/** PUT /api/locations/{id}/: the same fields, and the version the edit was made from (docs/concurrency.md). */
export const locationUpdateBodySchema = locationBodySchema.extend({ version: editVersionField });
export type LocationUpdateBody = z.input<typeof locationUpdateBodySchema>;

/** The answer of the location calls is the shared `locationSchema` (see locations.ts). */
export const adminLocationSchema = locationSchema;
export type AdminLocation = z.infer<typeof adminLocationSchema>;

/** GET /api/locations/ admin filters: description__icontains, code__icontains (20 per page). */
export const adminLocationListQuerySchema = listQuery;

/** PUT /api/locations/{id}/logo/ multipart field `logo`: PNG, JPEG, GIF or WebP, at most 1 MiB. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/* ------------------------------------------------------------------ areas */

/** The location an area (or a device's area) belongs to: its id and name. */
const areaLocationFields = { location_id: z.number(), location_description: z.string() };

export const LOCATION_AREAS_PAGE_SIZE = LIST_PAGE_SIZE;

/** What an area is for (issue 26, docs/store-floor/zones.md); an unknown kind names the field. */
export const AREA_KIND_MESSAGE = 'Select the kind of area: stockroom, sales_floor, fitting_room, exit, dock or other.';
const areaKindField = z.enum(AREA_KINDS, { error: AREA_KIND_MESSAGE });

export const areaSchema = z.object({
  ...idDescriptionSchema.shape,
  stock: z.number().int(),
  /** The extension of the area's SGLN (its location's GLN + this), unique in the location; null when not set. */
  gln_extension: z.string().nullable(),
  /** What the area is for (AreaKind). */
  kind: areaKindField,
  ...areaLocationFields,
  /** One more on every edit (docs/concurrency.md). */
  version: z.number().int(),
});
export type Area = z.infer<typeof areaSchema>;

/** What a user sets of an area, on creation and on an edit (an edit that leaves out gln_extension leaves it unchanged). */
const areaEditFields = {
  description: requiredText("Description can't be empty"),
  location_id: requiredId('Please select distribution center'),
  gln_extension: glnExtensionField,
};

/** POST /api/areas/ */
export const areaCreateBodySchema = z.object({
  stock: requiredInt('Please enter stock'),
  ...areaEditFields,
  /** Left out: 'other'. */
  kind: areaKindField.optional().default(AreaKind.Other),
});
export type AreaCreateBody = z.input<typeof areaCreateBodySchema>;

/** PUT /api/areas/{id}/ (stock is read-only and ignored; location_description is not sent). */
export const areaUpdateBodySchema = z.object({
  ...areaEditFields,
  /** Left out: unchanged. */
  kind: areaKindField.optional(),
  /** The version the edit was made from; left out, the edit is unconditional (docs/concurrency.md). */
  version: editVersionField,
});
export type AreaUpdateBody = z.input<typeof areaUpdateBodySchema>;

/** GET /api/areas/ and /api/locations/{id}/areas/ filters: description__icontains, location_id, order_by. */
export const areaListQuerySchema = listQuery;

/* ------------------------------------------------------------------ readers (devices) */

export const READERS_PAGE_SIZE = LIST_PAGE_SIZE;
/** A reader's state: ON when heard from within READER_ONLINE_WINDOW_MS (nms.ts), else OFF. */
export const readerStateSchema = z.enum(['ON', 'OFF']);
export type ReaderState = z.infer<typeof readerStateSchema>;

const workingModeField = intIn(0, 8, 'Select a working mode.', 'Select a working mode.');
const readerTypeField = intIn(0, 1, 'Select a reader type.', 'Select a reader type.');

export const LLRP_HOST_REQUIRED = "Enter the reader's host name or IP address (needed for LLRP).";
export const LLRP_DEFAULT_PORT = 5084;
const LLRP_HOST_PATTERN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^\[?[0-9A-Fa-f:.]+\]?$/;

const connectionTypeField = z.enum([ReaderConnection.Push, ReaderConnection.Llrp], {
  error: 'Select how the reader connects (push or LLRP).',
});
const llrpHostField = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(253, { error: 'Enter a valid host name or IP address.' })
    .regex(LLRP_HOST_PATTERN, { error: 'Enter a valid host name or IP address.' })
    .nullable(),
);
/** Digits sent as text become a number (form fields); anything else is checked as it came. */
const digitsToNumber = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v);
const PORT_MESSAGE = 'Enter a valid port (1-65535).';
/** A TCP port (1-65535) as a number or digits; `message` when it is missing or not a number. */
const portNumber = (message: string) =>
  z.preprocess(
    digitsToNumber,
    z.number({ error: message }).int({ error: PORT_MESSAGE }).min(1, { error: PORT_MESSAGE }).max(65535, { error: PORT_MESSAGE }),
  );
const llrpPortField = portNumber(PORT_MESSAGE);
const ANTENNAS_MESSAGE = 'Antennas are distinct numbers from 1 to 32.';
const llrpAntennasField = z
  .array(z.number({ error: ANTENNAS_MESSAGE }).int({ error: ANTENNAS_MESSAGE }), { error: ANTENNAS_MESSAGE })
  .refine((ids) => ids.length <= 32 && ids.every((id) => id >= 1 && id <= 32) && new Set(ids).size === ids.length, {
    error: ANTENNAS_MESSAGE,
  });
const POWER_MESSAGE = "The transmit power is from 10 to 33 dBm (empty: the reader's own).";
const llrpPowerField = z.preprocess((v) => {
  const blank = blankToNull(v);
  return typeof blank === 'string' && /^-?\d+(\.\d+)?$/.test(blank.trim()) ? Number(blank) : blank;
}, z.number({ error: POWER_MESSAGE }).min(10, { error: POWER_MESSAGE }).max(33, { error: POWER_MESSAGE }).nullable());

/** The server's LLRP connection to a reader (reader_links), as the admin screen shows it. */
export const readerLinkSchema = z.object({
  state: z.enum([ReaderLinkState.Connecting, ReaderLinkState.Connected, ReaderLinkState.Retrying]),
  last_error: z.string().nullable(),
  connected_at: z.string().nullable(),
  last_report_at: z.string().nullable(),
});
export type ReaderLink = z.infer<typeof readerLinkSchema>;

/** A reader as other rows name it: id, serial number and MAC address. */
export const readerRefFields = { id: z.number(), serial_number: z.string(), mac_address: z.string() };

export const readerSchema = z.object({
  ...readerRefFields,
  working_mode: z.number().int(),
  reader_type: z.number().int(),
  /** Area id. */
  locationArea1: z.number(),
  description_area_locationArea1: z.string(),
  ...areaLocationFields,
  description: z.string(),
  /** ON when heard from (heartbeat or reads) in the last 60 s. */
  state: readerStateSchema,
  last_seen_at: z.string().nullable(),
  firmware_version: z.string(),
  /** How reads arrive: 'push' (the reader posts or publishes them) or 'llrp' (the server connects to the reader). */
  connection_type: z.enum([ReaderConnection.Push, ReaderConnection.Llrp]),
  llrp_host: z.string().nullable(),
  llrp_port: z.number().int(),
  /** Antennas read by the server's ROSpec; empty: every antenna. */
  llrp_antennas: z.array(z.number().int()),
  /** Transmit power in dBm; null: the reader's own setting. */
  llrp_power_dbm: z.number().nullable(),
  /** The server's LLRP connection to the reader (null: nobody holds it, or the holder's lease ran out). */
  llrp_link: readerLinkSchema.nullable(),
  /** One more on every edit and key rotation (docs/concurrency.md); what the reader reports does not count. */
  version: z.number().int(),
});
export type Reader = z.infer<typeof readerSchema>;

/** POST /api/readers/ */
export const readerCreateBodySchema = z.object({
  serial_number: z
    .string({ error: 'Please enter serial number' })
    .trim()
    .min(1, { error: 'Please enter serial number' })
    .regex(SERIAL_PATTERN, { error: "Enter a valid serial number (up to 64 letters, digits, '.', '_' or '-')." }),
  mac_address: macField,
  locationArea1_id: requiredId('Please select area'),
  working_mode: workingModeField.optional().default(0),
  reader_type: readerTypeField.optional().default(0),
  description: z.string().trim().max(255).optional().default(''),
  connection_type: connectionTypeField.optional().default(ReaderConnection.Push),
  /** Required when connection_type is 'llrp'. */
  llrp_host: llrpHostField.optional().default(null),
  llrp_port: llrpPortField.optional().default(LLRP_DEFAULT_PORT),
  llrp_antennas: llrpAntennasField.optional().default([]),
  llrp_power_dbm: llrpPowerField.optional().default(null),
});
export type ReaderCreateBody = z.input<typeof readerCreateBodySchema>;

/**
 * PUT /api/readers/{id}/: the full form, or only `working_mode`, or only `reader_type` (from the
 * list). Changing the working mode is refused unless the reader type (after the update) is 1 (All).
 */
export const readerUpdateBodySchema = readerCreateBodySchema.partial().extend({
  id: z.number().int().optional(),
  working_mode: workingModeField.optional(),
  reader_type: readerTypeField.optional(),
  connection_type: connectionTypeField.optional(),
  llrp_host: llrpHostField.optional(),
  llrp_port: llrpPortField.optional(),
  llrp_antennas: llrpAntennasField.optional(),
  llrp_power_dbm: llrpPowerField.optional(),
  /** The version the edit was made from; left out, the edit is unconditional (docs/concurrency.md). */
  version: editVersionField,
});
export type ReaderUpdateBody = z.input<typeof readerUpdateBodySchema>;

/** POST /api/readers/ answer (201) and POST /api/readers/{id}/rotate_key/: the key is shown once. */
export const createdReaderSchema = readerSchema.extend({ device_key: z.string() });
export type CreatedReader = z.infer<typeof createdReaderSchema>;
export const readerKeySchema = z.object({ id: z.number(), device_key: z.string(), version: z.number().int() });
export type ReaderKey = z.infer<typeof readerKeySchema>;
/**
 * POST /api/readers/{id}/rotate_key/ body (optional): the version the rotation was asked from. Two rotations from one
 * version: one gets the key, the other 409 (docs/concurrency.md).
 */
export const readerRotateKeyBodySchema = z.object({ version: editVersionField }).nullish();
export type ReaderRotateKeyBody = z.input<typeof readerRotateKeyBodySchema>;

/** GET /api/readers/ filters: locationId, mac_address__icontains, serial_number__icontains (11 per page). */
export const readerListQuerySchema = listQuery;

/* ------------------------------------------------------------------ printers */

export const PRINTERS_PAGE_SIZE = LIST_PAGE_SIZE;

export const printerSchema = z.object({
  ...idDescriptionSchema.shape,
  mac: z.string(),
  ip_address: z.string(),
  port: z.number().int(),
  location_area: idDescriptionSchema,
  ...areaLocationFields,
  serial_number: z.string(),
  /** Print head resolution (203, 300 or 600 dpi): label templates, drawn at 203 dpi, are scaled to it. */
  dpi: z.number().int(),
  /** One more on every edit (docs/concurrency.md). */
  version: z.number().int(),
});
export type Printer = z.infer<typeof printerSchema>;

const ipField = z
  .string({ error: 'Please enter IP Address' })
  .trim()
  .min(1, { error: 'Please enter IP Address' })
  .pipe(z.union([z.ipv4(), z.ipv6()], { error: 'Enter a valid IP address.' }));
const portField = portNumber('Please enter Service Port');

/** Print head resolution: 203, 300 or 600 dots per inch (PRINTER_DPIS in printing.ts). */
const dpiField = z.preprocess(
  digitsToNumber,
  z.union([z.literal(203), z.literal(300), z.literal(600)], { error: 'The resolution is 203, 300 or 600 dpi.' }),
);

/** POST /api/printer/printers/ */
export const printerCreateBodySchema = z.object({
  description: z.string().trim().max(255).optional().default(''),
  mac: macField,
  location_area: requiredId("Area can't be empty"),
  ip_address: ipField,
  port: portField,
  serial_number: z.string().trim().max(64).optional().default(''),
  dpi: dpiField.optional().default(203),
});
export type PrinterCreateBody = z.input<typeof printerCreateBodySchema>;

/** PUT /api/printer/printers/{id}/: the same fields, and description is required (spec: "Please enter serial number"). */
export const printerUpdateBodySchema = printerCreateBodySchema.extend({
  description: requiredText('Please enter serial number'),
  /** Left out: the printer keeps its resolution. */
  dpi: dpiField.optional(),
  /** The version the edit was made from; left out, the edit is unconditional (docs/concurrency.md). */
  version: editVersionField,
});
export type PrinterUpdateBody = z.input<typeof printerUpdateBodySchema>;

/** GET /api/printer/printers/ filters: description__icontains, mac__icontains, location_id (11 per page). */
export const printerListQuerySchema = listQuery;

/* ------------------------------------------------------------------ users */

export const VISUALIZERS_PAGE_SIZE = LIST_PAGE_SIZE;

export const locationUserSchema = z.object({
  ...personFields,
  editor: z.boolean(),
  user_role: z.number().int(),
  locations: z.array(z.number()),
  /** The same locations with their names, for the chips. */
  locations_detail: z.array(idDescriptionSchema),
  /** One more on every edit (docs/concurrency.md). */
  version: z.number().int(),
  /** false: deactivated (cannot sign in; its sessions ended, its API keys refused); `deactivated_at` says when. */
  is_active: z.boolean(),
  deactivated_at: z.string().nullable(),
});
export type LocationUser = z.infer<typeof locationUserSchema>;

const passwordField = z
  .string({ error: 'Please enter the password' })
  .min(1, { error: 'Please enter the password' })
  .refine(isPasswordLengthValid, { error: PASSWORD_RULE_MESSAGE });

const userCommon = {
  first_name: requiredText('Please enter the first name', 150),
  last_name: requiredText('Please enter the last name', 150),
  email: emailField().transform((e) => e.toLowerCase()),
};

/**
 * POST /api/locationusers/. `editor` true makes an editor (role 3 by default), false a visualizer
 * (role 5). `user_role` may set the role explicitly; it may not be above the creator's.
 */
export const locationUserCreateBodySchema = z.object({
  ...userCommon,
  password: passwordField,
  editor: z.boolean({ error: 'Please select Editor option' }),
  locations: z
    .array(z.number().int().positive(), { error: 'Please select the distribution center' })
    .min(1, { error: 'Please select the distribution center' }),
  user_role: z.number().int().min(1).max(5).optional(),
});
export type LocationUserCreateBody = z.input<typeof locationUserCreateBodySchema>;

/** PUT /api/locationusers/{id}/: the same fields; an empty or missing password keeps the old one. */
export const locationUserUpdateBodySchema = locationUserCreateBodySchema.extend({
  password: z.union([z.literal(''), passwordField]).optional(),
  /** The version the edit was made from; left out, the edit is unconditional (docs/concurrency.md). */
  version: editVersionField,
});
export type LocationUserUpdateBody = z.input<typeof locationUserUpdateBodySchema>;

/**
 * GET /api/locationusers/ filters: user__first_name__icontains, user__last_name__icontains,
 * user__email__icontains, and `search` (any of the three). 11 per page.
 */
export const locationUserListQuerySchema = listQuery;

/** POST /api/companyusers/ (role 1): a company-wide user (role 1) of the caller's company. */
export const companyUserBodySchema = z.object({
  ...userCommon,
  password: passwordField,
  company: requiredId('Please select a company for the user'),
});
export type CompanyUserBody = z.input<typeof companyUserBodySchema>;
export const companyUserSchema = z.object({
  ...personFields,
  company: z.number(),
  user_role: z.number().int(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;
