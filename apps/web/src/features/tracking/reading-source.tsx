import { Box, Link, Typography } from '@mui/material';
import type { ReadingSource } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ORDER_PATHS, type OrderKind } from '../orders';

/** The pages of an order as the side that read it sees it (a movement's origin is its exit, its destination its entry). */
const orderKindOf = (order: NonNullable<ReadingSource['order']>, side: ReadingSource['side']): OrderKind => {
  if (order.type === 'purchase') return 'purchase';
  if (order.type === 'online') return 'online';
  return side === 'origin' ? 'exit' : 'entry';
};

/** Where each kind of return has its detail (the inbound feature's routes). */
const returnPath = (item: NonNullable<ReadingSource['return']>) =>
  item.kind === 'provider' ? `/inbound/returns/${item.id}/detail` : `/outbound/returns/${item.id}/detail`;

/**
 * What brought a reading (issue 28): the order and box whose verification read the tag, or the return that received it,
 * each a link to its page; nothing when no order, box or return claimed the set.
 */
export const ReadingSourceLinks = ({ source }: { source: ReadingSource }) => {
  const { t } = useTranslation('tracking');
  const { order, box, side } = source;
  const kind = order ? orderKindOf(order, side) : null;
  if (!order && !box && !source.return) return null;
  return (
    <Box component="span" sx={{ display: 'block' }} data-testid="reading-source">
      {order && kind && (
        <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {t('tracker.source.order')}{' '}
          <Link component={RouterLink} to={ORDER_PATHS[kind].detail(order.id)} data-testid="reading-source-order">
            {order.order_code}
          </Link>
        </Typography>
      )}
      {order && kind && box && (
        <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {t('tracker.source.box')}{' '}
          <Link component={RouterLink} to={ORDER_PATHS[kind].box(order.id, box.id)} data-testid="reading-source-box">
            {box.codebar}
          </Link>
        </Typography>
      )}
      {source.return && (
        <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {t('tracker.source.return')}{' '}
          <Link component={RouterLink} to={returnPath(source.return)} data-testid="reading-source-return">
            {source.return.code || `#${source.return.id}`}
          </Link>
        </Typography>
      )}
    </Box>
  );
};
