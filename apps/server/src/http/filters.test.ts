import { integer, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { buildFilters, buildOrderBy } from './filters.js';

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
});
