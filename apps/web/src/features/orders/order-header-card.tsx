import { Box, Link, Skeleton } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FactsCard, Field } from '../../components/facts-card';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { StatusChip } from '../../components/status-chip';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { formatWaitingTime, orderStatusMap } from './labels';

/** What the header shows of one side (origin or destination) of an order of any kind. */
export type OrderHeaderData = {
  /** The side's status (destination_status of purchase and entry orders, origin_status of exit and online). */
  status: number;
  /** Order code, and for purchase orders the provider link. */
  name: ReactNode;
  id: number;
  /** The order's detail page (the number links to it). */
  detailTo: string;
  /** Arrival (or exit) time of the side, and the label saying which. */
  time: string | null;
  timeLabel?: ReactNode;
  waitingSeconds: number | null;
  isLate: boolean;
  realItems: number;
  expectedItems: number;
  verifiedBoxes: number;
  totalBoxes: number;
  /** The order's boxes page (the box counts link to it). */
  boxesTo: string;
};

/**
 * The order header of the order, boxes and verification pages (spec: order status, name and
 * number, arrival time, waiting time, items real/expected and boxes verified/total). Pass the
 * query's state: `data` undefined shows skeletons, `error` the not-found or generic message.
 */
export const OrderHeaderCard = ({
  data,
  error,
  children,
}: {
  data: OrderHeaderData | undefined;
  error?: unknown;
  children?: ReactNode;
}) => {
  const { t, i18n } = useTranslation(['orders', 'common']);
  if (error) return <LoadErrorAlert error={error} testId="order-header-error" />;
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  return (
    <FactsCard testId="order-header">
      <Field label={t('header.status')}>
        {data ? (
          <span data-testid="order-status">
            <StatusChip status={data.status} map={orderStatusMap(t)} />
          </span>
        ) : (
          <Skeleton />
        )}
      </Field>
      <Field label={t('header.order')} wide>
        {data ? data.name : <Skeleton />}
      </Field>
      <Field label={t('header.number')}>
        {data ? (
          <Link component={RouterLink} to={data.detailTo} data-testid="order-number">
            {data.id}
          </Link>
        ) : (
          <Skeleton />
        )}
      </Field>
      <Field label={data?.timeLabel ?? t('header.arrival')}>
        {data ? formatDateTime(data.time, t('common:noDate')) : <Skeleton />}
      </Field>
      <Field label={t('header.waiting')}>
        {data ? (
          <Box component="span" sx={{ color: data.isLate ? 'error.main' : undefined }} data-testid="order-waiting">
            {formatWaitingTime(data.waitingSeconds, t)}
          </Box>
        ) : (
          <Skeleton />
        )}
      </Field>
      <Field label={t('header.items')}>
        {data ? (
          <span data-testid="order-items">
            {quantity(data.realItems)} / {quantity(data.expectedItems)}
          </span>
        ) : (
          <Skeleton />
        )}
      </Field>
      <Field label={t('header.boxes')}>
        {data ? (
          <Link component={RouterLink} to={data.boxesTo} data-testid="order-boxes">
            {quantity(data.verifiedBoxes)} / {quantity(data.totalBoxes)}
          </Link>
        ) : (
          <Skeleton />
        )}
      </Field>
      {children}
    </FactsCard>
  );
};
