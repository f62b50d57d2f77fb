import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

export type EstimatedDateFieldProps = {
  /** As the native datetime-local input holds it (YYYY-MM-DDTHH:mm); '' when empty. */
  value: string;
  onChange: (value: string) => void;
  isDisabled?: boolean;
};

/** The estimated arrival date-time of a purchase or movement order (sent with toServerDateTime). */
export const EstimatedDateField = ({ value, onChange, isDisabled = false }: EstimatedDateFieldProps) => {
  const { t } = useTranslation('order-wizard');
  return (
    <TextField
      type="datetime-local"
      label={t('estimatedArrival')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={isDisabled}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'order-estimated-arrival' } }}
    />
  );
};
