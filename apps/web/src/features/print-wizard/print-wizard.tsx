import CloseIcon from '@mui/icons-material/Close';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
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
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { Wizard } from '../../components/wizard';
import { useNotify } from '../../lib/notifier';
import { useCreateOrdersPrintOrder } from './api/create-orders-print-order';
import { useCreatePrintOrder } from './api/create-print-order';
import { usePrintableOrders } from './api/get-printable-orders';
import { useStartPrint } from './api/start-print';
import { TagFormatSelect, TagTypeSelect } from './format-fields';
import { PRINT_PATHS } from './print-paths';
import { PrinterSelect, type RangeChoice, RangeFields, VerifyPrinterDialog } from './printer-fields';

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

type Choice = 'order' | 'print';
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
const isQuantity = (value: string) => printItemSchema.shape.quantity.safeParse(value).success;

/**
 * The print wizard (spec section 2): [records with editable quantity,] tag type, tag format, then order or print. Next
 * is disabled until a tag type, then a format, then on the last step the order choice or the print choice with a
 * printer (spec section 4). Back goes back one step. Before printing the user verifies the target printer; afterwards
 * the print order list opens.
 */
export const PrintWizardDialog = (props: PrintWizardProps) => (props.open ? <WizardDialog {...props} /> : null);

