import { zodResolver } from '@hookform/resolvers/zod';
import { Button, DialogContentText, Stack, useMediaQuery, useTheme } from '@mui/material';
import {
  type Printer,
  type PrintOrder,
  type PrintRangeError,
  type PrintRangeErrors,
  printDialogRangeErrors,
} from '@rfid/contract';
import { useMemo, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorStatus, FormAlert, type FormStatus } from '../../../components/form-alert';
import { SimpleDialog } from '../../../components/simple-dialog';
import { useNotify } from '../../../lib/notifier';
import {
  PrinterSelect,
  printerChoiceSchema,
  type RangeChoice,
  RangeFields,
  useStartPrint,
  VerifyPrinterDialog,
} from '../../print-wizard';

type PrintDialogForm = { printer: Printer | null; range: RangeChoice };

/**
 * The form of an order's print dialog: the printer (the request's `printer`), and all or a from/to range checked with the
 * contract's dialog rules (the issue's message is the PrintRangeError RangeFields words); all is refused ('allDone') once
 * every label is printed.
 */
const printDialogSchema = (order: PrintOrder) =>
  z
    .object({
      printer: printerChoiceSchema,
      range: z.object({ mode: z.enum(['all', 'range']), from: z.string(), to: z.string() }),
    })
    .superRefine(({ range }, ctx) => {
      if (range.mode === 'all') {
        if (order.from_label > order.total_quantity)
          ctx.addIssue({ code: 'custom', path: ['range', 'mode'], message: 'allDone' });
        return;
      }
      const errors = printDialogRangeErrors({ ...range, fromLabel: order.from_label, total: order.total_quantity });
      for (const field of ['from', 'to'] as const) {
        const error = errors[field];
        if (error) ctx.addIssue({ code: 'custom', path: ['range', field], message: error });
      }
    });

const RANGE_FIELDS = ['range.mode', 'range.from', 'range.to'] as const;
const RANGE_ERRORS: readonly string[] = ['error_required', 'error_min', 'error_max'] satisfies PrintRangeError[];
const isRangeError = (message: string | undefined): message is PrintRangeError =>
  message !== undefined && RANGE_ERRORS.includes(message);

/**
 * The print dialog of a print order (spec sections 2 and 5): choose a printer (Print stays disabled until one is
 * chosen), then all or a from/to range — from at least the order's next label (error_min), to at most its quantity
 * (error_max) — and verify the printer before the job starts.
 */
export const PrintDialog = ({ order, onClose }: { order: PrintOrder | null; onClose: () => void }) =>
  order ? <PrintDialogBody order={order} onClose={onClose} /> : null;

const PrintDialogBody = ({ order, onClose }: { order: PrintOrder; onClose: () => void }) => {
  const { t } = useTranslation('printing');
  const notify = useNotify();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const print = useStartPrint();
  // The printer is checked by its id; the form keeps the whole printer the select gives (verify and notify name it). The
  // order is the one the dialog opened with (the table's snapshot).
  const resolver = useMemo(
    () => zodResolver(printDialogSchema(order), undefined, { raw: true }) as unknown as Resolver<PrintDialogForm>,
    [order],
  );
  // Every change is checked at once: the range's errors show as it is typed, Print is enabled only on a valid form.
  const { handleSubmit, setValue, trigger, watch, formState } = useForm<PrintDialogForm>({
    resolver,
    mode: 'onChange',
    defaultValues: { printer: null, range: { mode: 'all', from: String(order.from_label), to: String(order.total_quantity) } },
  });
  const { printer, range } = watch();
  const [isVerifying, setVerifying] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const rangeIssues = formState.errors.range;
  const errors: PrintRangeErrors = {
    ...(isRangeError(rangeIssues?.from?.message) ? { from: rangeIssues.from.message } : {}),
    ...(isRangeError(rangeIssues?.to?.message) ? { to: rangeIssues.to.message } : {}),
  };
  const isDone = order.from_label > order.total_quantity;
  const canPrint = printer !== null && formState.isValid;

  const run = async () => {
    if (!printer) return;
    try {
      await print.mutateAsync({
        print_order: order.id,
        printer: printer.id,
        ...(range.mode === 'range' ? { from: Number(range.from), to: Number(range.to) } : {}),
      });
      notify(t('messages.printing', { id: order.id, printer: printer.description || printer.mac }), 'success');
      onClose();
    } catch (error) {
      setVerifying(false);
      setStatus(errorStatus(error, t('messages.failed')));
    }
  };

  return (
    <>
      <SimpleDialog
        open
        onClose={onClose}
        title={t('print.title', { id: order.id })}
        fullScreen={isPhone}
        testId="print-dialog"
        actions={
          <>
            <Button onClick={onClose}>{t('print.close')}</Button>
            <Button
              variant="contained"
              disabled={!canPrint}
              onClick={() => void handleSubmit(() => setVerifying(true))()}
              data-testid="print-submit"
            >
              {t('print.submit')}
            </Button>
          </>
        }
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {t('print.summary', {
              name: order.name || '—',
              count: order.total_quantity,
              progress: order.progress,
              next: Math.min(order.from_label, order.total_quantity),
            })}
          </DialogContentText>
          <PrinterSelect value={printer} onChange={(next) => setValue('printer', next, { shouldValidate: true })} />
          <RangeFields
            value={range}
            onChange={(next) => {
              setValue('range', next);
              // Its leaves by name: the form keeps an error only under a name it knows as a field or a leaf.
              void trigger(RANGE_FIELDS);
            }}
            errors={errors}
            bounds={{ min: order.from_label, max: order.total_quantity }}
          />
          {range.mode === 'all' && isDone && <DialogContentText color="warning.main">{t('print.allDone')}</DialogContentText>}
          <FormAlert status={status} onClose={() => setStatus(null)} />
        </Stack>
      </SimpleDialog>
      <VerifyPrinterDialog
        printer={isVerifying ? printer : null}
        labels={
          range.mode === 'all'
            ? t('verify.rest', { from: order.from_label, to: order.total_quantity, id: order.id })
            : t('verify.rangeOf', { from: range.from, to: range.to, id: order.id })
        }
        isPending={print.isPending}
        onClose={() => setVerifying(false)}
        onConfirm={() => void run()}
      />
    </>
  );
};
