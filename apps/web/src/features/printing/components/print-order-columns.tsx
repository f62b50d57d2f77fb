import CancelIcon from '@mui/icons-material/Cancel';
import PrintIcon from '@mui/icons-material/Print';
import ReplayIcon from '@mui/icons-material/Replay';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Button, IconButton, LinearProgress, Link, Stack, Tooltip, Typography } from '@mui/material';
import type { PrintOrder } from '@rfid/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Column } from '../../../components/paged-table';
import { StatusChip } from '../../../components/status-chip';
import { TwoLineDate, TwoLineHeader } from '../../../components/two-line';
import { PRINT_PATHS } from '../../print-wizard';
import { useLivePrintProgress } from '../api/get-print-progress';
import { printErrorText } from './print-error-text';
import { printStateMap } from './print-state';
import { VoidedChip } from './voided-chip';

/** Every label of the order is printed: its next label is past its quantity. */
const isFullyPrinted = (order: PrintOrder): boolean => order.from_label > order.total_quantity;

/** Labels printed of the order: a bar and "printed / total", live (every second) while a job runs. */
const ProgressCell = ({ order }: { order: PrintOrder }) => {
  const live = useLivePrintProgress(order.id, order.state === 'WORKING');
  const progress = live?.progress ?? order.progress;
  const percent = order.total_quantity ? Math.min(100, (progress / order.total_quantity) * 100) : 0;
  return (
    <Box sx={{ minWidth: 90 }} data-testid="print-progress">
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 100 ? 'success' : 'primary'}
        sx={{ height: 8, borderRadius: 4 }}
        aria-label={`${Math.round(percent)}%`}
      />
      <Typography variant="caption" color="text.secondary" data-testid="print-progress-count">
        {progress} / {order.total_quantity}
      </Typography>
    </Box>
  );
};

type OrderAction = 'cancel' | 'reprint' | 'print';

/**
 * The order's action: Cancel while WORKING, Print while labels remain, and once every label is printed no primary
 * action but a secondary Reprint (a reprint encodes RFID labels again, so it is asked for explicitly).
 */
export const PrintOrderAction = ({
  order,
  isPhone,
  onAction,
}: {
  order: PrintOrder;
  isPhone: boolean;
  onAction: (action: OrderAction, order: PrintOrder) => void;
}) => {
  const { t } = useTranslation('printing');
  const action: OrderAction = order.state === 'WORKING' ? 'cancel' : isFullyPrinted(order) ? 'reprint' : 'print';
  const look = {
    cancel: { color: 'error', variant: 'outlined', icon: isPhone ? <CancelIcon /> : undefined },
    reprint: { color: 'inherit', variant: 'text', icon: <ReplayIcon /> },
    print: { color: 'primary', variant: 'contained', icon: isPhone ? <PrintIcon /> : undefined },
  } as const;
  const { color, variant, icon } = look[action];
  return (
    <Button
      size="small"
      color={color}
      variant={variant}
      startIcon={icon}
      onClick={() => onAction(action, order)}
      data-testid={`print-order-${action}`}
    >
      {t(`list.${action}`)}
    </Button>
  );
};

type ColumnsOptions = {
  isPhone: boolean;
  /** Roles 1 and 2 see the order's locations. */
  seesLocations: boolean;
  /** The order's action cell (none for who may not print). */
  action: (order: PrintOrder) => ReactNode;
};

const tagTypeText = (order: PrintOrder) =>
  `${order.tag_company_format.tag_type.id} · ${order.tag_company_format.tag_type.reference}`;
const idLink = (order: PrintOrder) => (
  <Link component={RouterLink} to={PRINT_PATHS.detail(order.id)} data-testid="print-order-link">
    {order.id}
  </Link>
);
const nameText = (order: PrintOrder) => <span data-testid="print-order-name">{order.name || '—'}</span>;
const contentsButton = (t: TFunction<'printing'>, order: PrintOrder) => (
  <Tooltip title={t('list.seeContents')}>
    <IconButton
      component={RouterLink}
      to={PRINT_PATHS.contents(order.id)}
      size="small"
      aria-label={t('list.seeContentsOf', { id: order.id })}
      data-testid="print-order-contents"
    >
      <VisibilityIcon fontSize="small" />
    </IconButton>
  </Tooltip>
);

