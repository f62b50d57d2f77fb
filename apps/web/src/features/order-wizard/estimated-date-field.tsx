import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../components/date-fields';

export type EstimatedDateFieldProps = {
  /** A local date-time, YYYY-MM-DDTHH:mm; '' when empty. */
  value: string;
  onChange: (value: string) => void;
  isDisabled?: boolean;
};

/** The estimated arrival date-time of a purchase or movement order (sent with toServerDateTime). */
export const EstimatedDateField = ({ value, onChange, isDisabled = false }: EstimatedDateFieldProps) => {
  const { t } = useTranslation('order-wizard');
  return (
    <DateTimeField
      label={t('estimatedArrival')}
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
      testId="order-estimated-arrival"
    />
  );
};
