/** The public face of the shrink feature: other features import only from here. */
import { lazyPage } from '../../lib/lazy-page';

/** The store dashboard's shrink card (figures and charts of the last 30 days), loaded after the dashboard's figures. */
export const LazyShrinkDashboardCard = lazyPage(() =>
  import('./shrink-dashboard-card').then((module) => module.ShrinkDashboardCard),
);