/** The id and name columns: two on phones, one of two lines on desktops. */
const idColumns = (t: TFunction<'printing'>, isPhone: boolean): Column<PrintOrder>[] =>
  isPhone
    ? [
        { id: 'name', header: t('list.name'), cell: nameText, mobile: 'title' as const },
        { id: 'id', header: t('list.id'), cell: idLink },
      ]
    : [
        {
          // Desktop: the name under the order number keeps every column of the spec within the screen.
          id: 'id',
          header: <TwoLineHeader title={t('list.id')} detail={t('list.name')} />,
          cell: (order: PrintOrder) => (
            <Box sx={{ minWidth: 90, overflowWrap: 'anywhere' }}>
              {idLink(order)}
              <Typography variant="body2" color="text.secondary">
                {nameText(order)}
              </Typography>
            </Box>
          ),
        },
      ];

/** The tag type and format columns: two on phones, one of two lines on desktops. */
const tagColumns = (t: TFunction<'printing'>, isPhone: boolean): Column<PrintOrder>[] =>
  isPhone
    ? [
        { id: 'tagType', header: t('list.tagType'), cell: tagTypeText },
        {
          id: 'format',
          header: t('list.tagFormat'),
          cell: (order: PrintOrder) => order.tag_company_format.tag_format.description,
        },
      ]
    : [
        {
          // Desktop: the format under the tag type keeps every column of the spec within the screen.
          id: 'tag',
          header: <TwoLineHeader title={t('list.tagType')} detail={t('list.tagFormat')} />,
          cell: (order: PrintOrder) => (
            <Box sx={{ minWidth: 140 }}>
              {tagTypeText(order)}
              <Typography variant="body2" color="text.secondary">
                {order.tag_company_format.tag_format.description}
              </Typography>
            </Box>
          ),
        },
      ];

/** The state column: its chip, voided labels, the progress under it on desktops, and the error of an ERROR order. */
const stateColumn = (t: TFunction<'printing'>, isPhone: boolean): Column<PrintOrder> => {
  const states = printStateMap(t);
  return {
    id: 'state',
    header: isPhone ? t('list.state') : <TwoLineHeader title={t('list.state')} detail={t('list.progress')} />,
    cell: (order) => (
      <Box data-testid="print-order-state" data-state={order.state}>
        <StatusChip status={order.state} map={states} />
        <VoidedChip order={order} />
        {/* Desktop: the progress under the state (its own column on phones). */}
        {!isPhone && <ProgressCell order={order} />}
        {order.state === 'ERROR' && order.error && (
          <Typography variant="caption" color="error" sx={{ display: 'block', maxWidth: 220 }} data-testid="print-order-error">
            {printErrorText(order, t)}
          </Typography>
        )}
      </Box>
    ),
  };
};

/**
 * The print order table's columns (spec section 2): id, name, locations ('all' when none), date, tag type (id and
 * reference), tag format, state, quantity, contents (eye), progress and the action.
 */
export const printOrderColumns = (
  t: TFunction<'printing'>,
  { isPhone, seesLocations, action }: ColumnsOptions,
): Column<PrintOrder>[] => [
  ...idColumns(t, isPhone),
  ...(seesLocations
    ? [
        {
          id: 'locations',
          header: t('list.locations'),
          cell: (order: PrintOrder) => (
            <span data-testid="print-order-locations">
              {order.location.length ? order.location.map((l) => l.description).join(', ') : t('list.all')}
            </span>
          ),
        },
      ]
    : []),
  { id: 'date', header: t('list.date'), cell: (order) => <TwoLineDate value={order.creation_date} /> },
  ...tagColumns(t, isPhone),
  stateColumn(t, isPhone),
  {
    id: 'quantity',
    header: t('list.quantity'),
    align: 'right',
    cell: (order) => <span data-testid="print-order-quantity">{order.total_quantity}</span>,
  },
  ...(isPhone
    ? [
        {
          id: 'contents',
          header: t('list.contents'),
          align: 'center' as const,
          cell: (order: PrintOrder) => contentsButton(t, order),
        },
        { id: 'progress', header: t('list.progress'), cell: (order: PrintOrder) => <ProgressCell order={order} /> },
      ]
    : []),
  {
    id: 'action',
    header: isPhone ? t('list.action') : <TwoLineHeader title={t('list.action')} detail={t('list.contents')} />,
    cell: (order) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
        {action(order)}
        {/* Desktop: the contents' eye beside the action keeps the action within 1280 px with the menu open. */}
        {!isPhone && contentsButton(t, order)}
      </Stack>
    ),
  },
];
