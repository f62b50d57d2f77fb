import type { ExitStats, MovementEntryStats } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { StatGrid, statValue } from '../../../components/stat-grid';

/** A side's order figures: orders, pending orders, orders per day, and the average and maximum time, in hours. */
export type SideFigures = {
  orders: number;
  pending: number;
  daily: number;
  average: number | null;
  max: number | null;
};

/** The exit side's figures (spec section 2): counted on the origin, with the shipping times. */
export const exitFigures = (stats: ExitStats): SideFigures => ({
  orders: stats.orders,
  pending: stats.origin_pending_orders,
  daily: stats.origin_daily_orders,
  average: stats.average_shipping_time,
  max: stats.max_shipping_time,
});

/** The entry side's figures: counted on the destination, with the reception times. */
export const entryFigures = (stats: MovementEntryStats): SideFigures => ({
  orders: stats.orders,
  pending: stats.destination_pending_orders,
  daily: stats.destination_daily_orders,
  average: stats.average_reception_time,
  max: stats.max_reception_time,
});

/** Orders, pending orders, orders per day, and the average and maximum time of `time`, in hours. */
const SideStats = ({
  figures,
  time,
  isLoading,
  testId,
}: {
  figures: SideFigures | undefined;
  time: 'Shipping' | 'Reception';
  isLoading: boolean;
  testId: string;
}) => {
  const { t, i18n } = useTranslation('orders');
  const language = i18n.language;
  const hours = t('dashboard.stats.hours');
  return (
    <StatGrid
      testId={testId}
      isLoading={isLoading}
      items={[
        { id: 'orders', title: t('dashboard.stats.orders'), value: statValue(figures?.orders, language, 0) },
        { id: 'pending', title: t('dashboard.stats.pending'), value: statValue(figures?.pending, language, 0) },
        { id: 'daily', title: t('dashboard.stats.daily'), value: statValue(figures?.daily, language) },
        {
          id: `average${time}`,
          title: t(`dashboard.stats.average${time}`),
          value: statValue(figures?.average, language),
          unit: hours,
        },
        { id: `max${time}`, title: t(`dashboard.stats.max${time}`), value: statValue(figures?.max, language), unit: hours },
      ]}
    />
  );
};

/**
 * The five figures of the online and movement-exit dashboards (spec section 2: orders, pending
 * orders, daily orders, average and max shipping time), counted on the origin side.
 */
export const ExitStatGrid = ({
  stats,
  isLoading,
  testId,
}: {
  stats: ExitStats | undefined;
  isLoading: boolean;
  testId: string;
}) => <SideStats time="Shipping" isLoading={isLoading} testId={testId} figures={stats && exitFigures(stats)} />;

/** The movement-entry dashboard's five figures, counted on the destination side, with the reception times. */
export const EntryStatGrid = ({
  stats,
  isLoading,
  testId,
}: {
  stats: MovementEntryStats | undefined;
  isLoading: boolean;
  testId: string;
}) => <SideStats time="Reception" isLoading={isLoading} testId={testId} figures={stats && entryFigures(stats)} />;
