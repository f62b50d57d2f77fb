import { BIGINT_JS_MAX, INT2_MAX, INT4_MAX } from '@rfid/contract';
import { type AnyColumn, and, asc, desc, eq, gte, ilike, isNotNull, isNull, like, lt, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { escapeLike } from '../db/sql.js';
import { msg } from '../i18n/messages.js';
import { parseDateBoundParam } from './dates.js';
import { fieldError, NUL_MESSAGE } from './errors.js';

/** Django REST framework-style lookups the API accepts (`field__lookup=value`). */
export type Lookup = 'exact' | 'icontains' | 'contains' | 'gte' | 'lte' | 'isnull';
/** A column, or an SQL expression, a filter or an order reads. */
export type ColumnLike = AnyColumn | SQL;

/**
 * For each public field: the column (or SQL expression) and the lookups allowed on it. `number`
 * is an integer bounded by the column's own type (smallint, integer, bigint; an SQL expression
 * counts as integer); `uuid` compares exactly as a UUID and searches (`icontains`) its text.
 * A Drizzle uuid column is a `uuid` field without saying so.
 */
export type FilterType = 'number' | 'date' | 'text' | 'boolean' | 'uuid';
export type FilterSpec = Record<string, { column: ColumnLike; lookups: readonly Lookup[]; type?: FilterType }>;

const LOOKUPS: ReadonlySet<string> = new Set(['exact', 'icontains', 'contains', 'gte', 'lte', 'isnull']);
/** Longest text a filter takes: a search for more than this is not a search. */
export const FILTER_TEXT_MAX = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Drizzle column type behind a filter (`PgSmallInt`, `PgUUID` …); undefined for an SQL expression. */
const columnTypeOf = (column: ColumnLike): string | undefined =>
  (column as { columnType?: unknown }).columnType === undefined
    ? undefined
    : String((column as { columnType?: unknown }).columnType);

const integerBounds = (column: ColumnLike): [number, number] => {
  const kind = columnTypeOf(column) ?? '';
  if (kind === 'PgSmallInt' || kind === 'PgSmallSerial') return [-INT2_MAX - 1, INT2_MAX];
  if (kind.startsWith('PgBigInt') || kind.startsWith('PgBigSerial')) return [-BIGINT_JS_MAX, BIGINT_JS_MAX];
  return [-INT4_MAX - 1, INT4_MAX];
};

const parseValue = (raw: string, type: FilterType, key: string, column: ColumnLike): unknown => {
  if (type === 'number') {
    const text = raw.trim();
    if (!/^-?\d+$/.test(text)) {
      throw fieldError(
        key,
        /^-?[\d.e+]+$/i.test(text) && Number.isFinite(Number(text)) ? 'common.whole_number' : 'common.number',
      );
    }
    const n = Number(text);
    const [min, max] = integerBounds(column);
    if (n > max) throw fieldError(key, msg('common.at_most', { max }));
    if (n < min) throw fieldError(key, msg('common.at_least', { min }));
    return n;
  }
  if (type === 'uuid') {
    if (!UUID.test(raw.trim())) throw fieldError(key, 'common.uuid');
    return raw.trim().toLowerCase();
  }
  if (type === 'boolean') return raw === 'true' || raw === 'True' || raw === '1';
  return raw;
};

/**
 * An allow-list keyed by what a client sends (order_by fields, report types …): an object with no
 * prototype, so `constructor`, `toString` or `__proto__` are unknown keys, not Object.prototype's.
 */
export const allowList = <T>(entries: Record<string, T>): Readonly<Record<string, T>> =>
  Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));

/**
 * A date lookup through the one date codec, in `timeZone`: `gte` from the start of a date-only day,
 * `lte` up to its end (the next day's start, exclusive); a date-time is that instant.
 */
const dateCondition = (column: SQL, lookup: 'exact' | 'gte' | 'lte', raw: string, key: string, timeZone?: string): SQL => {
  const bound = parseDateBoundParam(raw, key, lookup === 'lte' ? 'end' : 'start', timeZone);
  if (!bound) throw fieldError(key, 'common.date_time');
  if (lookup === 'exact') return eq(column, bound.at);
  if (lookup === 'gte') return gte(column, bound.at);
  return bound.inclusive ? lte(column, bound.at) : lt(column, bound.at);
};

/**
 * The query parameters of a filter spec, as a query schema names them: `field` for `exact`, `field__lookup` for each
 * other lookup, each an optional text (buildFilters parses it). Issue 29: unknown query parameters are refused
 * (http/query-keys.ts), so a list's query schema must name every filter its repository reads, and the OpenAPI document
 * lists them. Extra names (read by a handler itself, not through a spec) may be given as a list.
 */
export const filterFields = (...specs: (FilterSpec | readonly string[])[]): Record<string, z.ZodOptional<z.ZodString>> => {
  const fields: Record<string, z.ZodOptional<z.ZodString>> = {};
  for (const spec of specs) {
    const names = Array.isArray(spec)
      ? spec
      : Object.entries(spec as FilterSpec).flatMap(([field, { lookups }]) =>
          // `field` and `field__exact` are the same filter (buildFilters reads both).
          lookups.flatMap((lookup) => (lookup === 'exact' ? [field, `${field}__exact`] : [`${field}__${lookup}`])),
        );
    for (const name of names) fields[name] ??= z.string().optional();
  }
  return fields;
};

