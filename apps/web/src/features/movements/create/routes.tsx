import type { RouteObject } from 'react-router';
import { ORDER_PATHS } from '../../orders/order-paths';
import { CreateMovementOrderPage } from './create-movement-order-page';

/** movements: create pages (spread by features/movements/routes.tsx). */
export const movementsCreateRoutes: RouteObject[] = [{ path: ORDER_PATHS.exit.create, element: <CreateMovementOrderPage /> }];
