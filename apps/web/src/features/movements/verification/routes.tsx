import type { RouteObject } from 'react-router';
import type { MovementSide } from '../../orders';
import { verificationRoutes } from '../../verification';

/** The :side of a movement URL: exit (the origin's side) or entry (the destination's); anything else is not a page. */
const isMovementSide = (side: string | undefined): side is MovementSide => side === 'exit' || side === 'entry';

/**
 * movements: verification pages of either side (spread by features/movements/routes.tsx): the
 * exit side lists the origin's verifications (exit portal, mode 1), the entry side the
 * destination's (entry portal, modes 0 and 3).
 */
export const movementsVerificationRoutes: RouteObject[] = verificationRoutes(
  '/movements/:side/order/:orderId/box/:boxId/verifications',
  (side) => (isMovementSide(side) ? side : undefined),
);
