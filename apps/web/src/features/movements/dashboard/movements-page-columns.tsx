import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import { Box, Stack, Tooltip } from '@mui/material';
import type { MovementOrder } from '@rfid/contract';
import type { TFunction } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { linkCell } from '../../../components/link-cell';
import type { Column } from '../../../components/paged-table';
import { StatusChip } from '../../../components/status-chip';
import { TwoLineDate, TwoLineHeader } from '../../../components/two-line';
import { formatQuantity } from '../../../lib/format';
import { type MovementSide, ORDER_PATHS, orderIdColumn, orderStatusMap } from '../../orders';

/** The arrow of each side: leaving (exit) and arriving (entry). */
const SIDE_ICONS: Record<MovementSide, ReactElement> = {
  exit: <CallMadeIcon fontSize="small" color="primary" />,
  entry: <CallReceivedIcon fontSize="small" color="success" />,
};

/**
 * The columns of every movement of location `locationId`: its direction (and the other location), id, code, creation,
 * and each side's state and verified boxes.
 */
export const awareColumns = (t: TFunction, language: string, locationId: number): Column<MovementOrder>[] => {
  const quantity = (value: number) => formatQuantity(value, language);
  const statusMap = orderStatusMap(t);
  const sideOf = (row: MovementOrder): MovementSide => (row.origin === locationId ? 'exit' : 'entry');
  const boxes = (verified: number, row: MovementOrder) => `${quantity(verified)} / ${quantity(row.num_boxes)}`;

  /** One line per side: its arrow, then what `render` shows of it. */
  const bySide = (render: (side: MovementSide) => ReactNode) => (
    <Stack spacing={0.5} sx={{ alignItems: { xs: 'flex-end', md: 'flex-start' } }}>
      {(['exit', 'entry'] as const).map((side) => (
        <Stack key={side} direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-testid={`${side}-side`}>
          <Tooltip title={t(`all.side.${side}`)}>{SIDE_ICONS[side]}</Tooltip>
          {render(side)}
        </Stack>
      ))}
    </Stack>
  );

  return [
    {
      id: 'direction',
      header: t('all.columns.direction'),
      cell: (row) => {
        const side = sideOf(row);
        return (
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: { xs: 'flex-end', md: 'flex-start' }, minWidth: { md: 160 } }}
            data-testid={`movement-${side}`}
          >
            {SIDE_ICONS[side]}
            <Box sx={{ textAlign: { xs: 'right', md: 'left' } }}>
              <Box data-testid="movement-direction">{t(`all.${side}Label`)}</Box>
              <Box sx={{ typography: 'body2', color: 'text.secondary' }} data-testid="movement-location">
                {side === 'exit' ? row.destination_description : row.origin_description}
              </Box>
            </Box>
          </Stack>
        );
      },
    },
    orderIdColumn(t('columns.id'), (row) => ORDER_PATHS[sideOf(row)].detail(row.id)),
    {
      id: 'code',
      header: t('columns.orderCode'),
      cell: linkCell((row) => ({ to: ORDER_PATHS[sideOf(row)].boxes(row.id), text: row.order_code }), 'order-code-link'),
      mobile: 'title',
    },
    { id: 'created', header: t('columns.created'), cell: (row) => <TwoLineDate value={row.creation_date} /> },
    {
      id: 'status',
      header: t('all.columns.status'),
      cell: (row) =>
        bySide((side) => <StatusChip status={side === 'exit' ? row.origin_status : row.destination_status} map={statusMap} />),
    },
    {
      id: 'boxes',
      header: <TwoLineHeader title={t('columns.boxes')} detail={t('columns.verifiedTotal')} />,
      cell: (row) =>
        bySide((side) => (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {boxes(side === 'exit' ? row.origin_num_verified_boxes : row.destination_num_verified_boxes, row)}
          </Box>
        )),
    },
  ];
};
