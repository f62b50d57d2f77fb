import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/link-button';
import { lazyPage } from '../../lib/lazy-page';
import { useShrinkReport } from './api/get-shrink';
import { ChartsLoading } from './components/charts-loading';
import { ShrinkFigures } from './components/shrink-figures';

const ShrinkCharts = lazyPage(() => import('./components/shrink-charts').then((module) => module.ShrinkCharts));

/** The server's default period: the store's last 30 days. */
const LAST_30_DAYS = { date_from: '', date_to: '' };

/**
 * The store dashboard's shrink card (issue 26): accuracy, shrink units and value of the store's last 30 days, the
 * accuracy trend and the shrink per day, and a link to the shrink page. For roles 1 to 3 (the dashboard checks).
 */
export const ShrinkDashboardCard = ({ locationId }: { locationId: number }) => {
  const { t } = useTranslation('shrink');
  const report = useShrinkReport(locationId, LAST_30_DAYS);
  if (report.isError) return null;
  return (
    <Card variant="outlined" data-testid="dashboard-shrink">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: '1 1 auto' }}>
            {t('dashboard.title')}
          </Typography>
          <LinkButton to="/shrink" icon={<ArrowForwardIcon />} variant="text" testId="dashboard-shrink-open">
            {t('dashboard.open')}
          </LinkButton>
        </Stack>
        <Stack spacing={1.5}>
          <ShrinkFigures report={report.data} isLoading={report.isPending} isCompact />
          {report.data && (
            <Box>
              <Suspense fallback={<ChartsLoading />}>
                <ShrinkCharts report={report.data} />
              </Suspense>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
};
