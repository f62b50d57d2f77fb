import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** The purchase order a provider return belongs to, linking to its detail; '—' when it has none. */
export const ReturnOrderLink = ({ order }: { order: { id: number; order_code: string } | null }) =>
  order ? (
    <Link component={RouterLink} to={`/inbound/order/${order.id}/detail`} data-testid="return-order">
      {order.order_code}
    </Link>
  ) : (
    '—'
  );

/** The provider a return goes back to, linking to its detail; '—' when it has none. */
export const ReturnProviderLink = ({ provider }: { provider: { id: number; name: string } | null }) =>
  provider ? (
    <Link component={RouterLink} to={`/inbound/provider/${provider.id}/detail`} data-testid="return-provider">
      {provider.name}
    </Link>
  ) : (
    '—'
  );
