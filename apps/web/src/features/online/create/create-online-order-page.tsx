import { OrderWizard } from '../../order-wizard';
import { onlineOrderBody } from './api/orders-create';

/**
 * Online order creation (spec section 2): step 1 has only the order code (the origin is the
 * current location, origin_status 0); step 2 is the shared box list.
 */
export const CreateOnlineOrderPage = () => {
  return (
    <OrderWizard
      kind="online"
      buildBody={({ orderCode, location, boxes }) => ({
        kind: 'online',
        order: onlineOrderBody({ order_code: orderCode, locationId: location.id }),
        boxes,
      })}
    />
  );
};