/**
 * A list query with the filters of `specs` named (see filterFields). Its type stays the base's: the base lets filters
 * through as texts (a catchall), and every added field is an optional text, so what a handler reads is typed the same.
 */
export const withFilters = <T extends z.ZodObject>(base: T, ...specs: (FilterSpec | readonly string[])[]): T => {
  const added = filterFields(...specs);
  // Keys the base already names keep the base's schema (a number for `limit`, a typed filter …).
  for (const key of Object.keys(base.shape)) delete added[key];
  // `extend` returns another ZodObject type with the added keys; the runtime schema is the base's plus optional texts.
  return base.extend(added) as unknown as T;
};

/**
 * Turns the query string into SQL conditions; keys outside the allow-list are ignored, like DRF.
 * Date values are read in `timeZone` (the location's; default the company default, Europe/Madrid).
 */
export const buildFilters = (
  query: Record<string, unknown>,
  spec: FilterSpec,
  { timeZone }: { timeZone?: string } = {},
): SQL | undefined => {
  const conditions: SQL[] = [];
  for (const [key, rawValue] of Object.entries(query)) {
    if (rawValue === undefined || rawValue === '' || typeof rawValue !== 'string') continue;
    const sep = key.lastIndexOf('__');
    const lookupPart = sep >= 0 ? key.slice(sep + 2) : '';
    const isLookup = LOOKUPS.has(lookupPart);
    const field = isLookup ? key.slice(0, sep) : key;
    const lookup: Lookup = isLookup ? (lookupPart as Lookup) : 'exact';
    // Own keys only: `?constructor=1` or `?toString=1` must not find Object.prototype's members.
    const entry = Object.hasOwn(spec, field) ? spec[field] : undefined;
    if (!entry || !Array.isArray(entry.lookups) || !entry.lookups.includes(lookup)) continue;
    if (rawValue.includes('\u0000')) throw fieldError(key, NUL_MESSAGE);
    if (rawValue.length > FILTER_TEXT_MAX) throw fieldError(key, msg('common.value_too_long', { max: FILTER_TEXT_MAX }));
    const type: FilterType = entry.type ?? (columnTypeOf(entry.column) === 'PgUUID' ? 'uuid' : 'text');
    // Wrapping in sql`` gives every lookup one SQL type, column or expression alike.
    const column: SQL = sql`${entry.column}`;
    if (type === 'date' && (lookup === 'exact' || lookup === 'gte' || lookup === 'lte')) {
      conditions.push(dateCondition(column, lookup, rawValue, key, timeZone));
      continue;
    }
    switch (lookup) {
      case 'exact':
        conditions.push(eq(column, parseValue(rawValue, type, key, entry.column)));
        break;
      case 'icontains':
        conditions.push(ilike(type === 'text' ? column : sql`(${column})::text`, `%${escapeLike(rawValue)}%`));
        break;
      case 'contains':
        conditions.push(like(type === 'text' ? column : sql`(${column})::text`, `%${escapeLike(rawValue)}%`));
        break;
      case 'gte':
        conditions.push(gte(column, parseValue(rawValue, type, key, entry.column)));
        break;
      case 'lte':
        conditions.push(lte(column, parseValue(rawValue, type, key, entry.column)));
        break;
      case 'isnull':
        conditions.push(parseValue(rawValue, 'boolean', key, entry.column) ? isNull(column) : isNotNull(column));
        break;
      default: {
        const exhaustive: never = lookup;
        throw new Error(`unknown lookup ${String(exhaustive)}`);
      }
    }
  }
  return conditions.length ? and(...conditions) : undefined;
};

/**
 * The columns of the filters `names` of `spec`, by which a list may also be ordered (buildOrderBy's allow-list): a
 * sortable field is filtered on the same column. Names the spec does not have fail at startup.
 */
export const orderColumns = (spec: FilterSpec, names: readonly string[]): Record<string, ColumnLike> =>
  Object.fromEntries(
    names.map((name) => {
      const filter = Object.hasOwn(spec, name) ? spec[name] : undefined;
      if (!filter) throw new Error(`order field ${name} is not a filter`);
      return [name, filter.column];
    }),
  );

/** `order_by=-field` on an allow-list; unknown fields fall back to the default ordering. */
export const buildOrderBy = (orderBy: string | undefined, allowed: Record<string, ColumnLike>, fallback: SQL[]): SQL[] => {
  if (!orderBy) return fallback;
  const parts = orderBy
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const result: SQL[] = [];
  for (const part of parts) {
    const descending = part.startsWith('-');
    const name = descending ? part.slice(1) : part;
    // Own keys only: `order_by=__proto__` or `constructor` is an unknown field, not Object.prototype.
    const column = Object.hasOwn(allowed, name) ? allowed[name] : undefined;
    if (column) result.push(descending ? desc(column) : asc(column));
  }
  return result.length ? [...result, ...fallback] : fallback;
};
