import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import type { Printer, PrintOrder } from '@rfid/contract';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { useNotify } from '../../lib/notifier';
import { PrinterSelect, printerChoiceSchema, VerifyPrinterDialog } from './printer-fields';

/** What is printed: a purchase order's expected labels, or one box's ("tick for printing"). */
export type ExpectedPrintTarget = { kind: 'order' | 'box'; id: number; name: string };

/** The form: the printer, sent as the request's `printer_id`. */
const expectedFormSchema = z.object({ printer: printerChoiceSchema });
type ExpectedForm = { printer: Printer | null };
// The schema checks the printer by its id; the form keeps the whole printer the select gives (verify and notify name it).
const expectedResolver = zodResolver(expectedFormSchema, undefined, { raw: true }) as unknown as Resolver<ExpectedForm>;

/**
 * Prints the expected labels of an order or a box: choose a printer, verify it, then the server reserves the EPCs and
 * starts the job (POST /porders/{id}/printing/ or /rboxes/{id}/printing/, given as `print`).
 */
export const PrintExpectedDialog = ({
  target,
  print,
  onClose,
}: {
  target: ExpectedPrintTarget | null;
  print: (target: ExpectedPrintTarget, printerId: number) => Promise<PrintOrder>;
  onClose: () => void;
}) => (target ? <PrintExpectedBody target={target} print={print} onClose={onClose} /> : null);

const PrintExpectedBody = ({
  target,
  print,
  onClose,
}: {
  target: ExpectedPrintTarget;
  print: (target: ExpectedPrintTarget, printerId: number) => Promise<PrintOrder>;
  onClose: () => void;
}) => {
  const { t } = useTranslation('printing');
  const notify = useNotify();
  const { handleSubmit, setValue, watch } = useForm<ExpectedForm>({
    resolver: expectedResolver,
    defaultValues: { printer: null },
  });
  const printer = watch('printer');
  const [isVerifying, setVerifying] = useState(false);
  const [isPending, setPending] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const what = t(`expected.${target.kind}`, { name: target.name });

  const run = async () => {
    if (!printer) return;
    setPending(true);
    try {
      const order = await print(target, printer.id);
      notify(
        t('expected.started', { id: order.id, count: order.total_quantity, printer: printer.description || printer.mac }),
        'success',
      );
      onClose();
    } catch (error) {
      setVerifying(false);
      setStatus(errorStatus(error, t('messages.failed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={isPending ? undefined : onClose} fullWidth maxWidth="sm" data-testid="print-expected-dialog">
      <DialogTitle>{t('expected.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('expected.summary', { what })}</DialogContentText>
          <PrinterSelect value={printer} onChange={(next) => setValue('printer', next)} />
          <FormAlert status={status} onClose={() => setStatus(null)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          {t('print.close')}
        </Button>
        <Button
          variant="contained"
          disabled={printer === null || isPending}
          onClick={() => void handleSubmit(() => setVerifying(true))()}
          data-testid="print-expected-submit"
        >
          {t('print.submit')}
        </Button>
      </DialogActions>
      <VerifyPrinterDialog
        printer={isVerifying ? printer : null}
        labels={what}
        isPending={isPending}
        onClose={() => setVerifying(false)}
        onConfirm={() => void run()}
      />
    </Dialog>
  );
};
