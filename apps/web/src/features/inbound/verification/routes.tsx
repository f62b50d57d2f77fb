import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../lib/lazy-page';
import { verificationRoutes } from '../../verification';

/**
 * Inbound part B, spread by features/inbound/routes.tsx: provider detail, box verifications with
 * their report and EPCs (the shared pages of components/verification), provider returns
 * (/inbound/returns) and sale returns (/outbound/returns).
 */
export const inboundVerificationRoutes: RouteObject[] = [
  lazyRoute('/inbound/provider/:id/detail', () => import('../provider/provider-detail-page'), 'ProviderDetailPage'),
  // A purchase box's verifications (destination side), one's report per GTIN and the EPCs it read.
  ...verificationRoutes('/order/:orderId/box/:boxId/verifications', () => 'purchase'),
  lazyRoute('/inbound/returns', () => import('../returns/provider-returns-page'), 'ProviderReturnsPage'),
  lazyRoute('/inbound/returns/:id/detail', () => import('../returns/provider-return-detail-page'), 'ProviderReturnDetailPage'),
  lazyRoute('/outbound/returns', () => import('../returns/sale-returns-page'), 'SaleReturnsPage'),
  lazyRoute('/outbound/returns/:id/detail', () => import('../returns/sale-return-detail-page'), 'SaleReturnDetailPage'),
];
