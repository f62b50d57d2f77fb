import { useParams } from 'react-router';
import { OrderDetailPage as SharedOrderDetailPage } from '../../order-pages';

/** /inbound/order/:id/detail: the purchase order's lines (components/order-pages). */
export const OrderDetailPage = () => {
  const { id = '' } = useParams();
  return <SharedOrderDetailPage kind="purchase" orderId={id} />;
};
