import { Box, Link } from '@mui/material';
import type { MovementOrder } from '@rfid/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Column } from '../../../components/paged-table';
import { StatusChip } from '../../../components/status-chip';
import { StackedDateTimes, TwoLineDate, TwoLineHeader } from '../../../components/two-line';
import { formatDateTime } from '../../../lib/format';
import { type MovementSide, ORDER_PATHS, orderIdColumn, orderStatusMap, useOrderCountColumns, WaitingTime } from '../../orders';

/**
 * What each side of a movement shows in its dashboard: the exit (origin) side shows the
 * destination, the exit estimate and date; the entry (destination) side the origin, the arrival
 * estimate and date. The server already gives the side's counts unprefixed.
 */
const SIDES = {
  exit: {
    status: (row: MovementOrder) => row.origin_status,
    other: (row: MovementOrder) => row.destination_description,
    estimated: (row: MovementOrder) => row.estimated_exit_date ?? row.estimated_arrival_date,
    happened: (row: MovementOrder) => row.exit_date,
    waiting: (row: MovementOrder) => row.waiting_time,
  },
  entry: {
    status: (row: MovementOrder) => row.destination_status,
    other: (row: MovementOrder) => row.origin_description,
    estimated: (row: MovementOrder) => row.estimated_arrival_date,
    happened: (row: MovementOrder) => row.arrival_date,
    waiting: (row: MovementOrder) => row.destination_waiting_time,
  },
} as const;

/**
 * The columns of the exit and entry dashboards: status, id (to the detail), code (to the boxes)
 * with the other location, created and estimated dates, the side's date, waiting time (red once
 * the estimate has passed), items real/expected and boxes verified/total (to the boxes), then the
 * row's actions.
 */
export const useMovementColumns = ({
  side,
  isPhone,
  actions,
}: {
  side: MovementSide;
  isPhone: boolean;
  actions: (row: MovementOrder) => ReactNode;
}): Column<MovementOrder>[] => {
  const { t } = useTranslation(['movements', 'orders']);
  const paths = ORDER_PATHS[side];
  const read = SIDES[side];
  const countColumns = useOrderCountColumns<MovementOrder>((row) => paths.boxes(row.id));
  const statusMap = orderStatusMap(t);
  const otherLabel = t(`columns.${side}.other`);
  const other = (row: MovementOrder) => <span data-testid="order-other-location">{read.other(row) ?? ''}</span>;
  const happened = (row: MovementOrder) => <TwoLineDate value={read.happened(row)} />;
  /** Red once the side's estimate has passed (spec section 4). */
  const waiting = (row: MovementOrder) => (
    <WaitingTime seconds={read.waiting(row)} estimated={read.estimated(row)} happened={read.happened(row)} />
  );
  return [
    {
      id: 'status',
      header: t('columns.status'),
      cell: (row) => (
        <span data-testid="order-status">
          <StatusChip status={read.status(row)} map={statusMap} />
        </span>
      ),
    },
    orderIdColumn(t('columns.id'), (row) => paths.detail(row.id)),
    {
      id: 'code',
      // Desktop: the other location under the code keeps the columns within the screen; phones show it as its own field.
      header: isPhone ? t('columns.orderCode') : t(`columns.${side}.codeOther`),
      cell: (row) => (
        <Box sx={{ minWidth: { md: 140 }, overflowWrap: 'anywhere' }}>
          <Link component={RouterLink} to={paths.boxes(row.id)} data-testid="order-code-link">
            {row.order_code}
          </Link>
          {!isPhone && <Box sx={{ typography: 'body2', color: 'text.secondary' }}>{other(row)}</Box>}
        </Box>
      ),
      mobile: 'title',
    },
    ...(isPhone ? [{ id: 'other', header: otherLabel, cell: other }] : []),
    {
      id: 'dates',
      header: <TwoLineHeader title={t('columns.created')} detail={t(`columns.${side}.estimated`)} />,
      cell: (row) => <StackedDateTimes first={row.creation_date} second={read.estimated(row)} />,
    },
    ...(isPhone
      ? [
          { id: 'happened', header: t(`columns.${side}.date`), cell: happened },
          { id: 'waiting', header: t('columns.waiting'), cell: waiting },
        ]
      : [
          {
            // Desktop: the side's date with the waiting time under it keeps the columns within the screen.
            id: 'happened',
            header: <TwoLineHeader title={t(`columns.${side}.date`)} detail={t('columns.waitingDetail')} />,
            cell: (row: MovementOrder) => (
              <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(read.happened(row))}
                </Box>
                {waiting(row)}
              </Box>
            ),
          },
        ]),
    ...countColumns,
    { id: 'actions', header: t('columns.actions'), cell: actions },
  ];
};
