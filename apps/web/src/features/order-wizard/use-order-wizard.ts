import { type OrderWithBoxes, purchaseOrderCreateBodySchema } from '@rfid/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import type { z } from 'zod';
import { errorStatus, type FormStatus } from '../../components/form-alert';
import { ApiError } from '../../lib/api-client';
import { useNotify } from '../../lib/notifier';
import type { CurrentLocation } from '../../lib/storage';
import { useDebounced } from '../../lib/use-debounced';
import type { AddedBox } from './add-box-dialog';
import { useCreateOrderWithBoxes } from './api/create-order-with-boxes';
import { useExistingPurchaseOrder } from './api/find-purchase-order';
import type { OrderWizardProps } from './order-wizard';

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
 * The wizard's draft: the step, the order code, the boxes, the status of the last call and the order just created;
 * leaving with a draft asks first; `finish` creates the order with its boxes in one call.
 */
export const useOrderWizard = (
  { kind, hasOwnData = false, buildBody, onReset }: OrderWizardProps,
  location: CurrentLocation | null,
) => {
  const { t } = useTranslation(['order-wizard', 'common']);
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

  const changeBoxes = (change: (current: AddedBox[]) => AddedBox[]) => {
    setBoxes(change);
    setStatus(null);
    setRefusedCodebar(null);
  };

  /** Creates the order with its boxes; on success the wizard starts a new, empty draft. */
  const finish = async (location: CurrentLocation) => {
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

  return {
    step,
    setStep,
    orderCode,
    setOrderCode: (code: string) => setValue('order_code', code),
    isCodeValid,
    boxes,
    changeBoxes,
    status,
    setStatus,
    refusedCodebar,
    finished,
    setFinished,
    isSending,
    blocker,
    existing,
    finish,
  };
};

export type OrderWizardState = ReturnType<typeof useOrderWizard>;
