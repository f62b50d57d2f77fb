import { Stack } from '@mui/material';
import { DateRangeFilter, type DateRangeFilterProps } from './date-range-filter';
import { FilterBar, type FilterBarProps } from './filter-bar';

/** A list's text filters and its date range: side by side on a desktop, stacked on phones. */
export const TextAndRangeFilters = <F extends Record<string, string>>({
  text,
  range,
}: {
  text: FilterBarProps<F>;
  range: DateRangeFilterProps;
}) => (
  <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 1 }} sx={{ alignItems: { md: 'flex-start' } }}>
    <FilterBar<F> {...text} />
    <DateRangeFilter {...range} />
  </Stack>
);
