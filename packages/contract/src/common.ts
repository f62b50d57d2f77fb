import { z } from 'zod';

/**
 * An error answer: `message` and `errors` in the request's language (Accept-Language), `code` and `codes` their stable
 * keys (the server's message catalogue, or `zod.<issue>` for a validation rule without its own text), `params` the
 * values a client needs to write the message itself.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  codes: z.record(z.string(), z.array(z.string())).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** A refused edit of a record someone else changed (409, docs/concurrency.md): the record's version now. */
  current_version: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Integer bounds of the PostgreSQL columns (issue 13): a number past its column's range is a 400
 * naming the field, never a database error. `integer`/`serial` ids are int4; `smallint` states,
 * antennas; `bigint`/`bigserial` ids (items, traces) as far as a JS number is exact.
 */
export const INT4_MAX = 2_147_483_647;
export const INT2_MAX = 32_767;
export const BIGINT_JS_MAX = Number.MAX_SAFE_INTEGER;

/**
 * Query and path values arrive as text: decimal digits only ("1.5", "1e3", "0x10", "" are refused). Each branch of the
 * union carries `message` too: forms (react-hook-form's Zod resolver) show a branch's words, not the union's.
 */
const intText = (message: string) =>
  z.union(
    [
      z.number({ error: message }),
      z
        .string({ error: message })
        .regex(/^\s*-?\d{1,20}\s*$/, { error: message })
        .transform((v) => Number(v)),
    ],
    { error: message },
  );

/** A whole number from `min` to `max`, given as a JSON number or a decimal string. */
export const intIn = (min: number, max: number, message = 'Enter a whole number.', minMessage?: string, maxMessage?: string) =>
  intText(message).pipe(
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: minMessage ?? `Ensure this value is greater than or equal to ${min}.` })
      .max(max, { error: maxMessage ?? `Ensure this value is less than or equal to ${max}.` }),
  );
/** An int4 column's value (−2,147,483,648 … 2,147,483,647). */
export const int32 = (message?: string) => intIn(-INT4_MAX - 1, INT4_MAX, message);
/** A smallint column's value (−32,768 … 32,767). */
export const smallint = (message?: string) => intIn(-INT2_MAX - 1, INT2_MAX, message);
/** The id of a row of an `integer`/`serial` table: 1 … 2,147,483,647. */
export const intId = (message?: string) => intIn(1, INT4_MAX, message, message);
/** The id of a row of a `bigint`/`bigserial` table (items, traces): 1 … 2^53 − 1. */
export const bigId = (message?: string) => intIn(1, BIGINT_JS_MAX, message, message);

/**
 * Dates the API accepts: years 1970 to 9999 (issue 13). PostgreSQL takes 4713 BC to 294276 AD,
 * JavaScript ±275760, the UI four-digit years, and nothing this system stores is older than 1970.
 */
export const MIN_DATE_MS = Date.UTC(1970, 0, 1);
export const MAX_DATE_MS = Date.UTC(10_000, 0, 1) - 1;
export const DATE_RANGE_MESSAGE = 'Enter a date between 1970-01-01 and 9999-12-31.';
export const isDateInRange = (time: number): boolean => Number.isFinite(time) && time >= MIN_DATE_MS && time <= MAX_DATE_MS;
/**
 * A date or date-time as the filters and statistics ranges take it (YYYY-MM-DD, ISO 8601 or
 * 'YYYY-MM-DD HH:mm:ss'), kept as the string the caller sent; refused when it is not a date or
 * outside 1970–9999.
 */
export const parseApiDate = (raw: string): Date | null => {
  const value = raw.trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/i.test(value)) return null;
  const date = new Date(value.replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1'));
  return isDateInRange(date.getTime()) ? date : null;
};
export const apiDateString = (message = DATE_RANGE_MESSAGE) =>
  z.string({ error: message }).refine((v) => parseApiDate(v) !== null, { error: message });
