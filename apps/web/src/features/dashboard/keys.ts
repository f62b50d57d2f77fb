import type { DashboardScope } from './api/get-statistics';

/** Query keys of the dashboard: everything under ['dashboard']. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  statistics: (scope: DashboardScope) => ['dashboard', 'statistics', scope.kind, scope.id] as const,
  graph: (scope: DashboardScope, query: object | null) => ['dashboard', 'graph', scope.kind, scope.id, query] as const,
};
