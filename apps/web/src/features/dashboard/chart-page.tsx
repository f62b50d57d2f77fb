import DashboardIcon from '@mui/icons-material/Dashboard';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentLocation } from '../../lib/current-location';
import { isAuthenticated } from '../../lib/storage';
import { useIdentityWithDefaultLocation } from '../locations';
import { DashboardChart } from './components/dashboard-chart';

const Centered = ({ children, testId }: { children: ReactNode; testId: string }) => (
  <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }} data-testid={testId}>
    <Card sx={{ maxWidth: 480, width: '100%', textAlign: 'center' }}>
      <CardContent sx={{ p: 4 }}>{children}</CardContent>
    </Card>
  </Box>
);

/**
 * /chart (spec: needs no login): the dashboard's time-series chart alone, full screen, for a wall screen in a
 * warehouse. The route is open, its data is not: without a session it asks to sign in and comes back here.
 */
export const ChartPage = () => {
  const { t } = useTranslation('dashboard');
  const location = useCurrentLocation();
  const { identity, isLocationSettled } = useIdentityWithDefaultLocation();
  if (!isAuthenticated()) {
    return (
      <Centered testId="chart-sign-in">
        <Typography variant="h6" gutterBottom>
          {t('chartPage.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('chartPage.signIn')}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/login" state={{ from: '/chart' }} data-testid="chart-login">
          {t('chartPage.signInButton')}
        </Button>
      </Centered>
    );
  }
  if (!location) {
    // Right after a first sign-in the default location is on its way.
    if (identity.isPending || !isLocationSettled) return null;
    return (
      <Centered testId="chart-no-location">
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('chartPage.noLocation')}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/dashboard">
          {t('chartPage.openDashboard')}
        </Button>
      </Centered>
    );
  }
  return (
    <Stack spacing={2} sx={{ p: { xs: 1.5, sm: 3 }, minHeight: '100vh' }} data-testid="chart-page">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="h5" data-testid="chart-location">
            {location.description}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('chartPage.subtitle')}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<DashboardIcon />} component={RouterLink} to="/dashboard">
          {t('chartPage.openDashboard')}
        </Button>
      </Stack>
      <DashboardChart scope={{ kind: location.kind === 'company' ? 'company' : 'location', id: location.id }} />
    </Stack>
  );
};