/** An ISO 8601 date-time with offset (reading sets, devices), within 1970–9999. */
export const isoDateTime = (message = 'Enter an ISO 8601 date-time.') =>
  z.iso.datetime({ offset: true, error: message }).refine((v) => isDateInRange(Date.parse(v)), { error: DATE_RANGE_MESSAGE });

/** PostgreSQL text cannot hold U+0000: strings that reach the database without passing the HTTP guard (MQTT) check it here. */
export const NUL_REFUSED = 'Null characters are not allowed.';
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

/** A row another one names: its id and description (a location, an area, a brand, a printer …). */
export const idDescriptionSchema = z.object({ id: z.number(), description: z.string() });

/** A required e-mail address, trimmed (a user's, or the one whose domain names an SSO provider). */
export const emailField = () =>
  z
    .string({ error: 'Please enter the email' })
    .trim()
    .min(1, { error: 'Please enter the email' })
    .pipe(z.email({ error: 'Enter a valid email address.' }));

/** What identifies a tag: its EPC (hex), its scheme, and the GTIN and serial it encodes when it does. */
export const tagIdentityFields = {
  epc: z.string(),
  scheme: z.string(),
  gtin: z.string().nullable(),
  serial: z.string().nullable(),
};

/** The location a row belongs to: its id and description. */
export const locationRefFields = { location: z.number(), location_description: z.string() };
/** The area a row belongs to: its id and description. */
export const areaRefFields = { area: z.number(), area_description: z.string() };
/** The same fields, each null when the row has none (`nullableFields(areaRefFields)`: a row of no area). */
export const nullableFields = <T extends Record<string, z.ZodType>>(fields: T) =>
  // Object.fromEntries loses the keys' names: the mapped type restores what the entries hold.
  Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.nullable()])) as {
    [K in keyof T]: z.ZodNullable<T[K]>;
  };

/** The catalog row (item type) a GTIN names and its description: null when the GTIN is not in the company's catalog. */
export const gtinCatalogFields = { item_type: z.number().nullable(), description: z.string().nullable() };

/** A job made for an order (a NiceLabel order, a batch of box stickers): its id, its status and the order's id and code. */
export const orderJobFields = {
  id: z.number().int(),
  status: z.number().int(),
  order: z.object({ id: z.number().int(), order_code: z.string() }),
};

/** A user as the lists show one: id, names and e-mail. */
export const personFields = { id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string() };

/** An item's tag as its lines start: the item's id, its EPC, and the GTIN and catalog row it names (null when none). */
export const epcTagFields = { id: z.number(), epc: z.string(), gtin: z.string().nullable(), item_type: z.number().nullable() };

/**
 * A GTIN's description, size and colour as a line names them: the size and colour tell one model's variants apart
 * (issue 28). `nullableFields(gtinVariantFields)` on a line whose tag or GTIN may be unknown to the catalog.
 */
export const gtinVariantFields = { description: z.string(), size: z.string(), colour: z.string() };

/**
 * An item (EPC) line of a report or list: the tag, its GTIN and `lot` (the EPC's serial), quantity 1 or 0; the GTIN's
 * description, size and colour (null when the tag has no GTIN of the catalog).
 */
export const epcLineFields = {
  ...epcTagFields,
  ...nullableFields(gtinVariantFields),
  lot: z.string().nullable(),
  quantity: z.number(),
};

/** Filters of a list query that are optional texts (query values arrive as text), one per key, in that order. */
export const textFilters = <const K extends string>(...keys: K[]) =>
  // Object.fromEntries loses the keys' names: the mapped type restores what the entries hold.
  Object.fromEntries(keys.map((key) => [key, z.string().optional()])) as { [P in K]: z.ZodOptional<z.ZodString> };

/** A yes/no flag of a query as it arrives: the text 'true' or 'false' (the handler compares it). */
export const booleanTextField = z.enum(['true', 'false'], { error: 'Choose true or false.' });

