import { describe, expect, it } from 'vitest';
import { listDashboards } from './list-dashboards.js';

const brand = { id: 1, description: 'Brand', full_url: 'https://bi.example.com/brand' };

describe('list dashboards (use case)', () => {
  it('answers the Brand dashboard of BRAND_DASHBOARD_URL (trimmed), or none when unset, blank or not http(s)', () => {
    expect(listDashboards({ brandDashboardUrl: ' https://bi.example.com/brand ' }, {})).toEqual([brand]);
    expect(listDashboards({ brandDashboardUrl: 'http://bi.local/b' }, {})).toEqual([
      { id: 1, description: 'Brand', full_url: 'http://bi.local/b' },
    ]);
    expect(listDashboards({ brandDashboardUrl: undefined }, {})).toEqual([]);
    expect(listDashboards({ brandDashboardUrl: '  ' }, {})).toEqual([]);
    expect(listDashboards({ brandDashboardUrl: 'ftp://bi.example.com/brand' }, {})).toEqual([]);
    expect(listDashboards({ brandDashboardUrl: 'not a url' }, {})).toEqual([]);
  });

  it('filters by description, in any case', () => {
    const deps = { brandDashboardUrl: 'https://bi.example.com/brand' };
    expect(listDashboards(deps, { description: ' bRAND ' })).toEqual([brand]);
    expect(listDashboards(deps, { description: 'Sales' })).toEqual([]);
  });
});
