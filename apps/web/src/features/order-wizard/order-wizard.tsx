import { Alert, Card, CardContent, Stack, TextField } from '@mui/material';
import { type OrderWithBoxes, type OrderWithBoxesCreateBody, purchaseOrderCreateBodySchema } from '@rfid/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { PageTitle } from '../../components/page-title';
import { Wizard } from '../../components/wizard';
import { ApiError } from '../../lib/api-client';
import { useCurrentLocation } from '../../lib/current-location';
import { useNotify } from '../../lib/notifier';
import type { CurrentLocation } from '../../lib/storage';
import { useDebounced } from '../../lib/use-debounced';
import { canCreateOrders, useRole } from '../auth';
import { ORDER_PATHS, type OrderKind } from '../orders';
import type { AddedBox } from './add-box-dialog';
import { useCreateOrderWithBoxes } from './api/create-order-with-boxes';
import { useExistingPurchaseOrder } from './api/find-purchase-order';
import { BoxListStep } from './box-list-step';
import { OrderLinks } from './order-links';

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
 * Step 1's own field, checked with the contract's order code (the same rule for purchase, online and movement orders):
 * Next stays disabled while the code is refused. Checked as typed, at each render: the form's `isValid` lags a render
 * behind a reset, which would enable Next on an empty code after Done.
 */
const orderCodeSchema = purchaseOrderCreateBodySchema.pick({ order_code: true });
type OrderCodeForm = z.input<typeof orderCodeSchema>;

/** A new key for a new draft: the server answers the same order to every call with it (a double click, a retry). */
const newDraftKey = () =>
  // getRandomValues works on plain HTTP too (randomUUID needs a secure context).
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The box the server refused ('boxes.<n>.codebar': the company has its barcode already), if that was the refusal. */
const refusedBoxIndex = (error: unknown): number | null => {
  if (!(error instanceof ApiError)) return null;
  const field = Object.keys(error.body.errors ?? {}).find((name) => /^boxes\.\d+\.codebar$/.test(name));
  return field ? Number(field.split('.')[1]) : null;
};

/**
 * Order creation in two steps, the same for purchase, online and movement orders (spec sections 2 and 4): step 1 has
 * the order's fields, step 2 its boxes (each with its contents), both kept in the page; the last button creates the
 * order with all its boxes in one call (one transaction, idempotent on the draft's key), so leaving before the end
 * leaves no order behind, and leaving with data asks first. Roles 1 to 3 (the server refuses the others).
 */
export const OrderWizard = ({ kind, renderFields, isReady = true, hasOwnData = false, buildBody, onReset }: OrderWizardProps) => {
  const { t } = useTranslation(['order-wizard', 'common']);
  const role = useRole();
  const location = useCurrentLocation();
  const notify = useNotify();
  const create = useCreateOrderWithBoxes();
  const [step, setStep] = useState(0);
  const { setValue, reset, watch } = useForm<OrderCodeForm>({ defaultValues: { order_code: '' } });
  const orderCode = watch('order_code');
  const isCodeValid = orderCodeSchema.safeParse({ order_code: orderCode }).success;
  const [boxes, setBoxes] = useState<AddedBox[]>([]);
  const [status, setStatus] = useState<FormStatus>(null);
  const [refusedCodebar, setRefusedCodebar] = useState<string | null>(null);
  const [finished, setFinished] = useState<{ order: OrderWithBoxes; count: number } | null>(null);
  const draftKey = useRef(newDraftKey());
  const isSending = create.isPending;
  const hasUnsaved = !isSending && (orderCode.trim() !== '' || boxes.length > 0 || hasOwnData);
  // Leaving with a draft (a link, Back, the menu) asks first; closing or reloading the tab gets the browser's own question.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!hasUnsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsaved]);
  // A purchase order code that exists here already is accepted again, with a warning and the way to the existing one.
  const typedCode = useDebounced(orderCode.trim(), 400);
  const existing = useExistingPurchaseOrder(
    location?.id ?? 0,
    typedCode,
    kind === 'purchase' && Boolean(location) && isCodeValid,
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

  const changeBoxes = (change: (current: AddedBox[]) => AddedBox[]) => {
    setBoxes(change);
    setStatus(null);
    setRefusedCodebar(null);
  };

  /** Creates the order with its boxes; on success the wizard starts a new, empty draft. */
  const finish = async () => {
    setStatus(null);
    setRefusedCodebar(null);
    const body = buildBody({ orderCode: orderCode.trim(), location, boxes: boxes.map((added) => added.box) });
    try {
      const order = await create.mutateAsync({ body, idempotencyKey: draftKey.current });
      notify(t('createdWithBoxes', { code: order.order_code, id: order.id, count: order.boxes.length }), 'success');
      setFinished({ order, count: order.boxes.length });
      draftKey.current = newDraftKey();
      setBoxes([]);
      reset({ order_code: '' });
      onReset?.();
      setStep(0);
    } catch (error) {
      const index = refusedBoxIndex(error);
      setRefusedCodebar(index === null ? null : (boxes[index]?.box.codebar ?? null));
      setStatus(errorStatus(error, t('common:errors.notCompleted')));
      throw error;
    }
  };

  const orderStep = (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      {finished && (
        <Alert severity="success" onClose={() => setFinished(null)} data-testid="finished-order">
          {t('createdWithBoxes', { code: finished.order.order_code, id: finished.order.id, count: finished.count })}
          <OrderLinks kind={kind} orderId={finished.order.id} />
        </Alert>
      )}
      <TextField
        label={t('orderCode')}
        value={orderCode}
        onChange={(event) => setValue('order_code', event.target.value)}
        disabled={isSending}
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
      {existing && existing.order_code === orderCode.trim() && (
        <Alert severity="warning" data-testid="order-code-exists">
          {t('codeExists', { code: existing.order_code, id: existing.id })}
          <OrderLinks kind={kind} orderId={existing.id} />
        </Alert>
      )}
      {renderFields?.({ isLocked: isSending, location })}
    </Stack>
  );

  const boxesStep = (
    <Stack spacing={2}>
      <Alert severity="info" data-testid="draft-order">
        {t('draftHint', { code: orderCode.trim() })}
      </Alert>
      <BoxListStep boxes={boxes} onBoxesChange={changeBoxes} refusedCodebar={refusedCodebar} isDisabled={isSending} />
      <FormAlert status={status} onClose={() => setStatus(null)} />
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
              { label: t(`kinds.${kind}.step`), content: orderStep, canContinue: isCodeValid && isReady },
              { label: t('stepBoxes'), content: boxesStep, canContinue: boxes.length > 0 && !isSending },
            ]}
            onFinish={finish}
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
