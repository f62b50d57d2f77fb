import { TextField } from '@mui/material';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';

// The pickers (MUI X, the largest part of a page with a date filter) load, with their localization, when a field first
// renders: until then a plain field holds the picker's place, with its label, value and error (issue 15, LCP: the
// inbound dashboard's figures and orders paint before the pickers' code). The placeholder has no test id: what waits
// for the field waits for the picker.
const loadPickers = () => import('./localized-pickers');
const DatePicker = lazy(() => loadPickers().then((module) => ({ default: module.LocalizedDatePicker })));
const DateTimePicker = lazy(() => loadPickers().then((module) => ({ default: module.LocalizedDateTimePicker })));

/** What the fields show, in both languages (spec section 7: DD/MM/YYYY; times on 24 hours). */
export const DATE_DISPLAY = 'DD/MM/YYYY';
export const MONTH_DISPLAY = 'MM/YYYY';
export const DATE_TIME_DISPLAY = 'DD/MM/YYYY HH:mm';
/** What the fields hold: a day, and a local date-time as the former native inputs held them. */
const DATE_VALUE = 'YYYY-MM-DD';
const MONTH_VALUE = 'YYYY-MM';
const DATE_TIME_VALUE = 'YYYY-MM-DDTHH:mm';

/** Both value formats are ISO 8601, which dayjs parses without a format. */
const parse = (value: string): Dayjs | null => {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
};

/**
 * The picker's value and the string its owner holds: a date being typed (invalid until complete) is reported as ''
 * and kept here, so the owner's '' does not wipe what is being typed; a new string from the owner replaces it.
 */
const useDraft = (value: string, format: string, onChange: (value: string) => void) => {
  const [draft, setDraft] = useState<{ value: string; date: Dayjs | null }>(() => ({ value, date: parse(value) }));
  if (draft.value !== value) setDraft({ value, date: parse(value) });
  const change = (date: Dayjs | null) => {
    const next = date?.isValid() ? date.format(format) : '';
    setDraft({ value: next, date });
    if (next !== value) onChange(next);
  };
  return { date: draft.date, change };
};

type FieldProps = {
  label: string;
  /** '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** A message shown under the field, or true to mark the field only (its owner says why elsewhere). */
  error?: string | boolean;
  isDisabled?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  /** On the field's root; the field's text is its sections, its value (as shown) the hidden input's. */
  testId?: string;
};

const helperText = (error: FieldProps['error']): string | undefined => (typeof error === 'string' && error) || undefined;

/** The slots both pickers share: a clearable field, its error under it, the test id on its root. */
const fieldSlots = ({ size, fullWidth, error, testId }: Pick<FieldProps, 'size' | 'fullWidth' | 'error' | 'testId'>) => ({
  field: { clearable: true },
  textField: {
    size,
    fullWidth,
    error: Boolean(error),
    helperText: helperText(error),
    ...(testId ? { 'data-testid': testId } : {}),
  },
});

/** What a field shows while its picker's code loads: the same outlined field, read-only. */
const FieldPlaceholder = ({
  label,
  value,
  display,
  error,
  isDisabled,
  fullWidth,
  size,
}: Omit<FieldProps, 'onChange' | 'testId'> & { display: string }) => {
  const date = parse(value);
  return (
    <TextField
      label={label}
      value={date ? date.format(display) : ''}
      disabled={isDisabled}
      fullWidth={fullWidth}
      size={size}
      error={Boolean(error)}
      helperText={helperText(error)}
      slotProps={{ htmlInput: { readOnly: true, tabIndex: -1 }, inputLabel: date ? { shrink: true } : undefined }}
    />
  );
};

/**
 * What both pickers take from a field's props: the value being typed (useDraft), the shared props and slots, and the
 * placeholder shown while the picker's code loads.
 */
const usePicker = (props: FieldProps, valueFormat: string, display: string) => {
  const { label, value, onChange, error, isDisabled = false, fullWidth = false, size, testId } = props;
  const draft = useDraft(value, valueFormat, onChange);
  return {
    fallback: <FieldPlaceholder {...{ label, value, error, isDisabled, fullWidth, size }} display={display} />,
    picker: {
      label,
      value: draft.date,
      onChange: draft.change,
      format: display,
      disabled: isDisabled,
      slotProps: fieldSlots({ size, fullWidth, error, testId }),
    },
  };
};

/** A day typed or picked (MUI X DatePicker in the UI language): `value` is YYYY-MM-DD. */
export const DateField = ({
  size = 'small',
  minDate,
  maxDate,
  ...props
}: FieldProps & { minDate?: string; maxDate?: string }) => {
  const { fallback, picker } = usePicker({ ...props, size }, DATE_VALUE, DATE_DISPLAY);
  return (
    <Suspense fallback={fallback}>
      <DatePicker {...picker} minDate={minDate ? dayjs(minDate) : undefined} maxDate={maxDate ? dayjs(maxDate) : undefined} />
    </Suspense>
  );
};

/** A month typed or picked (MUI X DatePicker, month and year views): `value` is YYYY-MM. */
export const MonthField = ({ size = 'small', maxDate, ...props }: FieldProps & { maxDate?: string }) => {
  const { fallback, picker } = usePicker({ ...props, size }, MONTH_VALUE, MONTH_DISPLAY);
  return (
    <Suspense fallback={fallback}>
      <DatePicker {...picker} views={['year', 'month']} openTo="month" maxDate={maxDate ? dayjs(maxDate) : undefined} />
    </Suspense>
  );
};

/** A local date and time typed or picked (MUI X DateTimePicker, 24 hours): `value` is YYYY-MM-DDTHH:mm. */
export const DateTimeField = ({ size = 'medium', ...props }: FieldProps) => {
  const { fallback, picker } = usePicker({ ...props, size }, DATE_TIME_VALUE, DATE_TIME_DISPLAY);
  return (
    <Suspense fallback={fallback}>
      <DateTimePicker {...picker} ampm={false} />
    </Suspense>
  );
};
