import { Alert, Card, CardContent, Stack } from '@mui/material';
import type { OrderWithBoxesCreateBody } from '@rfid/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageTitle } from '../../components/page-title';
import { Wizard } from '../../components/wizard';
import { useCurrentLocation } from '../../lib/current-location';
import type { CurrentLocation } from '../../lib/storage';
import { canCreateOrders, useRole } from '../auth';
import { ORDER_PATHS, type OrderKind } from '../orders';
import { BoxesStep, OrderStep } from './order-wizard-steps';
import { useOrderWizard } from './use-order-wizard';

/** The kinds of order a user creates: purchase (arriving here), online and movement (leaving here, seen as exits). */
export type WizardKind = Extract<OrderKind, 'purchase' | 'online' | 'exit'>;

/** The boxes of the wizard's draft, as the order's one call sends them. */
export type DraftBoxes = OrderWithBoxesCreateBody['boxes'];

export type OrderWizardProps = {
  kind: WizardKind;
  /** Step-1 fields of the kind, after the order code and the current location; locked while the order is sent. */
  renderFields?: (props: { isLocked: boolean; location: CurrentLocation }) => ReactNode;
  /** The kind's own fields are complete (the order code is checked here). */
  isReady?: boolean;
  /** The kind's own fields hold something: leaving the page asks first. */
  hasOwnData?: boolean;
  /** The body of POST /orders-with-boxes/ for this kind: the order of step 1 and the boxes of step 2. */
  buildBody: (input: { orderCode: string; location: CurrentLocation; boxes: DraftBoxes }) => OrderWithBoxesCreateBody;
  /** Done: clear the kind's own fields. */
  onReset?: () => void;
};

/**
 * Order creation in two steps, the same for purchase, online and movement orders (spec sections 2 and 4): step 1 has
 * the order's fields, step 2 its boxes (each with its contents), both kept in the page; the last button creates the
 * order with all its boxes in one call (one transaction, idempotent on the draft's key), so leaving before the end
 * leaves no order behind, and leaving with data asks first. Roles 1 to 3 (the server refuses the others).
 */
export const OrderWizard = (props: OrderWizardProps) => {
  const { kind, renderFields, isReady = true } = props;
  const { t } = useTranslation(['order-wizard', 'common']);
  const role = useRole();
  const location = useCurrentLocation();
  const wizard = useOrderWizard(props, location);
  const { step, setStep, isCodeValid, boxes, isSending, blocker } = wizard;

  const title = <PageTitle title={t(`kinds.${kind}.title`)} backTo={ORDER_PATHS[kind].dashboard} />;
  if (role === undefined) return null;
  if (!canCreateOrders(role)) {
    return (
      <Stack spacing={2}>
        {title}
        <Alert severity="warning" data-testid="not-allowed">
          {t('notAllowed')}
        </Alert>
      </Stack>
    );
  }
  if (!location) {
    return (
      <Stack spacing={2}>
        {title}
        <Alert severity="info">{t('noLocation')}</Alert>
      </Stack>
    );
  }

  return (
    <Stack spacing={2} data-testid="create-order-page">
      {title}
      <Card>
        <CardContent>
          <Wizard
            activeStep={step}
            onStepChange={setStep}
            steps={[
              {
                label: t(`kinds.${kind}.step`),
                content: <OrderStep kind={kind} renderFields={renderFields} wizard={wizard} location={location} />,
                canContinue: isCodeValid && isReady,
              },
              { label: t('stepBoxes'), content: <BoxesStep wizard={wizard} />, canContinue: boxes.length > 0 && !isSending },
            ]}
            onFinish={() => wizard.finish(location)}
            finishLabel={t('createOrder')}
          />
        </CardContent>
      </Card>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('leave.title')}
        message={t('leave.message')}
        confirmLabel={t('leave.confirm')}
        cancelLabel={t('leave.stay')}
        isDanger
        onConfirm={() => blocker.proceed?.()}
        onClose={() => {
          if (blocker.state === 'blocked') blocker.reset();
        }}
      />
    </Stack>
  );
};
