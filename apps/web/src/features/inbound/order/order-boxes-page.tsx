import { useParams } from 'react-router';
import { OrderBoxesPage as SharedOrderBoxesPage } from '../../order-pages';

/** /inbound/order/:id/boxes: the purchase order's boxes (components/order-pages). */
export const OrderBoxesPage = () => {
  const { id = '' } = useParams();
  return <SharedOrderBoxesPage kind="purchase" orderId={id} />;
};
