import { Button, DialogContentText, Stack, useMediaQuery, useTheme } from '@mui/material';
import { type Printer, type PrintOrder, printDialogRangeErrors } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus, FormAlert, type FormStatus } from '../../../components/form-alert';
import { SimpleDialog } from '../../../components/simple-dialog';
import { useNotify } from '../../../lib/notifier';
import { PrinterSelect, type RangeChoice, RangeFields, useStartPrint, VerifyPrinterDialog } from '../../print-wizard';

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
  const [printer, setPrinter] = useState<Printer | null>(null);
  const [range, setRange] = useState<RangeChoice>({
    mode: 'all',
    from: String(order.from_label),
    to: String(order.total_quantity),
  });
  const [isVerifying, setVerifying] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const errors =
    range.mode === 'range' ? printDialogRangeErrors({ ...range, fromLabel: order.from_label, total: order.total_quantity }) : {};
  const isDone = order.from_label > order.total_quantity;
  const canPrint = printer !== null && Object.keys(errors).length === 0 && !(range.mode === 'all' && isDone);

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
            <Button variant="contained" disabled={!canPrint} onClick={() => setVerifying(true)} data-testid="print-submit">
              {t('print.submit')}
            </Button>
          </>
        }
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            {t('print.summary', {
              name: order.name || '—',
              total: order.total_quantity,
              progress: order.progress,
              next: Math.min(order.from_label, order.total_quantity),
            })}
          </DialogContentText>
          <PrinterSelect value={printer} onChange={setPrinter} />
          <RangeFields
            value={range}
            onChange={setRange}
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
