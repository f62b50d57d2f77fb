import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatGrid, statValue } from '../../components/stat-grid';
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
  const dashboards = useDashboards('Brand');
  const role = useRole();
  // The brand menu and its statistics are roles 1 and 2's (spec section 6); the server refuses the others.
  const canSeeBrands = role !== undefined && role <= BRAND_MAX_ROLE;
  const brands = useBrands(canSeeBrands);
  const [chosen, setChosen] = useState<number | null>(null);
  const location = useCurrentLocation();
  const locationBrand = useLocationBrand(location && location.kind !== 'company' ? location.id : 0).data;
  // The brand of the current location first, else the first brand.
  const brandId = canSeeBrands ? (chosen ?? locationBrand ?? brands.data?.results[0]?.id ?? 0) : 0;
  const stats = useBrandStatistics(brandId);
  const url = dashboards.data?.[0]?.full_url;
  const language = i18n.language;
  const n = (v: number | null | undefined, digits = 0) => statValue(v, language, digits);
  /** A unit only beside a value ('—' stands alone). */
  const unit = (v: number | null | undefined, text: string) => (v === null || v === undefined ? undefined : text);
  const { purchase, entry, exit, sales, inventory } = stats.data;

  const groups = [
    {
      id: 'purchase',
      items: [
        { id: 'brand-purchase-orders', title: t('brand.stats.orders'), value: n(purchase?.orders) },
        { id: 'brand-purchase-correct', title: t('brand.stats.correct'), value: n(purchase?.correctly_received_porders) },
        { id: 'brand-purchase-incorrect', title: t('brand.stats.incorrect'), value: n(purchase?.incorrectly_received_porders) },
        {
          id: 'brand-purchase-reception',
          title: t('brand.stats.receptionTime'),
          value: n(purchase?.average_reception_time, 2),
          unit: unit(purchase?.average_reception_time, t('brand.stats.hours')),
        },
      ],
    },
    {
      id: 'entry',
      items: [
        { id: 'brand-entry-orders', title: t('brand.stats.orders'), value: n(entry?.orders) },
        { id: 'brand-entry-pending', title: t('brand.stats.pending'), value: n(entry?.destination_pending_orders) },
        { id: 'brand-entry-daily', title: t('brand.stats.dailyOrders'), value: n(entry?.destination_daily_orders, 2) },
        {
          id: 'brand-entry-reception',
          title: t('brand.stats.receptionTime'),
          value: n(entry?.average_reception_time, 2),
          unit: unit(entry?.average_reception_time, t('brand.stats.hours')),
        },
      ],
    },
    {
      id: 'exit',
      items: [
        { id: 'brand-exit-orders', title: t('brand.stats.orders'), value: n(exit?.orders) },
        { id: 'brand-exit-pending', title: t('brand.stats.pending'), value: n(exit?.origin_pending_orders) },
        { id: 'brand-exit-daily', title: t('brand.stats.dailyOrders'), value: n(exit?.origin_daily_orders, 2) },
        {
          id: 'brand-exit-shipping',
          title: t('brand.stats.shippingTime'),
          value: n(exit?.average_shipping_time, 2),
          unit: unit(exit?.average_shipping_time, t('brand.stats.hours')),
        },
      ],
    },
    {
      id: 'sales',
      items: [
        { id: 'brand-sales', title: t('brand.stats.sales'), value: n(sales?.sales) },
        { id: 'brand-items-sold', title: t('brand.stats.itemsSold'), value: n(sales?.items_sold) },
        { id: 'brand-returns', title: t('brand.stats.returns'), value: n(sales?.returns) },
        { id: 'brand-items-returned', title: t('brand.stats.itemsReturned'), value: n(sales?.items_returned) },
      ],
    },
    {
      id: 'inventory',
      items: [
        { id: 'brand-inventories', title: t('brand.stats.inventories'), value: n(inventory?.total_inventory_count) },
        { id: 'brand-inventories-validated', title: t('brand.stats.validated'), value: n(inventory?.validated_inventories) },
        {
          id: 'brand-inventory-accuracy',
          title: t('brand.stats.accuracy'),
          value: n(inventory?.avg_inventory_accuracy, 2),
          unit: unit(inventory?.avg_inventory_accuracy, '%'),
        },
        {
          id: 'brand-inventory-time',
          title: t('brand.stats.inventoryTime'),
          value: n(inventory?.avg_inventory_time, 2),
          unit: unit(inventory?.avg_inventory_time, t('brand.stats.minutes')),
        },
      ],
    },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('brand.title')}
      </Typography>
      {dashboards.isPending ? null : url ? (
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
