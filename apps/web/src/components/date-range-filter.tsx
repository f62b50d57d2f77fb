import { Stack } from '@mui/material';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultDateRange, rangeBounds, validateDateRange } from '../lib/format';
import { DateField } from './date-fields';

export type DateRange = { start: string; end: string };

export type DateRangeFilterProps = {
  /** Dates as YYYY-MM-DD ('' when empty). Use `defaultDateRange()` from lib/format for the last 30 days. */
  value: DateRange;
  onChange: (range: DateRange) => void;
  startLabel?: string;
  endLabel?: string;
  /** Shows "Enter the start/end date" when a bound is empty. */
  isRequired?: boolean;
  testId?: string;
};

/**
 * Start and end date fields (date pickers showing DD/MM/YYYY): neither after today, start ≤ end (spec section 5).
 * Query bounds come from `rangeBounds(start, end)` (whole days in the location's zone).
 *
 * ```tsx
 * const [range, setRange] = useState(defaultDateRange());
 * <DateRangeFilter value={range} onChange={setRange} />
 * ```
 */
export const DateRangeFilter = ({ value, onChange, startLabel, endLabel, isRequired = false, testId }: DateRangeFilterProps) => {
  const { t } = useTranslation('components');
  const today = dayjs().format('YYYY-MM-DD');
  const wrong = validateDateRange(value);
  const startError =
    wrong === 'start' ? t('dateRange.afterToday') : isRequired && !value.start ? t('dateRange.startRequired') : '';
  const endError =
    wrong === 'end'
      ? value.end > today
        ? t('dateRange.afterToday')
        : t('dateRange.beforeStart')
      : isRequired && !value.end
        ? t('dateRange.endRequired')
        : '';
  const bounds = {
    start: { label: startLabel ?? t('dateRange.start'), error: startError, min: undefined, max: value.end || today },
    end: { label: endLabel ?? t('dateRange.end'), error: endError, min: value.start, max: today },
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} data-testid={testId}>
      {(['start', 'end'] as const).map((bound) => (
        <DateField
          key={bound}
          label={bounds[bound].label}
          value={value[bound]}
          onChange={(day) => onChange({ ...value, [bound]: day })}
          error={bounds[bound].error}
          minDate={bounds[bound].min}
          maxDate={bounds[bound].max}
          testId={`date-${bound}`}
        />
      ))}
    </Stack>
  );
};

/** True when the range can be used in a query. */
export const isValidDateRange = (range: DateRange): boolean => validateDateRange(range) === null;

/** A range's query bounds (whole days): '' for an empty side, and both '' while the range is invalid. */
export const rangeParams = (range: DateRange): { gte: string; lte: string } => {
  if (!isValidDateRange(range)) return { gte: '', lte: '' };
  const bounds = rangeBounds(range.start, range.end);
  return { gte: range.start ? bounds.start : '', lte: range.end ? bounds.end : '' };
};

/**
 * A range filter that keeps querying the last valid range while the one typed is invalid
 * (the lists filtered by date, the last 30 days by default): `range` and `setRange` drive the
 * fields, `dates` are the query bounds.
 */
export const useLastValidRange = (initial: DateRange = defaultDateRange()) => {
  const [range, setRange] = useState<DateRange>(initial);
  const [validRange, setValidRange] = useState<DateRange>(initial);
  const changeRange = (next: DateRange) => {
    setRange(next);
    if (isValidDateRange(next)) setValidRange(next);
  };
  return { range, setRange: changeRange, dates: rangeParams(validRange) };
};

/** A range and the last valid one's query bounds, as useLastValidRange keeps them. */
export type LastValidRange = ReturnType<typeof useLastValidRange>;
