import { Box, type SxProps, type Theme, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/format';
import type { Column } from './paged-table';

/**
 * A date on one line and its time under it (desktop; side by side on phone cards), so wide order
 * tables stay within the screen. Nothing when there is no date, or `fallback`.
 */
export const TwoLineDate = ({ value, fallback }: { value: string | null | undefined; fallback?: ReactNode }) => {
  const text = formatDateTime(value);
  if (!text) return fallback ?? null;
  const [date, time] = text.split(' ');
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap', display: 'inline-block' }}>
      {date}
      <Box component="span" sx={{ display: { xs: 'inline', md: 'block' }, color: 'text.secondary', ml: { xs: 0.5, md: 0 } }}>
        {time}
      </Box>
    </Box>
  );
};

/** A column title with what its numbers are under it ("Items" / "real / expected"). */
export const TwoLineHeader = ({ title, detail }: { title: ReactNode; detail: ReactNode }) => (
  <Box component="span" sx={{ display: 'inline-block' }}>
    {title}
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      sx={{ display: { xs: 'inline', md: 'block' }, ml: { xs: 0.5, md: 0 } }}
    >
      {detail}
    </Typography>
  </Box>
);

/** Two date-times in one cell, the second muted under the first (created over estimated), so wide order tables fit. */
export const StackedDateTimes = ({ first, second }: { first: string | null | undefined; second: string | null | undefined }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap', display: 'inline-block' }}>
    {formatDateTime(first)}
    <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
      {formatDateTime(second)}
    </Box>
  </Box>
);

/** A row's name in bold over a muted caption (`detail`), both wrapping anywhere: the title cell of a card list. */
export const NameOverDetail = ({
  name,
  detail,
  detailSx,
  detailTestId,
}: {
  name: ReactNode;
  detail: ReactNode;
  detailSx?: SxProps<Theme> | undefined;
  detailTestId?: string | undefined;
}) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {name}
    </Typography>
    <Typography variant="caption" color="text.secondary" sx={detailSx} data-testid={detailTestId}>
      {detail}
    </Typography>
  </Box>
);

/**
 * The title column of a list: the row's `name` over its `detail` (NameOverDetail), the title of a phone's card.
 *
 * ```tsx
 * nameOverDetailColumn<ApiKey>({ id: 'name', header: t('name'), name: (row) => row.name, detail: (row) => row.prefix })
 * ```
 */
export const nameOverDetailColumn = <T,>({
  name,
  detail,
  detailSx,
  detailTestId,
  ...column
}: Pick<Column<T>, 'id' | 'header'> & {
  name: (row: T) => ReactNode;
  detail: (row: T) => ReactNode;
  detailSx?: SxProps<Theme>;
  detailTestId?: string;
}): Column<T> => ({
  ...column,
  mobile: 'title',
  cell: (row) => <NameOverDetail name={name(row)} detail={detail(row)} detailSx={detailSx} detailTestId={detailTestId} />,
});
