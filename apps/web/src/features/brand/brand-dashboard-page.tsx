import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatGrid, type StatItem, statValue } from '../../components/stat-grid';
import { useCurrentLocation } from '../../lib/current-location';
import { useRole } from '../auth';
import { useBrandStatistics } from './api/get-brand-statistics';
import { useBrands } from './api/get-brands';
import { useDashboards } from './api/get-dashboards';
import { useLocationBrand } from './api/get-location-brand';

const BRAND_MAX_ROLE = 2;

/**
 * The brand dashboard (spec sections 2 and 7): the external page of GET /dashboards/?description=Brand
 * embedded (its first item's full_url), or a note that none is configured; under it, the brand's
 * own statistics over its locations in the last 30 days.
 */
export const BrandDashboardPage = () => {
  const { t, i18n } = useTranslation('dashboard');
  const role = useRole();
  // The brand menu and its statistics are roles 1 and 2's (spec section 6); the server refuses the others.
  const canSeeBrands = role !== undefined && role <= BRAND_MAX_ROLE;
  const dashboards = useDashboards('Brand', canSeeBrands);
  const brands = useBrands(canSeeBrands);
  const [chosen, setChosen] = useState<number | null>(null);
  const location = useCurrentLocation();
  const locationBrand = useLocationBrand(location && location.kind !== 'company' ? location.id : 0).data;
  // The brand of the current location first, else the first brand.
  const brandId = canSeeBrands ? (chosen ?? locationBrand ?? brands.data?.results[0]?.id ?? 0) : 0;
  const stats = useBrandStatistics(brandId);
  const url = dashboards.data?.[0]?.full_url;
  const language = i18n.language;
  const { purchase, entry, exit, sales, inventory } = stats.data;
  const hours = t('brand.stats.hours');
  /** One box: `brand-<id>`, its title `brand.stats.<title>`, the value with `digits` decimals, a unit only beside a value ('—' stands alone). */
  const stat = (id: string, title: string, value: number | null | undefined, digits = 0, unit?: string): StatItem => ({
    id: `brand-${id}`,
    title: t(`brand.stats.${title}`),
    value: statValue(value, language, digits),
    unit: value === null || value === undefined ? undefined : unit,
  });

  const groups = [
    {
      id: 'purchase',
      items: [
        stat('purchase-orders', 'orders', purchase?.orders),
        stat('purchase-correct', 'correct', purchase?.correctly_received_porders),
        stat('purchase-incorrect', 'incorrect', purchase?.incorrectly_received_porders),
        stat('purchase-reception', 'receptionTime', purchase?.average_reception_time, 2, hours),
      ],
    },
    {
      id: 'entry',
      items: [
        stat('entry-orders', 'orders', entry?.orders),
        stat('entry-pending', 'pending', entry?.destination_pending_orders),
        stat('entry-daily', 'dailyOrders', entry?.destination_daily_orders, 2),
        stat('entry-reception', 'receptionTime', entry?.average_reception_time, 2, hours),
      ],
    },
    {
      id: 'exit',
      items: [
        stat('exit-orders', 'orders', exit?.orders),
        stat('exit-pending', 'pending', exit?.origin_pending_orders),
        stat('exit-daily', 'dailyOrders', exit?.origin_daily_orders, 2),
        stat('exit-shipping', 'shippingTime', exit?.average_shipping_time, 2, hours),
      ],
    },
    {
      id: 'sales',
      items: [
        stat('sales', 'sales', sales?.sales),
        stat('items-sold', 'itemsSold', sales?.items_sold),
        stat('returns', 'returns', sales?.returns),
        stat('items-returned', 'itemsReturned', sales?.items_returned),
      ],
    },
    {
      id: 'inventory',
      items: [
        stat('inventories', 'inventories', inventory?.total_inventory_count),
        stat('inventories-validated', 'validated', inventory?.validated_inventories),
        stat('inventory-accuracy', 'accuracy', inventory?.avg_inventory_accuracy, 2, '%'),
        stat('inventory-time', 'inventoryTime', inventory?.avg_inventory_time, 2, t('brand.stats.minutes')),
      ],
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('brand.title')}
      </Typography>
      {!canSeeBrands ? (
        <Alert severity="warning" data-testid="brand-dashboard-not-allowed">
          {t('brand.notAllowed')}
        </Alert>
      ) : dashboards.isPending ? null : url ? (
        <Card variant="outlined">
          <Box
            component="iframe"
            src={url}
            title={t('brand.frameTitle')}
            data-testid="brand-dashboard-frame"
            sx={{ display: 'block', width: '100%', height: { xs: '70vh', md: 'calc(100vh - 260px)' }, minHeight: 420, border: 0 }}
          />
          <Box sx={{ p: 1, textAlign: 'right' }}>
            <Button size="small" endIcon={<OpenInNewIcon />} href={url} target="_blank" rel="noopener noreferrer">
              {t('brand.openNew')}
            </Button>
          </Box>
        </Card>
      ) : (
        <Alert severity="info" data-testid="brand-dashboard-none">
          {t('brand.notConfigured')} {t('brand.notConfiguredHelp')}
        </Alert>
      )}

      {canSeeBrands && (
        <Card variant="outlined">
          <CardContent>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
              <Box sx={{ flexGrow: 1 }}>
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {t('brand.statistics')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('brand.range')}
                </Typography>
              </Box>
              <TextField
                select
                size="small"
                label={t('brand.brand')}
                value={brandId || ''}
                onChange={(e) => setChosen(Number(e.target.value))}
                sx={{ minWidth: 200 }}
                data-testid="brand-select"
              >
                {(brands.data?.results ?? []).map((b) => (
                  <MenuItem key={b.id} value={b.id}>
                    {b.description}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {brandId === 0 && !brands.isPending ? (
              <Typography color="text.secondary">{t('brand.chooseBrand')}</Typography>
            ) : (
              <Stack spacing={2}>
                {groups.map((g) => (
                  <Box key={g.id} data-testid={`brand-group-${g.id}`}>
                    <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
                      {t(`brand.groups.${g.id}`)}
                    </Typography>
                    <StatGrid items={g.items} isLoading={stats.isPending} />
                  </Box>
                ))}
              </Stack>
            )}
          </CardContent>
        </Card>
      )}
    </Stack>
  );
};
