import { Link } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Column } from './paged-table';
import { quantityColumn } from './quantity-column';

/** An EPC (in monospace unless `isMonospace` is false), linking to its page in the EPC tracker (/track-epc/{epc}). */
export const EpcLink = ({ epc, testId, isMonospace = true }: { epc: string; testId: string; isMonospace?: boolean }) => (
  <Link
    component={RouterLink}
    to={`/track-epc/${encodeURIComponent(epc)}`}
    sx={isMonospace ? { fontFamily: 'monospace', overflowWrap: 'anywhere' } : { overflowWrap: 'anywhere' }}
    data-testid={testId}
  >
    {epc}
  </Link>
);

/** The EPC column of a tag list (stock, inventory, POS): the link to the tracker, the title of a phone card. */
export const epcColumn = <T extends { epc: string }>(header: ReactNode, testId: string): Column<T> => ({
  id: 'epc',
  header,
  cell: (row) => <EpcLink epc={row.epc} testId={testId} isMonospace={false} />,
  mobile: 'title',
});

/** The lot and the quantity columns of a tag list (stock, inventory): the lot or nothing, the count named `tag-quantity`. */
export const tagLotQuantityColumns = <T extends { lot: string | null; quantity: number }>(
  headers: { lot: ReactNode; quantity: ReactNode },
  language: string,
): Column<T>[] => [
  { id: 'lot', header: headers.lot, cell: (row) => row.lot ?? '' },
  quantityColumn({ id: 'quantity', header: headers.quantity, value: (row) => row.quantity, language, testId: 'tag-quantity' }),
];
