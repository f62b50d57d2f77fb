import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** A link to a return's related record, reading `text`; '—' when the return has no such record (`to` undefined). */
const LinkOrDash = ({ to, text, testId }: { to: string | undefined; text: string | undefined; testId: string }) =>
  to === undefined ? (
    '—'
  ) : (
    <Link component={RouterLink} to={to} data-testid={testId}>
      {text}
    </Link>
  );

/** The purchase order a provider return belongs to, linking to its detail; '—' when it has none. */
export const ReturnOrderLink = ({ order }: { order: { id: number; order_code: string } | null }) => (
  <LinkOrDash to={order ? `/inbound/order/${order.id}/detail` : undefined} text={order?.order_code} testId="return-order" />
);

/** The provider a return goes back to, linking to its detail; '—' when it has none. */
export const ReturnProviderLink = ({ provider }: { provider: { id: number; name: string } | null }) => (
  <LinkOrDash
    to={provider ? `/inbound/provider/${provider.id}/detail` : undefined}
    text={provider?.name}
    testId="return-provider"
  />
);
