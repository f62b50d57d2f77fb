import { Grid } from '@mui/material';
import type { ReactNode } from 'react';
import { formatNumber } from '../lib/format';
import { StatBox } from './stat-box';

export type StatItem = {
  /** Stable id: the box's test id is `stat-<id>` (and its value `stat-<id>-value`). */
  id: string;
  title: ReactNode;
  value: ReactNode;
  unit?: ReactNode;
  color?: string;
};

/**
 * A dashboard's row of statistics: two a row on phones, three on tablets, all in one row on a
 * desktop (five or six boxes).
 *
 * ```tsx
 * <StatGrid items={[{ id: 'orders', title: t('stats.orders'), value: 12 }]} isLoading={stats.isPending} testId="online-stats" />
 * ```
 */
export const StatGrid = ({ items, isLoading, testId }: { items: StatItem[]; isLoading: boolean; testId?: string }) => {
  const perRow = Math.max(1, items.length);
  return (
    <Grid container spacing={1.5} data-testid={testId}>
      {items.map((item) => (
        <Grid key={item.id} size={{ xs: 6, sm: 4, lg: 12 / perRow }}>
          <StatBox
            title={item.title}
            value={item.value}
            unit={item.unit}
            color={item.color}
            isLoading={isLoading}
            testId={`stat-${item.id}`}
          />
        </Grid>
      ))}
    </Grid>
  );
};

/** A statistic's value in the user's language with `digits` decimals (0 for counts); '—' when the server has none. */
export const statValue = (value: number | null | undefined, language: string, digits = 2): string =>
  value === null || value === undefined ? '—' : formatNumber(value, language, digits);
