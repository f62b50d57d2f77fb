import { Alert, Box, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatGrid } from '../../components/stat-grid';
import { useCurrentLocation } from '../../lib/current-location';
import { useRole } from '../auth';
import { useBrandStatistics } from './api/get-brand-statistics';
import { useBrands } from './api/get-brands';
import { useDashboards } from './api/get-dashboards';
import { useLocationBrand } from './api/get-location-brand';
import { BrandFrame } from './brand-frame';
import { brandStatGroups } from './brand-stat-groups';

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
  const groups = brandStatGroups(t, i18n.language, stats.data);

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
        <BrandFrame url={url} />
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
