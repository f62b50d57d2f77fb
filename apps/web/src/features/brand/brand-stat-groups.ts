import type { TFunction } from 'i18next';
import { type StatItem, statValue } from '../../components/stat-grid';
import { entryFigures, exitFigures, type SideFigures } from '../orders';
import type { BrandStatistics } from './api/get-brand-statistics';

/** The brand's statistics in five groups (purchase, entry, exit, sales, inventory) of four boxes, in `language`. */
export const brandStatGroups = (t: TFunction, language: string, data: BrandStatistics): { id: string; items: StatItem[] }[] => {
  const { purchase, entry, exit, sales, inventory } = data;
  const hours = t('brand.stats.hours');
  /** One box: `brand-<id>`, its title `brand.stats.<title>`, the value with `digits` decimals, a unit only beside a value ('—' stands alone). */
  const stat = (id: string, title: string, value: number | null | undefined, digits = 0, unit?: string): StatItem => ({
    id: `brand-${id}`,
    title: t(`brand.stats.${title}`),
    value: statValue(value, language, digits),
    unit: value === null || value === undefined ? undefined : unit,
  });
  /** A movement side's group: orders, pending, daily orders and the average time of `time`. */
  const side = (id: 'entry' | 'exit', figures: SideFigures | undefined, time: 'reception' | 'shipping') => ({
    id,
    items: [
      stat(`${id}-orders`, 'orders', figures?.orders),
      stat(`${id}-pending`, 'pending', figures?.pending),
      stat(`${id}-daily`, 'dailyOrders', figures?.daily, 2),
      stat(`${id}-${time}`, `${time}Time`, figures?.average, 2, hours),
    ],
  });

  return [
    {
      id: 'purchase',
      items: [
        stat('purchase-orders', 'orders', purchase?.orders),
        stat('purchase-correct', 'correct', purchase?.correctly_received_porders),
        stat('purchase-incorrect', 'incorrect', purchase?.incorrectly_received_porders),
        stat('purchase-reception', 'receptionTime', purchase?.average_reception_time, 2, hours),
      ],
    },
    side('entry', entry && entryFigures(entry), 'reception'),
    side('exit', exit && exitFigures(exit), 'shipping'),
    {
      id: 'sales',
      items: [
        stat('sales', 'sales', sales?.sales),
        stat('items-sold', 'itemsSold', sales?.items_sold),
        stat('returns', 'returns', sales?.returns),
        stat('items-returned', 'itemsReturned', sales?.items_returned),
      ],
    },
    {
      id: 'inventory',
      items: [
        stat('inventories', 'inventories', inventory?.total_inventory_count),
        stat('inventories-validated', 'validated', inventory?.validated_inventories),
        stat('inventory-accuracy', 'accuracy', inventory?.avg_inventory_accuracy, 2, '%'),
        stat('inventory-time', 'inventoryTime', inventory?.avg_inventory_time, 2, t('brand.stats.minutes')),
      ],
    },
  ];
};
