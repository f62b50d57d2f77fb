import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, Stack, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

export type FilterField<F> = { name: keyof F & string; label: string; type?: 'text' | 'number' };

/** The magnifier at the start of a filter's text box (`slotProps={{ input: searchAdornment }}`). */
export const searchAdornment = {
  startAdornment: (
    <InputAdornment position="start">
      <SearchIcon fontSize="small" />
    </InputAdornment>
  ),
};

export type FilterBarProps<F extends Record<string, string>> = {
  fields: FilterField<F>[];
  value: F;
  /** Called with the whole filters object after typing pauses (`debounceMs`). */
  onChange: (filters: F) => void;
  debounceMs?: number;
  testId?: string;
  /**
   * `row` (default): one line on a desktop, a column on phones. `grid`: many filters of one table
   * in a grid that wraps, two columns on phones and four on a desktop.
   */
  layout?: 'row' | 'grid';
};

/**
 * Text filters typed into fields, handed to a table's filter object after a short pause.
 *
 * ```tsx
 * const [filters, setFilters] = useState({ mac_address: '', serial_number: '' });
 * <FilterBar fields={[{ name: 'mac_address', label: t('mac') }, { name: 'serial_number', label: t('serial') }]}
 *   value={filters} onChange={setFilters} />
 * <PagedTable queryKey={['readers', filters]} … />
 * ```
 */
export const FilterBar = <F extends Record<string, string>>({
  fields,
  value,
  onChange,
  debounceMs = 400,
  testId,
  layout = 'row',
}: FilterBarProps<F>) => {
  const [draft, setDraft] = useState<F>(value);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => {
    const timer = setTimeout(() => {
      const changed = Object.keys(draft).some((key) => draft[key] !== latest.current.value[key]);
      if (changed) latest.current.onChange(draft);
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [draft, debounceMs]);
  const inputs = fields.map((field) => (
    <TextField
      key={field.name}
      size="small"
      label={field.label}
      type={field.type ?? 'text'}
      value={draft[field.name] ?? ''}
      onChange={(event) => setDraft((current) => ({ ...current, [field.name]: event.target.value }))}
      slotProps={{
        input: searchAdornment,
        htmlInput: { 'data-testid': `filter-${field.name}` },
      }}
    />
  ));
  if (layout === 'grid') {
    return (
      <Box
        data-testid={testId}
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {inputs}
      </Box>
    );
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }} data-testid={testId}>
      {inputs}
    </Stack>
  );
};
