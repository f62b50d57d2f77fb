import { FormControlLabel, MenuItem, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { PRINT_RANGE_MAX, PRINT_RANGE_MIN } from '@rfid/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PrinterSelect, RangeFields } from '../printer-fields';
import type { Choice, WizardChoices } from './use-print-wizard';

/**
 * The last step: make the print order, or print it now (the ticked orders' codes, the waiting order to print when the
 * wizard makes none, the printer and the range); `alert` is the send's result under them.
 */
export const ChoiceStep = ({ choices, alert }: { choices: WizardChoices; alert: ReactNode }) => {
  const { t } = useTranslation('printing');
  const { orders, hasRecords, makesOrder, total, choice, target, printable, setValue, setRange } = choices;
  /** The last step's two choices: make the print order (only), or make it and print it now. */
  const choiceLabel = (option: Choice) =>
    orders
      ? t(option === 'order' ? 'wizard.ordersOrder' : 'wizard.ordersPrint', { count: orders.ids.length })
      : hasRecords
        ? t(`wizard.${option}`, { count: total })
        : t(option === 'order' ? 'wizard.newOrder' : 'wizard.printWaiting');
  return (
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
          <PrinterSelect value={choices.printer} onChange={choices.setPrinter} />
          <RangeFields
            value={choices.range}
            onChange={setRange}
            errors={choices.rangeErrors}
            bounds={
              makesOrder
                ? { min: PRINT_RANGE_MIN, max: PRINT_RANGE_MAX }
                : { min: target?.from_label ?? 1, max: target?.total_quantity ?? 1 }
            }
          />
        </Stack>
      )}
      {alert}
    </Stack>
  );
};
