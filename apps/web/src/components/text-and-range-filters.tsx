import { Stack } from '@mui/material';
import { DateRangeFilter, type DateRangeFilterProps, type LastValidRange } from './date-range-filter';
import { FilterBar, type FilterBarProps } from './filter-bar';

/** A list's text filters and its date range (`period`, from useLastValidRange): side by side on a desktop, stacked on phones. */
export const TextAndRangeFilters = <F extends Record<string, string>>({
  text,
  period,
  range,
}: {
  text: FilterBarProps<F>;
  period: LastValidRange;
  range: Omit<DateRangeFilterProps, 'value' | 'onChange'>;
}) => (
  <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 1 }} sx={{ alignItems: { md: 'flex-start' } }}>
    <FilterBar<F> {...text} />
    <DateRangeFilter value={period.range} onChange={period.setRange} {...range} />
  </Stack>
);
