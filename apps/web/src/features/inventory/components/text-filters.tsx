import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

export type TextFilterField<F> = { name: keyof F & string; label: string };

/**
 * Several text filters of one table, in a grid that wraps (two columns on phones, four on a
 * desktop), handed to the table's filter object once typing pauses.
 */
export const TextFilters = <F extends Record<string, string>>({
  fields,
  value,
  onChange,
  testId,
  debounceMs = 400,
}: {
  fields: TextFilterField<F>[];
  value: F;
  onChange: (next: F) => void;
  testId?: string;
  debounceMs?: number;
}) => {
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
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {fields.map((field) => (
        <TextField
          key={field.name}
          size="small"
          label={field.label}
          value={draft[field.name] ?? ''}
          onChange={(event) => setDraft((current) => ({ ...current, [field.name]: event.target.value }))}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'data-testid': `filter-${field.name}` },
          }}
        />
      ))}
    </Box>
  );
};
