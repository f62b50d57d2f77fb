import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouteObject, useParams } from 'react-router';
import { lazyPage } from '../../lib/lazy-page';
import type { OrderKind } from '../orders';
import type { VerificationIds } from './verification-kind';

const BoxVerificationsPage = lazyPage(() => import('./box-verifications-page').then((m) => m.BoxVerificationsPage));
const VerificationItemsPage = lazyPage(() => import('./verification-items-page').then((m) => m.VerificationItemsPage));
const VerificationReportPage = lazyPage(() => import('./verification-report-page').then((m) => m.VerificationReportPage));

/** The kind a verification URL names (from its :side, where it has one); undefined: not a page. */
export type KindOfRoute = (side: string | undefined) => OrderKind | undefined;

/** Reads the ids from the URL (:orderId, :boxId, :verificationId) and renders the page, or 'Not found' for a wrong kind. */
const WithIds = ({ kindOf, render }: { kindOf: KindOfRoute; render: (ids: VerificationIds) => ReactNode }) => {
  const { t } = useTranslation('common');
  const { side, orderId = '', boxId = '', verificationId = '' } = useParams();
  const kind = kindOf(side);
  if (kind === undefined) {
    return (
      <Alert severity="error" data-testid="not-found">
        {t('errors.notFound')}
      </Alert>
    );
  }
  return render({ kind, orderId, boxId, verificationId });
};

/**
 * The verification pages of one kind of order, below `verifications` (the list's path, naming
 * :orderId and :boxId, as app/router.tsx lists it): the box's verifications, one verification's
 * report per GTIN (`/:verificationId`) and the EPCs it read (`/:verificationId/items`).
 */
export const verificationRoutes = (verifications: string, kindOf: KindOfRoute): RouteObject[] => {
  const report = `${verifications.replace(/\/$/, '')}/:verificationId`;
  return [
    { path: verifications, element: <WithIds kindOf={kindOf} render={(ids) => <BoxVerificationsPage {...ids} />} /> },
    { path: report, element: <WithIds kindOf={kindOf} render={(ids) => <VerificationReportPage {...ids} />} /> },
    { path: `${report}/items`, element: <WithIds kindOf={kindOf} render={(ids) => <VerificationItemsPage {...ids} />} /> },
  ];
};
