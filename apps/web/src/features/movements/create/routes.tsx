import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';
import { ORDER_PATHS } from '../../orders';

const CreateMovementOrderPage = lazyPage(() => import('./create-movement-order-page').then((m) => m.CreateMovementOrderPage));

/** movements: create pages (spread by features/movements/routes.tsx). */
export const movementsCreateRoutes: RouteObject[] = [{ path: ORDER_PATHS.exit.create, element: <CreateMovementOrderPage /> }];
