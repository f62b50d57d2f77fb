import { Link } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type AnyOrder, useAnyOrder } from './api/get-order-header';
import { isLate } from './labels';
import { OrderHeaderCard, type OrderHeaderData } from './order-header-card';
import { ORDER_PATHS, type OrderKind } from './order-paths';

/** Maps an order of any kind to the header of its side (purchase and entry: destination; online and exit: origin). */
export const toOrderHeaderData = (any: AnyOrder, labels: { exit: ReactNode }): OrderHeaderData => {
  const paths = ORDER_PATHS[any.kind];
  const common = {
    id: any.order.id,
    detailTo: paths.detail(any.order.id),
    boxesTo: paths.boxes(any.order.id),
    expectedItems: any.order.item_count,
    totalBoxes: any.order.num_boxes,
    waitingSeconds: any.order.waiting_time,
  };
  switch (any.kind) {
    case 'purchase': {
      const { order } = any;
      return {
        ...common,
        status: order.destination_status,
        name: (
          <>
            <span data-testid="order-code">{order.order_code}</span>
            {order.origin !== null && order.provider_name && (
              <>
                {' · '}
                <Link component={RouterLink} to={`/inbound/provider/${order.origin}/detail`} data-testid="order-provider">
                  {order.provider_name}
                </Link>
              </>
            )}
          </>
        ),
        time: order.arrival_date,
        isLate: isLate(order.estimated_arrival_date, order.arrival_date),
        realItems: order.real_item_count,
        verifiedBoxes: order.num_verified_boxes,
      };
    }
    case 'online':
      return {
        ...common,
        status: any.order.origin_status,
        name: <span data-testid="order-code">{any.order.order_code}</span>,
        time: any.order.exit_date,
        timeLabel: labels.exit,
        isLate: any.order.late,
        realItems: any.order.real_item_count,
        verifiedBoxes: any.order.num_verified_boxes,
      };
    case 'exit':
    case 'entry': {
      const { order } = any;
      const isExit = any.kind === 'exit';
      return {
        ...common,
        status: isExit ? order.origin_status : order.destination_status,
        name: (
          <>
            <span data-testid="order-code">{order.order_code}</span>
            {' · '}
            <span data-testid="order-route">
              {order.origin_description ?? ''} → {order.destination_description ?? ''}
            </span>
          </>
        ),
        time: isExit ? order.exit_date : order.arrival_date,
        timeLabel: isExit ? labels.exit : undefined,
        waitingSeconds: isExit ? order.waiting_time : order.destination_waiting_time,
        isLate: order.late,
        realItems: isExit ? order.origin_real_item_count : order.destination_real_item_count,
        verifiedBoxes: isExit ? order.origin_num_verified_boxes : order.destination_num_verified_boxes,
      };
    }
  }
};

/**
 * The header of an order's pages (order detail, boxes, box verifications) for any kind of order:
 * status of the side, name and number, arrival or exit time, waiting time, items and boxes.
 */
export const OrderHeader = ({ kind, orderId, children }: { kind: OrderKind; orderId: string; children?: ReactNode }) => {
  const { t } = useTranslation('orders');
  const query = useAnyOrder(kind, orderId);
  return (
    <OrderHeaderCard error={query.error} data={query.data && toOrderHeaderData(query.data, { exit: t('header.exit') })}>
      {children}
    </OrderHeaderCard>
  );
};
