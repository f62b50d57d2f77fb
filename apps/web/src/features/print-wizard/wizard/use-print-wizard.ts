import {
  PRINT_RANGE_MAX,
  PRINT_RANGE_MIN,
  type Printer,
  type PrintOrder,
  printDialogRangeErrors,
  printItemSchema,
  type TagCompanyFormat,
  wizardRangeErrors,
} from '@rfid/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorStatus, type FormStatus } from '../../../components/form-alert';
import { useNotify } from '../../../lib/notifier';
import { useCreateOrdersPrintOrder } from '../api/create-orders-print-order';
import { useCreatePrintOrder } from '../api/create-print-order';
import { usePrintableOrders } from '../api/get-printable-orders';
import { useStartPrint } from '../api/start-print';
import { PRINT_PATHS } from '../print-paths';
import type { RangeChoice } from '../printer-fields';

/** A line the wizard prints: a GTIN and how many labels (editable on the first step). */
export type PrintRecord = { gtin: string; description?: string; quantity: number };

export type PrintWizardProps = {
  open: boolean;
  onClose: () => void;
  /**
   * The lines to print (order detail, stock): 4 steps, the first lists them with an editable quantity. Left out
   * (dashboard): 3 steps, and the last one creates an order for the chosen format or prints one waiting with it.
   */
  records?: PrintRecord[];
  /**
   * Purchase orders ticked on the inbound dashboard: 3 steps, and the last one makes ONE print order of their expected
   * labels (summed per GTIN, named after the codes: POST /printer/print_orders/create_by_orders/), then prints it or not.
   */
  orders?: { ids: number[]; codes: string[] };
  /** Name of the print order the wizard creates. */
  name?: string;
  /** Locations the print order is for (none: all). */
  locations?: number[];
  source?: 'order' | 'stock';
  /** After the order is created or the job started (e.g. to clear the caller's selection). */
  onDone?: () => void;
};

export type Choice = 'order' | 'print';
/** The wizard's choices, step by step; Next is disabled until the step's are complete. */
type WizardForm = {
  quantities: string[];
  tagType: number | null;
  format: TagCompanyFormat | null;
  choice: Choice | null;
  printer: Printer | null;
  range: RangeChoice;
  target: PrintOrder | null;
};
/** A record's quantity as typed, checked with the contract's print item (a whole number from 1 to 100,000). */
export const isQuantity = (value: string) => printItemSchema.shape.quantity.safeParse(value).success;

/**
 * The wizard's choices and what follows from them: the records' lines and their total, the range's errors, whether
 * the last step may print, and the waiting orders of the format (printing one the dashboard's wizard did not make).
 */
export const useWizardChoices = ({ records, orders }: Pick<PrintWizardProps, 'records' | 'orders'>) => {
  const hasRecords = records !== undefined;
  // The wizard makes the print order itself (of the records, or of the ticked orders' expected labels).
  const makesOrder = hasRecords || orders !== undefined;
  // Checked at each render (Next's disabled state), with the contract's rules; nothing is sent as the form's body.
  const { setValue, watch } = useForm<WizardForm>({
    defaultValues: {
      quantities: (records ?? []).map((r) => String(r.quantity)),
      tagType: null,
      format: null,
      choice: null,
      printer: null,
      range: { mode: 'all', from: String(PRINT_RANGE_MIN), to: String(PRINT_RANGE_MAX) },
      target: null,
    },
  });
  const values = watch();
  const { quantities, format, choice, printer, range, target } = values;
  const printable = usePrintableOrders(!makesOrder && choice === 'print' ? (format?.id ?? null) : null);
  const lines = (records ?? []).map((record, index) => ({ ...record, quantity: Number(quantities[index] ?? record.quantity) }));
  const rangeErrors =
    range.mode === 'all'
      ? {}
      : makesOrder
        ? wizardRangeErrors(range)
        : target
          ? printDialogRangeErrors({ ...range, fromLabel: target.from_label, total: target.total_quantity })
          : {};
  const isRangeOk = Object.keys(rangeErrors).length === 0;
  return {
    ...values,
    setValue,
    setFormat: (next: TagCompanyFormat | null) => setValue('format', next),
    setPrinter: (next: Printer | null) => setValue('printer', next),
    setRange: (next: RangeChoice) => setValue('range', next),
    hasRecords,
    makesOrder,
    orders,
    printable,
    lines,
    total: lines.reduce((sum, line) => sum + line.quantity, 0),
    rangeErrors,
    canPrint: choice === 'print' && printer !== null && isRangeOk && (makesOrder || target !== null),
  };
};

