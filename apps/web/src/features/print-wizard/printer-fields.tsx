import { Button, DialogContentText, FormControlLabel, MenuItem, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import {
  expectedPrintingBodySchema,
  type Printer,
  PrintMessages,
  type PrintRangeError,
  type PrintRangeErrors,
} from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SimpleDialog } from '../../components/simple-dialog';
import { usePrintChoices } from './api/get-printers';

/**
 * A printer chosen in `PrinterSelect`, as a form schema's field: required ('Please select a printer'), checked as the
 * print request's printer id (the rest of the printer is the list's).
 */
export const printerChoiceSchema = z
  .object({ id: expectedPrintingBodySchema.shape.printer_id })
  .nullable()
  .refine((printer) => printer !== null, PrintMessages.selectPrinter);

/** A select of the printers of the user's locations (up to 100, the print dialog's list). */
export const PrinterSelect = ({ value, onChange }: { value: Printer | null; onChange: (printer: Printer | null) => void }) => {
  const { t } = useTranslation('printing');
  const printers = usePrintChoices();
  const list = printers.data ?? [];
  return (
    <TextField
      select
      fullWidth
      required
      label={t('print.printer')}
      value={value && list.some((p) => p.id === value.id) ? value.id : ''}
      onChange={(event) => onChange(list.find((p) => p.id === Number(event.target.value)) ?? null)}
      helperText={printers.data?.length === 0 ? t('print.noPrinters') : undefined}
      slotProps={{ htmlInput: { 'data-testid': 'printer-select' } }}
    >
      {list.map((printer) => (
        <MenuItem key={printer.id} value={printer.id} data-testid="printer-option">
          {printer.description || printer.mac} · {printer.location_description}
        </MenuItem>
      ))}
    </TextField>
  );
};

export type RangeChoice = { mode: 'all' | 'range'; from: string; to: string };

/** The two ends of a label range, in the form's order. */
const RANGE_ENDS = ['from', 'to'] as const;

/** All or a from/to range; the range fields are active only with the range option (spec section 5). */
export const RangeFields = ({
  value,
  onChange,
  errors,
  bounds,
}: {
  value: RangeChoice;
  onChange: (value: RangeChoice) => void;
  errors: PrintRangeErrors;
  /** The numbers error_min and error_max name. */
  bounds: { min: number; max: number };
}) => {
  const { t } = useTranslation('printing');
  const message = (error: PrintRangeError | undefined, min: number) => {
    if (!error) return undefined;
    if (error === 'error_required') return t('range.error_required');
    if (error === 'error_min') return t('range.error_min', { num: min });
    return t('range.error_max', { num: bounds.max });
  };
  const isRange = value.mode === 'range';
  const from = Number(value.from);
  /** The lowest number each end may take, as its message says: the range's minimum, and for "to" a valid "from". */
  const lowest = { from: bounds.min, to: Number.isFinite(from) && from > bounds.min ? from : bounds.min };
  return (
    <Stack spacing={1}>
      <RadioGroup
        row
        value={value.mode}
        onChange={(event) => onChange({ ...value, mode: event.target.value === 'range' ? 'range' : 'all' })}
      >
        <FormControlLabel value="all" control={<Radio data-testid="range-all" />} label={t('range.all')} />
        <FormControlLabel value="range" control={<Radio data-testid="range-range" />} label={t('range.range')} />
      </RadioGroup>
      <Stack direction="row" spacing={2}>
        {RANGE_ENDS.map((end) => (
          <TextField
            key={end}
            label={t(`range.${end}`)}
            type="number"
            disabled={!isRange}
            value={value[end]}
            onChange={(event) => onChange({ ...value, [end]: event.target.value })}
            error={isRange && Boolean(errors[end])}
            helperText={isRange ? message(errors[end], lowest[end]) : undefined}
            slotProps={{ htmlInput: { min: bounds.min, max: bounds.max, 'data-testid': `range-${end}` } }}
            fullWidth
          />
        ))}
      </Stack>
    </Stack>
  );
};

/** "Before printing, the user is asked to verify the target printer." */
export const VerifyPrinterDialog = ({
  printer,
  labels,
  onConfirm,
  onClose,
  isPending,
}: {
  printer: Printer | null;
  /** What will print, in words ("labels 1 to 20 of order 7"). */
  labels: string;
  onConfirm: () => void;
  onClose: () => void;
  isPending: boolean;
}) => {
  const { t } = useTranslation('printing');
  return (
    <SimpleDialog
      open={Boolean(printer)}
      onClose={isPending ? undefined : onClose}
      title={t('verify.title')}
      maxWidth="xs"
      testId="verify-printer"
      actions={
        <>
          <Button onClick={onClose} disabled={isPending} data-testid="verify-no">
            {t('verify.no')}
          </Button>
          <Button variant="contained" color="success" onClick={onConfirm} disabled={isPending} data-testid="verify-yes">
            {t('verify.yes')}
          </Button>
        </>
      }
    >
      <DialogContentText data-testid="verify-printer-text">
        {t('verify.body', {
          labels,
          printer: printer?.description || printer?.mac,
          address: `${printer?.ip_address}:${printer?.port}`,
          location: printer?.location_description,
        })}
      </DialogContentText>
    </SimpleDialog>
  );
};
