import type { Dashboard, dashboardsQuerySchema } from '@rfid/contract';
import type { z } from 'zod';

/**
 * The brand dashboards: the schema has no dashboards table, so they come from the configuration.
 * BRAND_DASHBOARD_URL (http or https) is the "Brand" dashboard; unset or another scheme → none.
 */
export const configuredDashboards = (brandDashboardUrl: string | undefined): Dashboard[] => {
  const url = brandDashboardUrl?.trim();
  if (!url) return [];
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return [];
  } catch {
    return [];
  }
  return [{ id: 1, description: 'Brand', full_url: url }];
};

/** GET /dashboards/: the configured dashboards, or those whose description is `description` (any case). */
export const listDashboards = (
  { brandDashboardUrl }: { brandDashboardUrl: string | undefined },
  { description }: z.output<typeof dashboardsQuerySchema>,
): Dashboard[] => {
  const all = configuredDashboards(brandDashboardUrl);
  if (!description) return all;
  const wanted = description.trim().toLowerCase();
  return all.filter((d) => d.description.toLowerCase() === wanted);
};
