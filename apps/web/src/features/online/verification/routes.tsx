import type { RouteObject } from 'react-router';
import { verificationRoutes } from '../../verification';

/**
 * online: verification pages (spread by features/online/routes.tsx): an online box's verifications
 * (origin side), the report per GTIN with the online reading (above 100 → 0) beside the capped bar,
 * and the EPCs it read.
 */
export const onlineVerificationRoutes: RouteObject[] = verificationRoutes(
  '/online/order/:orderId/boxes/:boxId/verifications/',
  () => 'online',
);
