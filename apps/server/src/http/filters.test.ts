import { bigint, integer, PgDialect, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { allowList, buildFilters, buildOrderBy, type FilterSpec, orderColumns } from './filters.js';

const t = pgTable('t', { id: integer('id'), name: text('name'), at: timestamp('at') });
const dialect = new PgDialect();
const render = (query: Record<string, unknown>) => {
  const condition = buildFilters(query, {
    id: { column: t.id, lookups: ['exact', 'icontains'], type: 'number' },
    name: { column: t.name, lookups: ['icontains', 'contains', 'isnull'] },
    at: { column: t.at, lookups: ['gte', 'lte'], type: 'date' },
  });
  return condition ? dialect.sqlToQuery(condition) : undefined;
};

const iso = (params: unknown[] | undefined) => params?.map((p) => (p instanceof Date ? p.toISOString() : p));

describe('DRF-style filters', () => {
  it('builds lookups on the allow-list only and escapes LIKE wildcards', () => {
    const q = render({ name__icontains: '50%_off', secret: 'x', id__gte: '3' });
    expect(q?.sql).toBe('"t"."name" ilike $1');
    expect(q?.params).toEqual(['%50\\%\\_off%']);
  });

  it('casts non-text columns for icontains and parses dates and isnull', () => {
    const q = render({ id__icontains: '12', at__gte: '2026-01-01 00:00:00', name__isnull: 'True' });
    expect(q?.sql).toContain('("t"."id")::text ilike');
    expect(q?.sql).toContain('"t"."at" >= ');
    expect(q?.sql).toContain('"t"."name" is null');
  });

  it('rejects a bad number or date with a field error', () => {
    expect(() => render({ id: 'abc' })).toThrow('Enter a number.');
    expect(() => render({ at__lte: 'not a date' })).toThrow('Enter a valid date/time.');
  });

  it('orders by allowed fields with - for descending, falling back otherwise', () => {
    const fallback = buildOrderBy(undefined, { name: t.name }, []);
    expect(fallback).toEqual([]);
    const order = buildOrderBy('-name,password', { name: t.name }, []);
    expect(order).toHaveLength(1);
    expect(dialect.sqlToQuery(order[0] as never).sql).toBe('"t"."name" desc');
  });

  it('orders by the columns of filters named, and refuses a name that is not a filter', () => {
    const spec: FilterSpec = { id: { column: t.id, lookups: ['exact'] }, name: { column: t.name, lookups: ['icontains'] } };
    expect(orderColumns(spec, ['name'])).toEqual({ name: t.name });
    expect(() => orderColumns(spec, ['at'])).toThrow('order field at is not a filter');
    expect(() => orderColumns(spec, ['constructor'])).toThrow('order field constructor is not a filter');
  });
});

describe('filters refuse what the column cannot hold (issue 13)', () => {
  const u = pgTable('u', {
    id: integer('id'),
    state: smallint('state'),
    big: bigint('big', { mode: 'number' }),
    ref: uuid('ref'),
  });
  const spec: FilterSpec = {
    id: { column: u.id, lookups: ['exact'], type: 'number' },
    state: { column: u.state, lookups: ['exact'], type: 'number' },
    big: { column: u.big, lookups: ['exact'], type: 'number' },
    ref: { column: u.ref, lookups: ['exact', 'icontains'] },
  };
  const build = (query: Record<string, unknown>) => {
    const condition = buildFilters(query, spec);
    return condition ? dialect.sqlToQuery(condition) : undefined;
  };

  it('bounds integers by the column type and refuses non-integers', () => {
    expect(() => build({ id: '2147483648' })).toThrow('less than or equal to 2147483647');
    expect(() => build({ state: '100000' })).toThrow('less than or equal to 32767');
    expect(build({ big: '3000000000' })?.params).toEqual([3000000000]);
    expect(() => build({ id: '1.5' })).toThrow('Enter a whole number.');
    expect(() => build({ id: '1e400' })).toThrow('Enter a number.');
  });

  it('searches a uuid as text and compares it exactly only with a UUID', () => {
    expect(build({ ref__icontains: '0b9a' })?.sql).toContain('("u"."ref")::text ilike');
    expect(() => build({ ref: 'nope' })).toThrow('Enter a valid UUID.');
  });

  it('reads a date-only value as the whole day of the zone: 25 hours on 2026-10-25 in Madrid', () => {
    const q = render({ at__gte: '2026-10-25', at__lte: '2026-10-25' });
    expect(q?.sql).toBe('("t"."at" >= $1 and "t"."at" < $2)');
    expect(iso(q?.params)).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    const ny = buildFilters(
      { at__lte: '2026-10-25' },
      { at: { column: t.at, lookups: ['lte'], type: 'date' } },
      {
        timeZone: 'America/New_York',
      },
    );
    expect(iso(ny && dialect.sqlToQuery(ny).params)).toEqual(['2026-10-26T04:00:00.000Z']);
    // A date-time is that instant, inclusive; without an offset it is a wall-clock time of the zone.
    const at = render({ at__lte: '2026-10-25 10:00:00', at__gte: '2026-10-25T08:00:00Z' });
    expect(at?.sql).toBe('("t"."at" <= $1 and "t"."at" >= $2)');
    expect(iso(at?.params)).toEqual(['2026-10-25T09:00:00.000Z', '2026-10-25T08:00:00.000Z']);
  });

  it('refuses NUL bytes and dates outside 1970–9999', () => {
    expect(() => render({ name__icontains: 'a\u0000b' })).toThrow('Null characters are not allowed.');
    expect(() => render({ at__gte: '275760-09-13' })).toThrow('1970-01-01');
    expect(() => render({ at__lte: '0001-01-01' })).toThrow('1970-01-01');
  });

  it('ignores keys and order_by fields named like Object.prototype members', () => {
    expect(render({ constructor: '1', toString: '1', hasOwnProperty__icontains: 'a' })).toBeUndefined();
    expect(buildOrderBy('__proto__,constructor,-toString', { name: t.name }, [])).toEqual([]);
    const list = allowList({ a: 1 });
    expect(list.constructor).toBeUndefined();
    expect(Object.hasOwn(list, 'a')).toBe(true);
  });
});