export type WizardChoices = ReturnType<typeof useWizardChoices>;

/**
 * What the wizard sends: on Finish, the print order alone (or, from the dashboard without records, the manual form with
 * the format chosen), or the printer's verification; on its confirmation, the order (once) and the print job.
 */
export const useWizardActions = (
  choices: WizardChoices,
  { onClose, name = '', locations = [], source, onDone }: Omit<PrintWizardProps, 'open' | 'records' | 'orders'>,
) => {
  const { t } = useTranslation('printing');
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreatePrintOrder();
  const createFromOrders = useCreateOrdersPrintOrder();
  const print = useStartPrint();
  const [pendingOrderId, setPendingOrderId] = useState<number | null>(null);
  const [isVerifying, setVerifying] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const { orders, makesOrder, lines, total, tagType, format, choice, printer, range, target } = choices;

  /** Creates the print order of the records (or of the ticked orders), in the format chosen. */
  const createOrder = (formatId: number) =>
    orders
      ? createFromOrders.mutateAsync({ orders: orders.ids, tag_company_format: formatId })
      : create.mutateAsync({
          tag_company_format: formatId,
          items: lines.map((line) => ({ gtin: line.gtin, quantity: line.quantity })),
          name,
          locations,
          ...(source ? { source } : {}),
        });

  const finish = async () => {
    setStatus(null);
    if (choice === 'order') {
      if (!format) return;
      if (!makesOrder) {
        onClose();
        await navigate(`${PRINT_PATHS.addManual}?tag_type=${tagType}&format=${format.id}`);
        return;
      }
      try {
        const order = await createOrder(format.id);
        notify(t('messages.added', { id: order.id }), 'success');
        onDone?.();
        onClose();
        await navigate(PRINT_PATHS.orders);
      } catch (error) {
        setStatus(errorStatus(error, t('messages.failed')));
      }
      return;
    }
    setVerifying(true);
  };

  const runPrint = async () => {
    if (!format || !printer) return;
    try {
      let orderId = makesOrder ? pendingOrderId : (target?.id ?? null);
      let labels = makesOrder ? total : (target?.total_quantity ?? 0);
      if (makesOrder && orderId === null) {
        const order = await createOrder(format.id);
        orderId = order.id;
        labels = order.total_quantity;
        // A failed print may be tried again without a second order.
        setPendingOrderId(order.id);
      }
      if (orderId === null) return;
      const bounds =
        range.mode === 'all' ? {} : { from: Math.min(Number(range.from), labels), to: Math.min(Number(range.to), labels) };
      await print.mutateAsync({ print_order: orderId, printer: printer.id, ...bounds });
      notify(t('messages.printing', { id: orderId, printer: printer.description || printer.mac }), 'success');
      setVerifying(false);
      onDone?.();
      onClose();
      await navigate(PRINT_PATHS.orders);
    } catch (error) {
      setVerifying(false);
      setStatus(errorStatus(error, t('messages.failed')));
    }
  };

  return {
    finish,
    runPrint,
    status,
    closeStatus: () => setStatus(null),
    isVerifying,
    stopVerifying: () => setVerifying(false),
    isPending: create.isPending || createFromOrders.isPending || print.isPending,
  };
};
