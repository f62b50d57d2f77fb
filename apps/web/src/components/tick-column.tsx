import { Checkbox } from '@mui/material';
import type { ReactNode } from 'react';
import type { Column } from './paged-table';

/**
 * A column of checkboxes that tick rows: `isTicked` tells a row's state, `toggle` flips it, `label(row)` names its
 * checkbox for screen readers; `testId` names each checkbox when given.
 */
export const tickColumn = <T,>({
  id = 'tick',
  header,
  mobile,
  isTicked,
  toggle,
  label,
  testId,
}: {
  id?: string;
  header: ReactNode;
  mobile?: Column<T>['mobile'];
  isTicked: (row: T) => boolean;
  toggle: (row: T) => void;
  label: (row: T) => string;
  testId?: string;
}): Column<T> => ({
  id,
  header,
  ...(mobile === undefined ? {} : { mobile }),
  cell: (row) => (
    <Checkbox
      size="small"
      checked={isTicked(row)}
      onChange={() => toggle(row)}
      slotProps={{ input: { 'aria-label': label(row) } }}
      data-testid={testId}
    />
  ),
});
