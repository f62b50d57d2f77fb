import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';
import { ORDER_PATHS } from '../../orders';

const CreateOnlineOrderPage = lazyPage(() => import('./create-online-order-page').then((m) => m.CreateOnlineOrderPage));

/** online: create pages (spread by features/online/routes.tsx). */
export const onlineCreateRoutes: RouteObject[] = [{ path: ORDER_PATHS.online.create, element: <CreateOnlineOrderPage /> }];
