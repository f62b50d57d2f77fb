import type { RouteObject } from 'react-router';
import { ORDER_PATHS } from '../../orders/order-paths';
import { CreateOnlineOrderPage } from './create-online-order-page';

/** online: create pages (spread by features/online/routes.tsx). */
export const onlineCreateRoutes: RouteObject[] = [{ path: ORDER_PATHS.online.create, element: <CreateOnlineOrderPage /> }];
