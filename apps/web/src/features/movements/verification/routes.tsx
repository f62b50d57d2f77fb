import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { useParams } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page';
import type { MovementSide } from '../../orders';

const BoxVerificationsPage = lazyPage(() => import('../../verification').then((m) => m.BoxVerificationsPage));
const VerificationItemsPage = lazyPage(() => import('../../verification').then((m) => m.VerificationItemsPage));
const VerificationReportPage = lazyPage(() => import('../../verification').then((m) => m.VerificationReportPage));

/** The :side of a movement URL: exit (the origin's side) or entry (the destination's); anything else is not a page. */
const isMovementSide = (side: string | undefined): side is MovementSide => side === 'exit' || side === 'entry';

type MovementParams = { side: MovementSide; orderId: string; boxId: string; verificationId: string };

/** Renders the page of a valid side, and 'Not found' for any other side. */
const WithSide = ({ render }: { render: (params: MovementParams) => ReactNode }) => {
  const { t } = useTranslation('common');
  const { side, id = '', boxId = '', verificationId = '' } = useParams();
  if (!isMovementSide(side)) {
    return (
      <Alert severity="error" data-testid="not-found">
        {t('errors.notFound')}
      </Alert>
    );
  }
  return render({ side, orderId: id, boxId, verificationId });
};

const verifications = '/movements/:side/order/:id/box/:boxId/verifications';

/**
 * movements: verification pages of either side (spread by features/movements/routes.tsx): the
 * exit side lists the origin's verifications (exit portal, mode 1), the entry side the
 * destination's (entry portal, modes 0 and 3).
 */
export const movementsVerificationRoutes: RouteObject[] = [
  {
    path: verifications,
    element: (
      <WithSide render={({ side, orderId, boxId }) => <BoxVerificationsPage kind={side} orderId={orderId} boxId={boxId} />} />
    ),
  },
  {
    path: `${verifications}/:verificationId`,
    element: (
      <WithSide
        render={({ side, orderId, boxId, verificationId }) => (
          <VerificationReportPage kind={side} orderId={orderId} boxId={boxId} verificationId={verificationId} />
        )}
      />
    ),
  },
  {
    path: `${verifications}/:verificationId/items`,
    element: (
      <WithSide
        render={({ side, orderId, boxId, verificationId }) => (
          <VerificationItemsPage kind={side} orderId={orderId} boxId={boxId} verificationId={verificationId} />
        )}
      />
    ),
  },
];
