import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Box, IconButton, Link, Stack, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { linkCell } from '../../../components/link-cell';
import type { Column } from '../../../components/paged-table';
import { TwoLineHeader } from '../../../components/two-line';
import { formatQuantity } from '../../../lib/format';
import { formatSizes, formatWaitingTime, isLate, type Translate } from '../labels';

/** The counts of an order row: items real/expected and boxes verified/total. */
export type OrderCounts = { real_item_count: number; item_count: number; num_verified_boxes: number; num_boxes: number };

/**
 * The items (real / expected) and boxes (verified / total) columns of an order history; the box
 * counts link to the order's boxes when `boxesTo` is given.
 */
export const useOrderCountColumns = <T extends OrderCounts>(boxesTo?: (row: T) => string): Column<T>[] => {
  const { t, i18n } = useTranslation('orders');
  const pair = (first: number, second: number) =>
    `${formatQuantity(first, i18n.language)} / ${formatQuantity(second, i18n.language)}`;
  return [
    {
      id: 'items',
      header: <TwoLineHeader title={t('dashboard.columns.items')} detail={t('dashboard.columns.realExpected')} />,
      align: 'right',
      cell: (row) => <span data-testid="order-items">{pair(row.real_item_count, row.item_count)}</span>,
    },
    {
      id: 'boxes',
      header: <TwoLineHeader title={t('dashboard.columns.boxes')} detail={t('dashboard.columns.verifiedTotal')} />,
      align: 'right',
      cell: (row) =>
        boxesTo ? (
          <Link component={RouterLink} to={boxesTo(row)} data-testid="order-boxes-link" sx={{ whiteSpace: 'nowrap' }}>
            {pair(row.num_verified_boxes, row.num_boxes)}
          </Link>
        ) : (
          pair(row.num_verified_boxes, row.num_boxes)
        ),
    },
  ];
};

/**
 * An order side's waiting time ("2 d 3 h"), red once the estimate has passed (spec section 4):
 * late when the side's date (or now, while it has none) is after `estimated`.
 */
export const WaitingTime = ({
  seconds,
  estimated,
  happened,
}: {
  seconds: number | null | undefined;
  estimated: string | null | undefined;
  happened: string | null | undefined;
}) => {
  const { t } = useTranslation('orders');
  const late = isLate(estimated, happened);
  return (
    <Box
      component="span"
      data-testid="order-waiting"
      data-late={String(late)}
      sx={{ whiteSpace: 'nowrap', color: late ? 'error.main' : undefined }}
    >
      {formatWaitingTime(seconds, t)}
    </Box>
  );
};

/** The icon actions of an order row, side by side (at the right of a phone card). */
export const RowActions = ({ children }: { children: ReactNode }) => (
  <Stack direction="row" spacing={0.5} sx={{ justifyContent: { xs: 'flex-end', md: 'flex-start' } }}>
    {children}
  </Stack>
);

/** One icon action of an order row (download, delete, cancel) with its name as tooltip and accessible name. */
export const RowActionButton = ({
  label,
  icon,
  onClick,
  color,
  testId,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: 'error' | 'warning' | 'primary';
  testId: string;
}) => (
  <Tooltip title={label}>
    <IconButton size="small" color={color} aria-label={label} onClick={onClick} data-testid={testId}>
      {icon}
    </IconButton>
  </Tooltip>
);

/** The delete icon of an order row (test id `delete-order`), in red. */
export const DeleteRowButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <RowActionButton label={label} icon={<DeleteIcon fontSize="small" />} color="error" onClick={onClick} testId="delete-order" />
);

/** The id column of an order history: the id, linking to the order's detail page. */
export const orderIdColumn = <T extends { id: number }>(header: string, detailTo: (row: T) => string): Column<T> => ({
  id: 'id',
  header,
  cell: linkCell((row) => ({ to: detailTo(row), text: row.id }), 'order-detail-link'),
});

/** An order line's sizes on one line (formatSizes). */
export const sizeColumn = <T extends { sizes: ReadonlyArray<{ country: string; value: string }> }>(
  header: string,
  t: Translate,
): Column<T> => ({
  id: 'size',
  header,
  cell: (line) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatSizes(line.sizes, t)}</Box>,
});

/** An order line's expected and real quantities (test ids `line-expected`, `line-real`), in `quantity`'s numbers. */
export const expectedRealColumns = <T extends { theorical_quantity: number; real_quantity: number }>(
  headers: { expected: string; real: string },
  quantity: (value: number) => string,
): Column<T>[] => [
  {
    id: 'expected',
    header: headers.expected,
    align: 'right',
    cell: (line) => <span data-testid="line-expected">{quantity(line.theorical_quantity)}</span>,
  },
  {
    id: 'real',
    header: headers.real,
    align: 'right',
    cell: (line) => <span data-testid="line-real">{quantity(line.real_quantity)}</span>,
  },
];
