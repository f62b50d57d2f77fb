import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { IconButton, Box as MuiBox, Stack, Tooltip } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { linkCell } from '../../components/link-cell';
import type { Column } from '../../components/paged-table';
import { PercentBar } from '../../components/percent-bar';
import { StatusChip } from '../../components/status-chip';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { boxStatusMap, ORDER_PATHS, type OrderKind } from '../orders';
import type { OrderBox } from './api/get-order-boxes';
import { BOX_COLUMNS, BOX_TIME_LABEL, type BoxColumnId, hasOnlineReading } from './kinds';

/** The bars of the box table are a little narrower than elsewhere so the entry columns fit a laptop screen. */
const BAR_WIDTH = 100;

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The reading percentage; online boxes show both readings in one column (the bar capped at 100, the online one where above 100 is 0). */
const percentColumn = (t: TFunction, isOnline: boolean): Column<OrderBox> => ({
  id: 'percent',
  header: isOnline ? (
    <>
      {t('columns.percent')}
      <br />
      {t('columns.online')}
    </>
  ) : (
    t('columns.percent')
  ),
  cell: (box) => (
    <Stack spacing={0.5}>
      <span data-testid="box-percent">
        <PercentBar value={box.percent} minWidth={BAR_WIDTH} />
      </span>
      {isOnline && (
        <span data-testid="box-online">
          <PercentBar value={box.online_percent} minWidth={BAR_WIDTH} />
        </span>
      )}
    </Stack>
  ),
});

/** The delete icon of a row (`onDelete` picks the box). */
const deleteColumn = (t: TFunction, onDelete: (box: OrderBox) => void): Column<OrderBox> => ({
  id: 'delete',
  // The icon says what it does; the header is for screen readers (and labels the phone card's row).
  header: (
    <MuiBox component="span" sx={visuallyHidden}>
      {t('columns.actions')}
    </MuiBox>
  ),
  align: 'center',
  cell: (box) => (
    <Tooltip title={t('boxes.delete', { barcode: box.barcode })}>
      <IconButton
        size="small"
        color="error"
        onClick={() => onDelete(box)}
        aria-label={t('boxes.delete', { barcode: box.barcode })}
        data-testid="box-delete"
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  ),
});

/**
 * The box table's columns for a kind of order (kinds.ts picks which): the barcode links to the
 * box detail, the verification count to the box's verifications; online boxes get a delete icon
 * when `onDelete` is given (roles 1 to 3).
 */
export const useBoxColumns = (kind: OrderKind, orderId: string, onDelete?: (box: OrderBox) => void): Column<OrderBox>[] => {
  const { t, i18n } = useTranslation('order-pages');
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  const paths = ORDER_PATHS[kind];
  const isOnline = hasOnlineReading(kind);
  const nowrap = { whiteSpace: 'nowrap' } as const;
  const all: Record<BoxColumnId, Column<OrderBox> | null> = {
    barcode: {
      id: 'barcode',
      header: t('columns.barcode'),
      cell: linkCell((box) => ({ to: paths.box(orderId, box.id), text: box.barcode }), 'box-link'),
      mobile: 'title',
    },
    status: {
      id: 'status',
      header: t('columns.status'),
      cell: (box) => (
        <span data-testid="box-status">
          <StatusChip status={box.status} map={boxStatusMap(t)} />
        </span>
      ),
    },
    time: {
      id: 'time',
      header: t(`columns.${BOX_TIME_LABEL[kind]}`),
      // Date and time may wrap onto two lines: the entry columns fit a laptop screen.
      cell: (box) => <span data-testid="box-time">{formatDateTime(box.reading_time)}</span>,
    },
    items: {
      id: 'items',
      header: t('columns.items'),
      align: 'right',
      cell: (box) => (
        <MuiBox component="span" sx={nowrap} data-testid="box-items">
          {quantity(box.real_item_count)} / {quantity(box.theorical_item_count)}
        </MuiBox>
      ),
    },
    expected: {
      id: 'expected',
      header: t('columns.expected'),
      align: 'right',
      cell: (box) => <span data-testid="box-expected">{quantity(box.theorical_item_count)}</span>,
    },
    real: {
      id: 'real',
      header: t('columns.real'),
      align: 'right',
      cell: (box) => <span data-testid="box-real">{quantity(box.real_item_count)}</span>,
    },
    matched: { id: 'matched', header: t('columns.matched'), align: 'right', cell: (box) => quantity(box.matched_item_count) },
    references: {
      id: 'references',
      header: t('columns.references'),
      align: 'right',
      cell: (box) => <span data-testid="box-references">{quantity(box.references)}</span>,
    },
    verifications: {
      id: 'verifications',
      header: t('columns.verifications'),
      align: 'right',
      cell: linkCell(
        (box) => ({ to: paths.verifications(orderId, box.id), text: quantity(box.verification_count) }),
        'box-verifications-link',
      ),
    },
    percent: percentColumn(t, isOnline),
    delete: onDelete ? deleteColumn(t, onDelete) : null,
  };
  return BOX_COLUMNS[kind].flatMap((id) => {
    const column = all[id];
    return column ? [column] : [];
  });
};
