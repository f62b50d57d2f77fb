import { OrderWizard } from '../../order-wizard';
import { useCreateOnlineOrder } from './api/orders-create';

/**
 * Online order creation (spec section 2): step 1 has only the order code (the origin is the
 * current location, origin_status 0); step 2 is the shared box list.
 */
export const CreateOnlineOrderPage = () => {
  const createOrder = useCreateOnlineOrder();
  return (
    <OrderWizard
      kind="online"
      createOrder={({ orderCode, location }) => createOrder.mutateAsync({ order_code: orderCode, locationId: location.id })}
    />
  );
};