/** Mounted while open, so every opening starts from the caller's records and the first step. */
const WizardDialog = ({ open, onClose, records, orders, name = '', locations = [], source, onDone }: PrintWizardProps) => {
  const { t } = useTranslation('printing');
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreatePrintOrder();
  const createFromOrders = useCreateOrdersPrintOrder();
  const print = useStartPrint();
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
  const { quantities, tagType, format, choice, printer, range, target } = watch();
  const setFormat = (next: TagCompanyFormat | null) => setValue('format', next);
  const setPrinter = (next: Printer | null) => setValue('printer', next);
  const setRange = (next: RangeChoice) => setValue('range', next);
  const [step, setStep] = useState(0);
  const [pendingOrderId, setPendingOrderId] = useState<number | null>(null);
  const [isVerifying, setVerifying] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const printable = usePrintableOrders(!makesOrder && choice === 'print' ? (format?.id ?? null) : null);

  const lines = (records ?? []).map((record, index) => ({ ...record, quantity: Number(quantities[index] ?? record.quantity) }));
  const total = lines.reduce((sum, line) => sum + line.quantity, 0);
  /** The last step's two choices: make the print order (only), or make it and print it now. */
  const choiceLabel = (choice: 'order' | 'print') =>
    orders
      ? t(choice === 'order' ? 'wizard.ordersOrder' : 'wizard.ordersPrint', { count: orders.ids.length })
      : hasRecords
        ? t(`wizard.${choice}`, { count: total })
        : t(choice === 'order' ? 'wizard.newOrder' : 'wizard.printWaiting');
  const rangeErrors =
    range.mode === 'all'
      ? {}
      : makesOrder
        ? wizardRangeErrors(range)
        : target
          ? printDialogRangeErrors({ ...range, fromLabel: target.from_label, total: target.total_quantity })
          : {};
  const isRangeOk = Object.keys(rangeErrors).length === 0;
  const canPrint = choice === 'print' && printer !== null && isRangeOk && (makesOrder || target !== null);

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

  const recordsStep = {
    label: t('wizard.records'),
    canContinue: lines.length > 0 && quantities.every(isQuantity),
    content: (
      <Table size="small" data-testid="wizard-records">
        <TableHead>
          <TableRow>
            <TableCell>{t('fields.gtin')}</TableCell>
            {!isPhone && <TableCell>{t('fields.description')}</TableCell>}
            <TableCell align="right">{t('fields.quantity')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => (
            <TableRow key={line.gtin} data-testid="wizard-record">
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {line.gtin}
                {isPhone && line.description && (
                  <Typography variant="body2" color="text.secondary">
                    {line.description}
                  </Typography>
                )}
              </TableCell>
              {!isPhone && <TableCell>{line.description}</TableCell>}
              <TableCell align="right" sx={{ width: 110 }}>
                <TextField
                  size="small"
                  type="number"
                  value={quantities[index] ?? ''}
                  error={!isQuantity(quantities[index] ?? '')}
                  onChange={(event) => setValue(`quantities.${index}`, event.target.value)}
                  slotProps={{
                    htmlInput: { min: 1, 'data-testid': `wizard-quantity-${index}`, 'aria-label': t('fields.quantity') },
                  }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    ),
  };

  const steps = [
    ...(hasRecords ? [recordsStep] : []),
    {
      label: t('wizard.tagType'),
      canContinue: tagType !== null,
      content: (
        <TagTypeSelect
          value={tagType}
          onChange={(next) => {
            setValue('tagType', next);
            if (next !== tagType) setFormat(null);
          }}
        />
      ),
    },
    {
      label: t('wizard.tagFormat'),
      canContinue: format !== null,
      content: <TagFormatSelect tagType={tagType} value={format} onChange={setFormat} />,
    },
    {
      label: t('wizard.orderOrPrint'),
      canContinue: choice === 'order' || canPrint,
      content: (
        <Stack spacing={2}>
          <RadioGroup
            value={choice ?? ''}
            onChange={(event) => setValue('choice', event.target.value === 'print' ? 'print' : 'order')}
          >
            <FormControlLabel value="order" control={<Radio data-testid="choice-order" />} label={choiceLabel('order')} />
            <FormControlLabel value="print" control={<Radio data-testid="choice-print" />} label={choiceLabel('print')} />
          </RadioGroup>
          {choice === 'print' && (
            <Stack spacing={2}>
              {orders && (
                <Typography variant="body2" color="text.secondary" data-testid="wizard-orders">
                  {t('wizard.ordersCodes', { codes: orders.codes.join(', ') })}
                </Typography>
              )}
              {!makesOrder && (
                <TextField
                  select
                  fullWidth
                  required
                  label={t('wizard.waitingOrder')}
                  value={target?.id ?? ''}
                  onChange={(event) => {
                    const next = (printable.data ?? []).find((o) => o.id === Number(event.target.value)) ?? null;
                    setValue('target', next);
                    if (next) setRange({ mode: 'all', from: String(next.from_label), to: String(next.total_quantity) });
                  }}
                  helperText={printable.data?.length === 0 ? t('wizard.noWaiting') : undefined}
                  slotProps={{ htmlInput: { 'data-testid': 'wizard-target' } }}
                >
                  {(printable.data ?? []).map((order) => (
                    <MenuItem key={order.id} value={order.id}>
                      {t('wizard.waitingOption', {
                        id: order.id,
                        name: order.name || '—',
                        from: order.from_label,
                        total: order.total_quantity,
                      })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <PrinterSelect value={printer} onChange={setPrinter} />
              <RangeFields
                value={range}
                onChange={setRange}
                errors={rangeErrors}
                bounds={
                  makesOrder
                    ? { min: PRINT_RANGE_MIN, max: PRINT_RANGE_MAX }
                    : { min: target?.from_label ?? 1, max: target?.total_quantity ?? 1 }
                }
              />
            </Stack>
          )}
          <FormAlert status={status} onClose={() => setStatus(null)} />
        </Stack>
      ),
    },
  ];

  const labelsText =
    range.mode === 'all'
      ? orders
        ? t('verify.orders', { codes: orders.codes.join(', ') })
        : t('verify.all', { count: hasRecords ? total : (target?.total_quantity ?? 0) })
      : t('verify.range', { from: range.from, to: range.to });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={isPhone} data-testid="print-wizard">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <span style={{ flex: 1 }}>{t('wizard.title')}</span>
        <IconButton onClick={onClose} aria-label={t('wizard.close')} data-testid="print-wizard-close">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Wizard
          steps={steps}
          activeStep={step}
          onStepChange={setStep}
          onFinish={finish}
          finishLabel={choice === 'print' ? t('wizard.finishPrint') : t('wizard.finishOrder')}
        />
      </DialogContent>
      <VerifyPrinterDialog
        printer={isVerifying ? printer : null}
        labels={labelsText}
        isPending={create.isPending || createFromOrders.isPending || print.isPending}
        onClose={() => setVerifying(false)}
        onConfirm={() => void runPrint()}
      />
    </Dialog>
  );
};
