import { Alert, Card, CardContent, Stack, TextField } from '@mui/material';
import { purchaseOrderCreateBodySchema, type Reception } from '@rfid/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PageTitle } from '../../components/page-title';
import { Wizard } from '../../components/wizard';
import { useCurrentLocation } from '../../lib/current-location';
import { useNotify } from '../../lib/notifier';
import type { CurrentLocation } from '../../lib/storage';
import { useDebounced } from '../../lib/use-debounced';
import { canCreateOrders, useRole } from '../auth';
import { ORDER_PATHS, type OrderKind } from '../orders';
import type { AddedBox } from './add-box-dialog';
import { createReception } from './api/create-reception';
import { useExistingPurchaseOrder } from './api/find-purchase-order';
import { invalidateOrderQueries } from './api/invalidate-orders';
import { BoxListStep } from './box-list-step';
import { OrderLinks } from './order-links';

/** The kinds of order a user creates: purchase (arriving here), online and movement (leaving here, seen as exits). */
export type WizardKind = Extract<OrderKind, 'purchase' | 'online' | 'exit'>;

/** What the wizard needs of the order its kind-specific call created. */
export type CreatedOrder = { id: number; order_code: string };

export type OrderWizardProps = {
  kind: WizardKind;
  /** Step-1 fields of the kind, after the order code and the current location; locked once the order exists. */
  renderFields?: (props: { isLocked: boolean; location: CurrentLocation }) => ReactNode;
  /** The kind's own fields are complete (the order code is checked here). */
  isReady?: boolean;
  /** The kind's POST (/porders/, /orders/ or /morders/); the wizard then creates the order's reception. */
  createOrder: (input: { orderCode: string; location: CurrentLocation }) => Promise<CreatedOrder>;
  /** Done: clear the kind's own fields. */
  onReset?: () => void;
};

type Created = { order: CreatedOrder; reception: Reception | null };

/**
 * Step 1's own field, checked with the contract's order code (the same rule for purchase, online and movement orders):
 * Next stays disabled while the code is refused. Checked as typed, at each render: the form's `isValid` lags a render
 * behind a reset, which would enable Next on an empty code after Done.
 */
const orderCodeSchema = purchaseOrderCreateBodySchema.pick({ order_code: true });
type OrderCodeForm = z.input<typeof orderCodeSchema>;

/**
 * Order creation in two steps, the same for purchase, online and movement orders (spec sections 2
 * and 4): step 1 creates the order and then a reception, and on success moves to step 2; step 2
 * adds boxes (each with its contents) or removes them; Done goes back to step 1 with a cleared
 * list and offers the finished order's pages. Roles 1 to 3 (the server refuses the others).
 */
export const OrderWizard = ({ kind, renderFields, isReady = true, createOrder, onReset }: OrderWizardProps) => {
  const { t } = useTranslation('order-wizard');
  const role = useRole();
  const location = useCurrentLocation();
  const notify = useNotify();
  const client = useQueryClient();
  const [step, setStep] = useState(0);
  const { setValue, reset, watch } = useForm<OrderCodeForm>({ defaultValues: { order_code: '' } });
  const orderCode = watch('order_code');
  const isCodeValid = orderCodeSchema.safeParse({ order_code: orderCode }).success;
  const [created, setCreated] = useState<Created | null>(null);
  const [boxes, setBoxes] = useState<AddedBox[]>([]);
  const [finished, setFinished] = useState<{ order: CreatedOrder; count: number } | null>(null);
  // A purchase order code that exists here already is accepted again, with a warning and the way to the existing one.
  const typedCode = useDebounced(orderCode.trim(), 400);
  const existing = useExistingPurchaseOrder(
    location?.id ?? 0,
    typedCode,
    kind === 'purchase' && Boolean(location) && !created && isCodeValid,
  ).data;

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

  const isLocked = Boolean(created);

  /** Creates the order once, then its reception (retried alone if only that failed). */
  const saveOrder = async (): Promise<boolean> => {
    if (created?.reception) return true;
    let order = created?.order;
    if (!order) {
      order = await createOrder({ orderCode: orderCode.trim(), location });
      setCreated({ order, reception: null });
      setFinished(null);
      notify(t('created', { code: order.order_code }), 'success');
    }
    const reception = await createReception({ reception_code: order.order_code, order_id: order.id });
    setCreated({ order, reception });
    void invalidateOrderQueries(client);
    return true;
  };

  const finish = () => {
    if (created) {
      notify(t('finished', { code: created.order.order_code, count: boxes.length }), 'success');
      setFinished({ order: created.order, count: boxes.length });
    }
    setCreated(null);
    setBoxes([]);
    reset({ order_code: '' });
    onReset?.();
    setStep(0);
  };

  const orderStep = (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      {finished && (
        <Alert severity="success" onClose={() => setFinished(null)} data-testid="finished-order">
          {t('finished', { code: finished.order.order_code, count: finished.count })}
          <OrderLinks kind={kind} orderId={finished.order.id} />
        </Alert>
      )}
      <TextField
        label={t('orderCode')}
        value={orderCode}
        onChange={(event) => setValue('order_code', event.target.value)}
        disabled={isLocked}
        required
        slotProps={{ htmlInput: { 'data-testid': 'order-code', maxLength: 100 } }}
      />
      <TextField
        label={t(kind === 'purchase' ? 'destinationHere' : 'originHere')}
        value={location.description}
        disabled
        helperText={t('currentLocationHint')}
        slotProps={{ htmlInput: { 'data-testid': 'order-current-location' } }}
      />
      {existing && !isLocked && existing.order_code === orderCode.trim() && (
        <Alert severity="warning" data-testid="order-code-exists">
          {t('codeExists', { code: existing.order_code, id: existing.id })}
          <OrderLinks kind={kind} orderId={existing.id} />
        </Alert>
      )}
      {renderFields?.({ isLocked, location })}
    </Stack>
  );

  const boxesStep = created?.reception && (
    <Stack spacing={2}>
      <Alert severity="info" data-testid="created-order">
        {t('createdLink', { code: created.order.order_code, id: created.order.id })}
        <OrderLinks kind={kind} orderId={created.order.id} />
      </Alert>
      <BoxListStep receptionId={created.reception.id} boxes={boxes} onBoxesChange={setBoxes} />
    </Stack>
  );

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
                content: orderStep,
                canContinue: isLocked || (isCodeValid && isReady),
                onNext: saveOrder,
              },
              { label: t('stepBoxes'), content: boxesStep },
            ]}
            onFinish={finish}
            finishLabel={t('done')}
          />
        </CardContent>
      </Card>
    </Stack>
  );
};
