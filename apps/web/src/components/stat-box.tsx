import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export type StatBoxProps = {
  title: ReactNode;
  value: ReactNode;
  unit?: ReactNode;
  /** A theme colour for the value (e.g. 'primary.main', 'error.main'). */
  color?: string;
  isLoading?: boolean;
  testId?: string;
};

/** The card of one figure of a dashboard: its title, then a skeleton while it loads, then `children`. */
export const StatCard = ({
  title,
  isLoading,
  testId,
  children,
}: {
  title: ReactNode;
  isLoading: boolean;
  testId: string | undefined;
  children: ReactNode;
}) => (
  <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
    <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {title}
      </Typography>
      {isLoading ? <Skeleton width="60%" height={40} /> : children}
    </CardContent>
  </Card>
);

/**
 * One statistic of a dashboard.
 *
 * ```tsx
 * <StatBox title={t('stats.orders')} value={stats?.orders} unit="h" isLoading={isPending} />
 * ```
 */
export const StatBox = ({ title, value, unit, color, isLoading = false, testId }: StatBoxProps) => (
  <StatCard title={title} isLoading={isLoading} testId={testId}>
    <Typography variant="h5" sx={{ fontWeight: 600, color }} data-testid={testId ? `${testId}-value` : undefined}>
      {value ?? '—'}
      {unit && (
        <Typography component="span" variant="body1" color="text.secondary" sx={{ ml: 0.5 }}>
          {unit}
        </Typography>
      )}
    </Typography>
  </StatCard>
);
