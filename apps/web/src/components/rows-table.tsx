import {
  Card,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type Column, ColumnsHead, RowCard } from './paged-table';

type Props<T> = {
  /** All the rows (not paged); undefined while they load. */
  rows: T[] | undefined;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** data-testid of the table (and `<testId>-cards` on phones). */
  testId: string;
  /** data-testid of each row (and of each card on phones). */
  rowTestId: string;
};

/** A table of rows known at once (no paging), in its card; one card per row on phones, as the paged table shows them. */
export const RowsTable = <T,>({ rows, columns, rowKey, testId, rowTestId }: Props<T>) => {
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  if (!rows) return <Skeleton variant="rounded" height={96} />;
  if (isPhone) {
    return (
      <Stack spacing={1} data-testid={`${testId}-cards`}>
        {rows.map((row) => (
          <RowCard key={rowKey(row)} row={row} columns={columns} testId={rowTestId} />
        ))}
      </Stack>
    );
  }
  return (
    <Card>
      <TableContainer>
        <Table size="small" data-testid={testId}>
          <ColumnsHead columns={columns} />
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)} hover data-testid={rowTestId}>
                {columns.map((column) => (
                  <TableCell key={column.id} align={column.align}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
};
