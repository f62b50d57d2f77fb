import { type AnyColumn, and, asc, desc, eq, gte, ilike, isNotNull, isNull, like, lte, type SQL, sql } from 'drizzle-orm';
import { fieldError } from './errors.js';

/** Django REST framework-style lookups the API accepts (`field__lookup=value`). */
export type Lookup = 'exact' | 'icontains' | 'contains' | 'gte' | 'lte' | 'isnull';
type ColumnLike = AnyColumn | SQL;

/** For each public field: the column (or SQL expression) and the lookups allowed on it. */
export type FilterSpec = Record<
  string,
  { column: ColumnLike; lookups: readonly Lookup[]; type?: 'number' | 'date' | 'text' | 'boolean' }
>;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const parseValue = (raw: string, type: 'number' | 'date' | 'text' | 'boolean', key: string): unknown => {
  if (type === 'number') {
    const n = Number(raw);
    if (!Number.isFinite(n)) throw fieldError(key, 'Enter a number.');
    return n;
  }
  if (type === 'date') {
    const d = new Date(raw.includes('T') || !raw.includes(' ') ? raw : raw.replace(' ', 'T'));
    if (Number.isNaN(d.getTime())) throw fieldError(key, 'Enter a valid date/time.');
    return d;
  }
  if (type === 'boolean') return raw === 'true' || raw === 'True' || raw === '1';
  return raw;
};

/** Turns the query string into SQL conditions; keys outside the allow-list are ignored, like DRF. */
export const buildFilters = (query: Record<string, unknown>, spec: FilterSpec): SQL | undefined => {
  const conditions: SQL[] = [];
  for (const [key, rawValue] of Object.entries(query)) {
    if (rawValue === undefined || rawValue === '' || typeof rawValue !== 'string') continue;
    const sep = key.lastIndexOf('__');
    const lookupPart = sep >= 0 ? key.slice(sep + 2) : '';
    const isLookup = ['exact', 'icontains', 'contains', 'gte', 'lte', 'isnull'].includes(lookupPart);
    const field = isLookup ? key.slice(0, sep) : key;
    const lookup: Lookup = isLookup ? (lookupPart as Lookup) : 'exact';
    const entry = spec[field];
    if (!entry?.lookups.includes(lookup)) continue;
    const type = entry.type ?? 'text';
    // Wrapping in sql`` gives every lookup one SQL type, column or expression alike.
    const column: SQL = sql`${entry.column}`;
    switch (lookup) {
      case 'exact':
        conditions.push(eq(column, parseValue(rawValue, type, key)));
        break;
      case 'icontains':
        conditions.push(ilike(type === 'text' ? column : sql`(${column})::text`, `%${escapeLike(rawValue)}%`));
        break;
      case 'contains':
        conditions.push(like(type === 'text' ? column : sql`(${column})::text`, `%${escapeLike(rawValue)}%`));
        break;
      case 'gte':
        conditions.push(gte(column, parseValue(rawValue, type, key)));
        break;
      case 'lte':
        conditions.push(lte(column, parseValue(rawValue, type, key)));
        break;
      case 'isnull':
        conditions.push(parseValue(rawValue, 'boolean', key) ? isNull(column) : isNotNull(column));
        break;
      default: {
        const exhaustive: never = lookup;
        throw new Error(`unknown lookup ${String(exhaustive)}`);
      }
    }
  }
  return conditions.length ? and(...conditions) : undefined;
};

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
    const column = allowed[descending ? part.slice(1) : part];
    if (column) result.push(descending ? desc(column) : asc(column));
  }
  return result.length ? [...result, ...fallback] : fallback;
};
