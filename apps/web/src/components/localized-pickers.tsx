import { DatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker, type DateTimePickerProps } from '@mui/x-date-pickers/DateTimePicker';
import { DateLocalization } from '../lib/date-localization';

/**
 * MUI X's pickers each in their localization (lib/date-localization.tsx), loaded with them by components/date-fields.tsx:
 * the localization's code (the adapter, dayjs' locales, the pickers' texts) comes with the pickers, not with the
 * signed-in shell, so a page without a date field does not load it (issue 30, pages on a phone).
 */
export const LocalizedDatePicker = (props: DatePickerProps) => (
  <DateLocalization>
    <DatePicker {...props} />
  </DateLocalization>
);

export const LocalizedDateTimePicker = (props: DateTimePickerProps) => (
  <DateLocalization>
    <DateTimePicker {...props} />
  </DateLocalization>
);
