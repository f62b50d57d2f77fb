import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { testUser } from '../../admin/use-cases/use-case-fixtures.js';
import type { ShrinkRange, ShrinkRepository } from '../shrink.repository.js';
import { createGetShrinkReport } from './get-shrink-report.js';

const user = testUser();

/** A fake repository of a Madrid store, with the ranges it was asked for. */
const fakeRepo = (over: Partial<ShrinkRepository> = {}) => {
  const ranges: ShrinkRange[] = [];
  const repo: ShrinkRepository = {
    location: async (_user, id) => ({ id, code: 'T-MAD-01', timeZone: 'Europe/Madrid' }),
    validatedInventories: async (range) => {
      ranges.push(range);
      return [
        {
          inventory_id: 7,
          day: '2026-11-03',
          validated_at: new Date('2026-11-03T10:00:00Z'),
          area_description: 'Almacén tienda',
          expected: 40,
          read: 39,
          matched: 38,
        },
        {
          inventory_id: 9,
          day: '2026-11-10',
          validated_at: new Date('2026-11-10T10:00:00Z'),
          area_description: 'Almacén tienda',
          expected: 60,
          read: 60,
          matched: 57,
        },
        {
          inventory_id: 11,
          day: '2026-11-12',
          validated_at: new Date('2026-11-12T10:00:00Z'),
          area_description: 'Caja',
          expected: 0,
          read: 2,
          matched: 0,
        },
      ];
    },
    lostByDay: async () => [
      { day: '2026-11-03', source: 'inventory', units: 2, value: 39.9 },
      { day: '2026-11-10', source: 'inventory', units: 3, value: 45.15 },
      { day: '2026-11-10', source: 'exit', units: 1, value: 29.95 },
      // Outside the period (never asked for; a wrong bucket must not be invented).
      { day: '2026-12-31', source: 'exit', units: 5, value: 1 },
    ],
    topGtins: async ({ limit }) =>
      [{ gtin: '08437012000011', description: 'Camiseta', section: 'Hombre', units: 3, value: 59.85 }].slice(0, limit),
    topSections: async () => [{ section: 'Hombre', units: 6, value: 115 }],
    ...over,
  };
  return { repo, ranges };
};

const now = new Date('2026-11-29T07:00:00Z');

/** The report of location 3 as of `now`. */
const reportOf = (repo: ShrinkRepository, query: { date_from?: string; date_to?: string } = {}) =>
  createGetShrinkReport({ repo })({ user, locationId: 3, query, now });

describe('get shrink report (use case)', () => {
  it('defaults to the last 30 days of the location, today included, as whole Madrid days', async () => {
    const { repo, ranges } = fakeRepo();
    const report = await reportOf(repo);
    expect(report).toMatchObject({ location_id: 3, time_zone: 'Europe/Madrid', date_from: '2026-10-31', date_to: '2026-11-29' });
    expect(report.days).toHaveLength(30);
    // 31 October 00:00 in Madrid (CET, UTC+1) to the last millisecond of 29 November there.
    expect(ranges[0]?.from.toISOString()).toBe('2026-10-30T23:00:00.000Z');
    expect(ranges[0]?.to.toISOString()).toBe('2026-11-29T22:59:59.999Z');
  });

  it('computes accuracy as Σ matched ÷ Σ expected and each inventory its own (null when it expected nothing)', async () => {
    const { repo } = fakeRepo();
    const report = await reportOf(repo, { date_from: '2026-11-01', date_to: '2026-11-15' });
    expect(report.inventories).toBe(3);
    expect(report.accuracy).toBe(95); // (38 + 57) ÷ (40 + 60)
    expect(report.trend.map((i) => i.accuracy)).toEqual([95, 95, null]);
    expect(report.trend[0]).toMatchObject({ inventory_id: 7, day: '2026-11-03', validated_at: '2026-11-03T10:00:00.000Z' });
  });

  it('adds shrink by source and by day, money to the cent, and zero days in between', async () => {
    const { repo } = fakeRepo();
    const report = await reportOf(repo, { date_from: '2026-11-01', date_to: '2026-11-15' });
    expect(report.shrink).toEqual({
      units: 11,
      value: 116,
      inventory: { units: 5, value: 85.05 },
      exit: { units: 6, value: 30.95 },
    });
    expect(report.days).toHaveLength(15);
    expect(report.days.find((d) => d.day === '2026-11-10')).toEqual({
      day: '2026-11-10',
      inventory_units: 3,
      exit_units: 1,
      units: 4,
      value: 75.1,
    });
    expect(report.days.find((d) => d.day === '2026-11-11')).toEqual({
      day: '2026-11-11',
      inventory_units: 0,
      exit_units: 0,
      units: 0,
      value: 0,
    });
    expect(report.top_gtins).toHaveLength(1);
    expect(report.top_sections).toEqual([{ section: 'Hombre', units: 6, value: 115 }]);
  });

  it('answers no accuracy without inventories expecting anything', async () => {
    const { repo } = fakeRepo({ validatedInventories: async () => [], lostByDay: async () => [] });
    const report = await reportOf(repo);
    expect(report.accuracy).toBeNull();
    expect(report.shrink.units).toBe(0);
  });

  it('refuses a period that ends before it starts or is longer than a year, naming date_from', async () => {
    const { repo } = fakeRepo();
    const run = (date_from: string, date_to: string) =>
      reportOf(repo, { date_from, date_to }).then(
        () => null,
        (e: unknown) => e,
      );
    for (const [from, to] of [
      ['2026-11-02', '2026-11-01'],
      ['2025-01-01', '2026-11-01'],
    ]) {
      const error = await run(from as string, to as string);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect(Object.keys((error as AppError).errors ?? {})).toEqual(['date_from']);
    }
  });
});
