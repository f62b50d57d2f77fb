import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Card, CardContent, Grid, Stack, Typography, useTheme } from '@mui/material';
import { type LocationStatistics, RoleThreshold } from '@rfid/contract';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageLoading } from '../../components/page-loading';
import { PercentBar } from '../../components/percent-bar';
import { useCurrentLocation } from '../../lib/current-location';
import { formatNumber, formatQuantity } from '../../lib/format';
import { lazyPage } from '../../lib/lazy-page';
import { hasRole, useRole } from '../auth';
import { LazyPrintWizardDialog } from '../print-wizard';
import { NosbosCard } from '../replenishment';
import { LazyShrinkDashboardCard } from '../shrink';
import { type DashboardScope, useStatistics } from './api/get-statistics';
import { DonutCard, type DonutSlice } from './components/donut-card';
import { FigureCard } from './components/figure-card';

// The chart (with its charting library) and the print wizard load after the figures: the figures show first.
const DashboardChart = lazyPage(() => import('./components/dashboard-chart').then((module) => module.DashboardChart));

/**
 * The dashboard (spec section 2): the location's name, its stock against its theoretical stock,
 * stock change %, precision % and days of supply; the Inbound, Outbound and Online donuts of the
 * last 30 days; and the time-series chart. Statistics reload every 20 s. A company picked in the
 * header's Company tab shows the same figures over all its locations.
 */
export const DashboardPage = () => {
  const { t, i18n } = useTranslation('dashboard');
  const role = useRole();
  const [isPrintOpen, setPrintOpen] = useState(false);
  // The wizard's code loads on the first click of Print; it stays mounted after, so it closes as it opens.
  const [wasPrintOpened, setPrintOpened] = useState(false);
  const location = useCurrentLocation();
  const scope: DashboardScope = { kind: location?.kind === 'company' ? 'company' : 'location', id: location?.id ?? 0 };
  const stats = useStatistics(scope);
  const theme = useTheme();
  const s = stats.data;
  const language = i18n.language;

  const green = theme.palette.success.main;
  const red = theme.palette.error.main;
  const amber = theme.palette.warning.light;
  /** A donut's slice: `donuts.<key>` as its label. */
  const slice = (key: string, value: number, color: string): DonutSlice => ({ key, label: t(`donuts.${key}`), value, color });
  type Donut = { id: string; title: string; slices: (s: LocationStatistics) => DonutSlice[] };
  /** A donut: `donuts.<id>` as its title. */
  const donut = (id: string, slices: Donut['slices']): Donut => ({ id, title: t(`donuts.${id}`), slices });
  const donuts: Donut[] = [
    donut('inbound', (x) => [
      slice('correctly_received', x.entrys.correctly_received, green),
      slice('incorrectly_received', x.entrys.incorrectly_received, red),
      slice('waiting', x.entrys.waiting, amber),
    ]),
    donut('outbound', (x) => [
      slice('correctly_exited', x.exits.correctly_exited, green),
      slice('incorrectly_exited', x.exits.incorrectly_exited, red),
      slice('waiting', x.exits.waiting, amber),
    ]),
    donut('online', (x) => [slice('sended', x.online.sended, green), slice('waiting', x.online.waiting, amber)]),
  ];

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

  // The 3-step print wizard (tag type, tag format, order or print): the printing feature's, roles 1 to 4.
  const printButton = (
    <Button
      variant="outlined"
      startIcon={<PrintIcon />}
      disabled={!hasRole(role, RoleThreshold.printOrderAdd)}
      onClick={() => {
        setPrintOpened(true);
        setPrintOpen(true);
      }}
      data-testid="dashboard-print"
    >
      {t('print.button')}
    </Button>
  );

  return (
    <Stack spacing={2}>
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', '&:last-child': { pb: 2 } }}>
          <Box sx={{ flex: '1 1 0%', minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary">
              {scope.kind === 'company' ? t('company') : t('location')}
            </Typography>
            <Typography variant="h4" component="h1" data-testid="dashboard-location" sx={{ overflowWrap: 'anywhere' }}>
              {location?.description ?? t('noLocation')}
            </Typography>
          </Box>
          {location && printButton}
          {wasPrintOpened && (
            <Suspense fallback={null}>
              <LazyPrintWizardDialog open={isPrintOpen} onClose={() => setPrintOpen(false)} />
            </Suspense>
          )}
        </CardContent>
      </Card>

      {location && stats.isError && <LoadErrorAlert error={stats.error} testId="dashboard-error" />}

      {location && (
        <>
          <Grid container spacing={1.5} data-testid="dashboard-figures">
            {figures.map(({ id, ...figure }) => (
              <Grid key={id} size={{ xs: 12, sm: 6, lg: 3 }}>
                <FigureCard id={id} title={t(`figures.${id}`)} isLoading={stats.isPending} {...figure} />
              </Grid>
            ))}
            {scope.kind === 'location' && (
              <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
                <NosbosCard locationId={scope.id} />
              </Grid>
            )}
          </Grid>

          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="dashboard-donuts-range">
              {t('donuts.range')}
            </Typography>
            <Grid container spacing={1.5}>
              {donuts.map((d) => (
                <Grid key={d.id} size={{ xs: 12, md: 4 }}>
                  <DonutCard id={d.id} title={d.title} slices={s ? d.slices(s) : []} isLoading={stats.isPending} />
                </Grid>
              ))}
            </Grid>
          </Box>

          <Suspense fallback={<PageLoading />}>
            <DashboardChart scope={scope} />
          </Suspense>

          {scope.kind === 'location' && hasRole(role, RoleThreshold.shrink) && (
            <Suspense fallback={null}>
              <LazyShrinkDashboardCard locationId={scope.id} />
            </Suspense>
          )}
        </>
      )}
    </Stack>
  );
};
