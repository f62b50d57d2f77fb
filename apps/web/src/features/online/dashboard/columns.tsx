import DownloadIcon from '@mui/icons-material/Download';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Stack, Tooltip } from '@mui/material';
import type { OnlineOrder } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { IconMenu } from '../../../components/icon-menu';
import { linkCell } from '../../../components/link-cell';
import type { Column } from '../../../components/paged-table';
import { TwoLineDate } from '../../../components/two-line';
import {
  DeleteRowButton,
  ORDER_PATHS,
  type OrderDownload,
  OrderStateIcon,
  orderCsvMenuItems,
  orderIdColumn,
  RowActions,
  useOrderCountColumns,
  WaitingTime,
} from '../../orders';

const PATHS = ORDER_PATHS.online;

/**
 * The online orders' columns: state, waiting time, id, code, exit (with the closed mark), the counts, and the row's
 * downloads and delete (roles that change orders, an order with no verified box).
 */
export const useOnlineColumns = ({
  isPhone,
  canDelete,
  setDownload,
  setToDelete,
}: {
  isPhone: boolean;
  canDelete: boolean;
  setDownload: (download: OrderDownload) => void;
  setToDelete: (order: OnlineOrder) => void;
}): Column<OnlineOrder>[] => {
  const { t } = useTranslation('online');
  const countColumns = useOrderCountColumns<OnlineOrder>((row) => PATHS.boxes(row.id));
  return [
    {
      id: 'state',
      header: t('dashboard.columns.state'),
      cell: (row) => <OrderStateIcon status={row.origin_status} withLabel={isPhone} />,
    },
    {
      id: 'waiting',
      header: t('dashboard.columns.waiting'),
      // Red once the estimated exit has passed (the arrival estimate when there is no exit estimate).
      cell: (row) => (
        <WaitingTime
          seconds={row.waiting_time}
          estimated={row.estimated_exit_date ?? row.estimated_arrival_date}
          happened={row.exit_date}
        />
      ),
    },
    orderIdColumn(t('dashboard.columns.id'), (row) => PATHS.detail(row.id)),
    {
      id: 'code',
      header: t('dashboard.columns.orderCode'),
      cell: linkCell((row) => ({ to: PATHS.detail(row.id), text: row.order_code }), 'order-code-link'),
      mobile: 'title',
    },
    {
      id: 'exit',
      header: t('dashboard.columns.exit'),
      cell: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: { xs: 'flex-end', md: 'flex-start' } }}>
          <TwoLineDate value={row.exit_date} />
          {row.closed && (
            <Tooltip title={t('dashboard.closed')}>
              <LockIcon fontSize="small" color="action" aria-label={t('dashboard.closed')} data-testid="order-closed" />
            </Tooltip>
          )}
        </Stack>
      ),
    },
    ...countColumns,
    {
      id: 'actions',
      header: t('dashboard.columns.actions'),
      cell: (row) => (
        <RowActions>
          <IconMenu
            icon={<DownloadIcon fontSize="small" />}
            label={t('dashboard.actions.download')}
            testId="order-download"
            items={orderCsvMenuItems({
              orderPath: `/orders/${row.id}`,
              fileName: `online-${row.id}`,
              t,
              onPick: setDownload,
            })}
          />
          {canDelete && row.num_verified_boxes === 0 && (
            <DeleteRowButton label={t('dashboard.actions.delete')} onClick={() => setToDelete(row)} />
          )}
        </RowActions>
      ),
    },
  ];
};