/** The paging fields of a list query: `limit` (1 … 1000) and `offset`. */
export const pageQueryFields = {
  limit: intIn(1, 1000).optional(),
  offset: intIn(0, INT4_MAX).optional(),
};
/** The paging fields and the `order_by` of a list query. */
export const listQueryFields = { ...pageQueryFields, order_by: z.string().optional() };

/** A statistics range: date_start and date_end (YYYY-MM-DD, ISO or 'YYYY-MM-DD HH:mm:ss'); default the last 30 days. */
export const statsRangeQuerySchema = z.object({
  date_start: z.string().optional(),
  date_end: z.string().optional(),
});
/** The range a statistics answer covers. */
export const statsRangeFields = { from: z.string(), to: z.string() };

/** A list query: paging, `order_by` and optional text filters. */
export const filteredListQuery = <const K extends string>(...keys: K[]) =>
  z.object({ ...listQueryFields, ...textFilters(...keys) });
/** A list query that also lets through query keys it does not name (as text). */
export const openListQuery = <const K extends string>(...keys: K[]) => filteredListQuery(...keys).catchall(z.string());

export const pagingQuerySchema = z.object({
  ...pageQueryFields,
  order_by: z.string().max(200).optional(),
});
/** A paged list's query as the server reads it: its page, its order (a list's text filters pass through untyped). */
export type PagingQuery = z.output<typeof pagingQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    /** Present (true) when `count` is the database's estimate: the list has more rows than the server counts exactly. */
    count_is_estimate: z.literal(true).optional(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Page<T> = {
  count: number;
  /** True when `count` is an estimate (beyond the server's exact count; the web shows "≈"). */
  count_is_estimate?: true;
  next: string | null;
  previous: string | null;
  results: T[];
};

export const idParamSchema = z.object({ id: intId() });

/** Percent of match: the smaller over the larger quantity times 100 (spec section 9). */
export const matchPercent = (a: number, b: number): number => {
  const hi = Math.max(a, b);
  return hi === 0 ? 100 : Math.floor((Math.min(a, b) / hi) * 100);
};
/** Real over theoretical, capped at 100 (spec "Percent bars capped at 100"). */
export const cappedPercent = (real: number, theoretical: number): number =>
  theoretical <= 0 ? 0 : Math.min(100, Math.floor((real / theoretical) * 100));
/** Precision = abs(stock) / theoretical × 100 as an integer, 0 when theoretical is 0. */
export const precisionPercent = (stock: number, theoretical: number): number =>
  theoretical === 0 ? 0 : Math.trunc((Math.abs(stock) / theoretical) * 100);

/**
 * Optimistic concurrency (docs/concurrency.md): readers, printers, locations, areas and users carry a `version`, 1 when
 * added and one more on every edit. An edit may name the version it was made from (`If-Match: "<version>"` or `version`
 * in the body); an older one is refused with 409 and changes nothing. An edit that names none is taken as it comes.
 */
export const recordVersionSchema = z.number().int().min(1).max(INT4_MAX);
/** The `version` of an edit's body: left out, the edit is unconditional (older clients). */
export const editVersionField = z
  .number({ error: 'The version is a whole number from 1.' })
  .int({ error: 'The version is a whole number from 1.' })
  .min(1, { error: 'The version is a whole number from 1.' })
  .max(INT4_MAX, { error: 'The version is a whole number from 1.' })
  .optional();
/** The `If-Match` header of an edit: one entity tag, `"<version>"` (as the ETag of the record's answers), or `*`. */
export const ifMatchHeaderSchema = z.looseObject({
  'if-match': z.string().optional().meta({
    description:
      'The version the edit was made from: `"<version>"` (the ETag of the record\'s answers); an older one answers 409.',
  }),
});
/** The entity tag of a record's version, as ETag and If-Match carry it. */
export const versionTag = (version: number): string => `"${version}"`;
