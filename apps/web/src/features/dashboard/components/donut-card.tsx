import { Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../lib/format';
import { lazyPage } from '../../../lib/lazy-page';
import type { DonutSlice } from './donut-ring';

export type { DonutSlice } from './donut-ring';

// The ring (with the charting library) loads after the card: its title, total and legend show at once, a grey
// circle holding the ring's place meanwhile (issue 15, LCP: the dashboard's figures paint before the charts' code).
const DonutRing = lazyPage(() => import('./donut-ring').then((module) => module.DonutRing));

const SIZE = 150;

/**
 * A donut of order counts (spec section 2: Inbound, Outbound, Online) with its total in the middle
 * and a legend that names every slice with its number. Test ids: `donut-<id>`, `donut-<id>-total`,
 * `donut-<id>-<slice>` (a legend row) and `donut-<id>-<slice>-value`.
 */
export const DonutCard = ({
  id,
  title,
  slices,
  isLoading,
}: {
  id: string;
  title: string;
  slices: DonutSlice[];
  isLoading: boolean;
}) => {
  const { t, i18n } = useTranslation('dashboard');
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const isEmpty = total === 0;
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={`donut-${id}`}>
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }} gutterBottom>
          {title}
        </Typography>
        {isLoading ? (
          <Skeleton variant="circular" width={SIZE} height={SIZE} sx={{ mx: 'auto' }} />
        ) : (
          // The legend beside the ring only where a third of the page leaves it room: at 1280 px with the menu open,
          // "Recibidos incorrectamente" ran into its number.
          <Stack direction={{ xs: 'column', sm: 'row', md: 'column', xl: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
            {/* A picture of the figures listed beside it: inert, so neither read nor reached by Tab (its chart is focusable). */}
            <Box sx={{ position: 'relative', width: SIZE, height: SIZE, flexShrink: 0 }} inert>
              <Suspense fallback={<Skeleton variant="circular" width={SIZE} height={SIZE} animation={false} />}>
                <DonutRing size={SIZE} slices={slices} noneLabel={t('donuts.none')} />
              </Suspense>
              <Box
                sx={{
                  position: 'absolute',
                  inset: 0,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  pointerEvents: 'none',
                }}
              >
                <Typography variant="h6" sx={{ fontWeight: 600 }} data-testid={`donut-${id}-total`}>
                  {formatQuantity(total, i18n.language)}
                </Typography>
              </Box>
            </Box>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, width: '100%', minWidth: 0 }}>
              {slices.map((s) => (
                <Box
                  component="li"
                  key={s.key}
                  data-testid={`donut-${id}-${s.key}`}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
                >
                  <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: s.color, flexShrink: 0 }} />
                  <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0 }}>
                    {s.label}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid={`donut-${id}-${s.key}-value`}>
                    {formatQuantity(s.value, i18n.language)}
                  </Typography>
                </Box>
              ))}
              {isEmpty && (
                <Typography variant="caption" color="text.secondary" component="li">
                  {t('donuts.none')}
                </Typography>
              )}
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};
