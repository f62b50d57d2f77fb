import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledPage } from '../../components/page-title';
import { ORDER_PATHS, OrderHeader, type OrderKind } from '../orders';

/** The order an order page shows: its kind and id (from the route). */
export type OrderPageProps = { kind: OrderKind; orderId: string };

/**
 * The frame of an order's boxes and detail pages (`view`): the title with the order's id and kind, back to the kind's
 * dashboard, the page's `actions`, the header of the order's side, then the page's own content.
 */
export const OrderPageFrame = ({
  view,
  actions,
  children,
  ...order
}: OrderPageProps & { view: 'boxes' | 'detail'; actions: ReactNode; children: ReactNode }) => {
  const { t } = useTranslation('order-pages');
  return (
    <TitledPage
      testId={`order-${view}-page`}
      backTo={ORDER_PATHS[order.kind].dashboard}
      title={t(`${view}.title`, { id: order.orderId })}
      subtitle={t(`${view}.subtitle`, { kind: t(`kind.${order.kind}`) })}
      actions={actions}
    >
      <OrderHeader {...order} />
      {children}
    </TitledPage>
  );
};
