import { Stack } from '@mui/material';
import { RoleThreshold } from '@rfid/contract';
import { Suspense, useDeferredValue } from 'react';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageLoading } from '../../components/page-loading';
import { useCurrentLocation } from '../../lib/current-location';
import { lazyPage } from '../../lib/lazy-page';
import { hasRole, useRole } from '../auth';
import { LazyShrinkDashboardCard } from '../shrink';
import { type DashboardScope, useStatistics } from './api/get-statistics';
import { DashboardDonuts } from './components/dashboard-donuts';
import { DashboardFigures } from './components/dashboard-figures';
import { DashboardHeader } from './components/dashboard-header';

// The chart (with its charting library) and the print wizard load after the figures: the figures show first.
const DashboardChart = lazyPage(() => import('./components/dashboard-chart').then((module) => module.DashboardChart));

/**
 * The dashboard (spec section 2): the location's name, its stock against its theoretical stock,
 * stock change %, precision % and days of supply; the Inbound, Outbound and Online donuts of the
 * last 30 days; and the time-series chart. Statistics reload every 20 s. A company picked in the
 * header's Company tab shows the same figures over all its locations.
 */
export const DashboardPage = () => {
  const role = useRole();
  const location = useCurrentLocation();
  const scope: DashboardScope = { kind: location?.kind === 'company' ? 'company' : 'location', id: location?.id ?? 0 };
  const stats = useStatistics(scope);
  const s = stats.data;
  // The donuts, the chart and the shrink card draw a render after the header and the figures (a deferred value's first
  // render has `false`): the commit that shows the figures is that much smaller (issue 30: on a phone's CPU it is the
  // one the page's first data waits for).
  const isRestShown = useDeferredValue(true, false);
  return (
    <Stack spacing={2}>
      <DashboardHeader scope={scope} location={location} />

      {location && stats.isError && <LoadErrorAlert error={stats.error} testId="dashboard-error" />}

      {location && (
        <>
          <DashboardFigures s={s} isLoading={stats.isPending} scope={scope} />

          {isRestShown && (
            <>
              <DashboardDonuts s={s} isLoading={stats.isPending} />

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
        </>
      )}
    </Stack>
  );
};
