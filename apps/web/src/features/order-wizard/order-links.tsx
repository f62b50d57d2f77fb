import { Link, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ORDER_PATHS, type OrderKind } from '../orders';

/** Links to a new order's detail and boxes pages and back to its dashboard (through ORDER_PATHS). */
export const OrderLinks = ({ kind, orderId }: { kind: OrderKind; orderId: number }) => {
  const { t } = useTranslation('order-wizard');
  const paths = ORDER_PATHS[kind];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 0.5 }}>
      <Link component={RouterLink} to={paths.detail(orderId)} data-testid="created-detail-link">
        {t('links.detail')}
      </Link>
      <Link component={RouterLink} to={paths.boxes(orderId)} data-testid="created-boxes-link">
        {t('links.boxes')}
      </Link>
      <Link component={RouterLink} to={paths.dashboard} data-testid="created-dashboard-link">
        {t('links.dashboard')}
      </Link>
    </Stack>
  );
};
