import { Box } from '@mui/material';
import type { Column } from '../../../components/paged-table';

export type Counts = { expected: number; read: number; missing: number; excess: number };
const COUNT_KEYS = ['expected', 'read', 'missing', 'excess'] as const;
const COLOR_WHEN_ANY: Partial<Record<keyof Counts, string>> = { missing: 'error.main', excess: 'warning.main' };

/**
 * The four right-aligned count columns of an inventory table (expected, read, missing in red and excess in orange when
 * above zero), each headed by `header(count)`; each cell's test id is `<testIdPrefix>-<count>`.
 */
export const countColumns = <T,>({
  header,
  counts,
  testIdPrefix,
  quantity,
}: {
  header: (count: keyof Counts) => string;
  counts: (row: T) => Counts;
  testIdPrefix: string;
  quantity: (n: number) => string;
}): Column<T>[] =>
  COUNT_KEYS.map((key) => ({
    id: key,
    header: header(key),
    align: 'right',
    cell: (row) => {
      const value = counts(row)[key];
      return (
        <Box component="span" sx={{ color: value > 0 ? COLOR_WHEN_ANY[key] : undefined }} data-testid={`${testIdPrefix}-${key}`}>
          {quantity(value)}
        </Box>
      );
    },
  }));
