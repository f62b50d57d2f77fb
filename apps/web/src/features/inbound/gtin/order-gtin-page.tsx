import { useParams } from 'react-router';
import { OrderGtinPage as SharedOrderGtinPage } from '../../order-pages';

/** /inbound/order/:orderId/gtin/:itemType/detail: a GTIN in a purchase order (components/order-pages). */
export const OrderGtinPage = () => {
  const { orderId = '', itemType = '' } = useParams();
  return <SharedOrderGtinPage kind="purchase" orderId={orderId} itemType={itemType} />;
};
