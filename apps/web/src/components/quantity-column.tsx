import type { ReactNode } from 'react';
import { formatQuantity } from '../lib/format';
import type { Column } from './paged-table';

/** A count column: right-aligned, in the language's number format (`language`), its figure named `testId` when given. */
export const quantityColumn = <T,>({
  id,
  header,
  value,
  language,
  testId,
}: {
  id: string;
  header: ReactNode;
  value: (row: T) => number;
  language: string;
  testId?: string;
}): Column<T> => ({
  id,
  header,
  align: 'right',
  cell: (row) =>
    testId ? <span data-testid={testId}>{formatQuantity(value(row), language)}</span> : formatQuantity(value(row), language),
});
