import { Grid, Typography } from '@mui/material';
import type { LocationStatistics } from '@rfid/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PercentBar } from '../../../components/percent-bar';
import { formatNumber, formatQuantity } from '../../../lib/format';
import { NosbosCard } from '../../replenishment';
import type { DashboardScope } from '../api/get-statistics';
import { FigureCard } from './figure-card';

/** The four figures (stock, change, precision, days of supply) and, for a location, its NOS/BOS card. */
export const DashboardFigures = ({
  s,
  isLoading,
  scope,
}: {
  s: LocationStatistics | undefined;
  isLoading: boolean;
  scope: DashboardScope;
}) => {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language;
  const change = s?.stock_evolution ?? null;
  /** The four figures over the donuts, titled `figures.<id>`. */
  const figures: { id: string; value: ReactNode; caption: ReactNode; color?: string; children?: ReactNode }[] = [
    {
      id: 'stock',
      value: (
        <>
          <span data-testid="dashboard-stock">{formatQuantity(s?.stock, language)}</span>
          <Typography component="span" variant="h6" color="text.secondary">
            {' / '}
            <span data-testid="dashboard-theoretical">{formatQuantity(s?.theorical_stock, language)}</span>
          </Typography>
        </>
      ),
      caption: t('figures.stockCaption'),
    },
    {
      id: 'change',
      value: change === null ? '—' : `${change > 0 ? '+' : ''}${formatNumber(change, language, 2)} %`,
      color: change === null || change === 0 ? undefined : change > 0 ? 'success.main' : 'error.main',
      caption:
        s?.last_year_stock === null || s?.last_year_stock === undefined
          ? t('figures.changeNoBase')
          : t('figures.changeCaption', { stock: formatQuantity(s.last_year_stock, language) }),
    },
    {
      id: 'precision',
      value: `${formatQuantity(s?.precision, language)} %`,
      caption: t('figures.precisionCaption'),
      children: <PercentBar value={s?.precision} />,
    },
    {
      id: 'supply',
      value:
        s?.days_of_supply === null || s?.days_of_supply === undefined
          ? '—'
          : t('figures.days', { days: formatNumber(s.days_of_supply, language, 1) }),
      caption:
        s && s.items_out_30_days > 0
          ? t('figures.supplyCaption', { items: formatQuantity(s.items_out_30_days, language) })
          : t('figures.supplyNoOut'),
    },
  ];

  return (
    <Grid container spacing={1.5} data-testid="dashboard-figures">
      {figures.map(({ id, ...figure }) => (
        <Grid key={id} size={{ xs: 12, sm: 6, lg: 3 }}>
          <FigureCard id={id} title={t(`figures.${id}`)} isLoading={isLoading} {...figure} />
        </Grid>
      ))}
      {scope.kind === 'location' && (
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <NosbosCard locationId={scope.id} />
        </Grid>
      )}
    </Grid>
  );
};
