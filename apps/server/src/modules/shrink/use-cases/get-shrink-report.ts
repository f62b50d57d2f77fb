import {
  accuracyPercent,
  addDays,
  dayBucket,
  dayBuckets,
  dayNumber,
  SHRINK_DEFAULT_DAYS,
  SHRINK_MAX_DAYS,
  SHRINK_TOP_SIZE,
  type ShrinkDay,
  type ShrinkQuery,
  type ShrinkReport,
  startOfDay,
  todayIn,
} from '@rfid/contract';
import { fieldError } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { type ShrinkRange, type ShrinkRepository, ShrinkSource } from '../shrink.repository.js';

/** Money with 2 decimals (the prices' scale). */
const cents = (value: number): number => Math.round(value * 100) / 100;

/** The period's days (YYYY-MM-DD of the location's zone): `date_to` default today, `date_from` 29 days before it. */
export const shrinkPeriod = (query: ShrinkQuery, zone: string, now: Date): { dateFrom: string; dateTo: string } => {
  const dateTo = query.date_to ?? todayIn(zone, now);
  const dateFrom = query.date_from ?? addDays(dateTo, 1 - SHRINK_DEFAULT_DAYS);
  const span = (dayNumber(dateTo) ?? 0) - (dayNumber(dateFrom) ?? 0) + 1;
  if (span < 1) throw fieldError('date_from', 'field.date_from_after_to');
  if (span > SHRINK_MAX_DAYS) throw fieldError('date_from', msg('field.period_max_days', { max: SHRINK_MAX_DAYS }));
  return { dateFrom, dateTo };
};

/**
 * GET /api/locations/{id}/shrink/: a store's shrink and inventory accuracy over whole days of its zone
 * (docs/store-floor/shrink.md).
 * - Accuracy of an inventory = matched ÷ expected × 100 (expected items read; null when it expected nothing); of the
 *   period = Σ matched ÷ Σ expected over its validated inventories.
 * - Shrink = items lost in the period, each once: missing at an inventory's validation (moved to UNKNOWN) and exit
 *   alarms marked lost; value = Σ their GTIN's price.
 * - Top GTINs and sections by units lost (then value), SHRINK_TOP_SIZE of each.
 */
export const createGetShrinkReport =
  ({ repo }: { repo: ShrinkRepository }) =>
  async ({
    user,
    locationId,
    query,
    now = new Date(),
  }: {
    user: AuthUser;
    locationId: number;
    query: ShrinkQuery;
    now?: Date;
  }): Promise<ShrinkReport> => {
    const location = await repo.location(user, locationId);
    const zone = location.timeZone;
    const { dateFrom, dateTo } = shrinkPeriod(query, zone, now);
    const range: ShrinkRange = {
      locationId: location.id,
      from: startOfDay(dateFrom, zone),
      to: new Date(dayBucket(dateTo, zone).end.getTime() - 1),
      zone,
    };
    const [inventories, lost, topGtins, topSections] = await Promise.all([
      repo.validatedInventories(range),
      repo.lostByDay(range),
      repo.topGtins({ ...range, limit: SHRINK_TOP_SIZE }),
      repo.topSections({ ...range, limit: SHRINK_TOP_SIZE }),
    ]);

    const days = new Map<string, ShrinkDay>(
      dayBuckets(dateFrom, dateTo, zone).map(({ day }) => [day, { day, inventory_units: 0, exit_units: 0, units: 0, value: 0 }]),
    );
    const bySource = { inventory: { units: 0, value: 0 }, exit: { units: 0, value: 0 } };
    for (const row of lost) {
      const day = days.get(row.day);
      if (day) {
        if (row.source === ShrinkSource.Inventory) day.inventory_units += row.units;
        else day.exit_units += row.units;
        day.units += row.units;
        day.value = cents(day.value + row.value);
      }
      bySource[row.source].units += row.units;
      bySource[row.source].value += row.value;
    }
    const expected = inventories.reduce((sum, i) => sum + i.expected, 0);
    const matched = inventories.reduce((sum, i) => sum + i.matched, 0);

    return {
      location_id: location.id,
      time_zone: zone,
      date_from: dateFrom,
      date_to: dateTo,
      inventories: inventories.length,
      accuracy: accuracyPercent(matched, expected),
      shrink: {
        units: bySource.inventory.units + bySource.exit.units,
        value: cents(bySource.inventory.value + bySource.exit.value),
        inventory: { units: bySource.inventory.units, value: cents(bySource.inventory.value) },
        exit: { units: bySource.exit.units, value: cents(bySource.exit.value) },
      },
      trend: inventories.map((i) => ({
        inventory_id: i.inventory_id,
        day: i.day,
        validated_at: i.validated_at.toISOString(),
        area_description: i.area_description,
        expected: i.expected,
        read: i.read,
        matched: i.matched,
        accuracy: accuracyPercent(i.matched, i.expected),
      })),
      days: [...days.values()],
      top_gtins: topGtins.map((g) => ({ ...g, value: cents(g.value) })),
      top_sections: topSections.map((s) => ({ ...s, value: cents(s.value) })),
    };
  };
