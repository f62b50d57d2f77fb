import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import PrintIcon from '@mui/icons-material/Print';
import ReplayIcon from '@mui/icons-material/Replay';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Box,
  Button,
  IconButton,
  LinearProgress,
  Link,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type PrintOrder, RoleThreshold } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LinkButton } from '../../../components/link-button';
import { type Column, PagedTable } from '../../../components/paged-table';
import { StatusChip } from '../../../components/status-chip';
import { TwoLineDate, TwoLineHeader } from '../../../components/two-line';
import { useNotify } from '../../../lib/notifier';
import { hasRole, useRole } from '../../auth';
import { PRINT_PATHS } from '../../print-wizard';
import { useCancelPrintOrder } from '../api/cancel-print-order';
import { type PrintOrderFilters, printOrdersPages } from '../api/get-print-orders';
import { useLivePrintProgress } from '../api/get-print-progress';
import { PrintDialog } from './print-dialog';
import { printErrorText } from './print-error-text';
import { printStateMap } from './print-state';
import { VoidedChip } from './voided-chip';

/** Every label of the order is printed: its next label is past its quantity. */
export const isFullyPrinted = (order: PrintOrder): boolean => order.from_label > order.total_quantity;

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

/**
 * The print order table (spec section 2): id, name, locations (roles 1 and 2; 'all' when none), date, tag type (id and
 * reference), tag format, state, quantity, contents (eye), progress and the action: Cancel while WORKING (with the
 * spec's confirmation), Print while labels remain, and a secondary Reprint, confirmed first, once all are printed. 10 per page; cards on phones.
 */
export const PrintOrderTable = ({ filters, testId = 'print-orders' }: { filters: PrintOrderFilters; testId?: string }) => {
  const { t } = useTranslation('printing');
  const role = useRole();
  const notify = useNotify();
  const cancel = useCancelPrintOrder();
  const [printing, setPrinting] = useState<PrintOrder | null>(null);
  const [canceling, setCanceling] = useState<PrintOrder | null>(null);
  const [reprinting, setReprinting] = useState<PrintOrder | null>(null);
  const states = printStateMap(t);
  const seesLocations = hasRole(role, RoleThreshold.companyWideScope);
  const canPrint = hasRole(role, RoleThreshold.printOrderAdd);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const tagTypeText = (order: PrintOrder) =>
    `${order.tag_company_format.tag_type.id} · ${order.tag_company_format.tag_type.reference}`;

  const idLink = (order: PrintOrder) => (
    <Link component={RouterLink} to={PRINT_PATHS.detail(order.id)} data-testid="print-order-link">
      {order.id}
    </Link>
  );
  const nameText = (order: PrintOrder) => <span data-testid="print-order-name">{order.name || '—'}</span>;
  const contentsButton = (order: PrintOrder) => (
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
  const contentsColumn: Column<PrintOrder> = {
    id: 'contents',
    header: t('list.contents'),
    align: 'center',
    cell: contentsButton,
  };
  const actionButton = (order: PrintOrder) =>
    !canPrint ? null : order.state === 'WORKING' ? (
      <Button
        size="small"
        color="error"
        variant="outlined"
        startIcon={isPhone ? <CancelIcon /> : undefined}
        onClick={() => setCanceling(order)}
        data-testid="print-order-cancel"
      >
        {t('list.cancel')}
      </Button>
    ) : isFullyPrinted(order) ? (
      // Every label is printed: no primary action; a reprint encodes RFID labels again, so it is asked for explicitly.
      <Button
        size="small"
        variant="text"
        color="inherit"
        startIcon={<ReplayIcon />}
        onClick={() => setReprinting(order)}
        data-testid="print-order-reprint"
      >
        {t('list.reprint')}
      </Button>
    ) : (
      <Button
        size="small"
        variant="contained"
        startIcon={isPhone ? <PrintIcon /> : undefined}
        onClick={() => setPrinting(order)}
        data-testid="print-order-print"
      >
        {t('list.print')}
      </Button>
    );
  const columns: Column<PrintOrder>[] = [
    ...(isPhone
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
        ]),
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
    ...(isPhone
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
        ]),
    {
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
    },
    {
      id: 'quantity',
      header: t('list.quantity'),
      align: 'right',
      cell: (order) => <span data-testid="print-order-quantity">{order.total_quantity}</span>,
    },
    ...(isPhone ? [contentsColumn] : []),
    ...(isPhone
      ? [{ id: 'progress', header: t('list.progress'), cell: (order: PrintOrder) => <ProgressCell order={order} /> }]
      : []),
    {
      id: 'action',
      header: isPhone ? t('list.action') : <TwoLineHeader title={t('list.action')} detail={t('list.contents')} />,
      cell: (order) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
          {actionButton(order)}
          {/* Desktop: the contents' eye beside the action keeps the action within 1280 px with the menu open. */}
          {!isPhone && contentsButton(order)}
        </Stack>
      ),
    },
  ];

  return (
    <>
      <PagedTable
        {...printOrdersPages(filters)}
        // Every second while a job runs (its progress and the state it ends in), else the spec's 20 s.
        refetchInterval={(rows) => (rows.some((order) => order.state === 'WORKING') ? 1_000 : 20_000)}
        columns={columns}
        emptyText={canPrint ? t('list.emptyCreate', { button: t('list.addManual') }) : t('list.empty')}
        emptyAction={
          canPrint && (
            <LinkButton to={PRINT_PATHS.addManual} icon={<AddIcon />} variant="outlined" testId="empty-add-manual-order">
              {t('list.addManual')}
            </LinkButton>
          )
        }
        testId={testId}
      />
      <PrintDialog order={printing} onClose={() => setPrinting(null)} />
      <ConfirmDialog
        open={Boolean(reprinting)}
        title={t('reprint.title', { id: reprinting?.id ?? '' })}
        message={t('reprint.body', { count: reprinting?.total_quantity ?? 0 })}
        cancelLabel={t('reprint.no')}
        confirmLabel={t('reprint.yes')}
        onClose={() => setReprinting(null)}
        onConfirm={() => setPrinting(reprinting)}
      />
      <ConfirmDialog
        open={Boolean(canceling)}
        title={t('cancel.title')}
        message={t('cancel.body')}
        isDanger
        cancelLabel={t('cancel.no')}
        confirmLabel={t('cancel.yes')}
        onClose={() => setCanceling(null)}
        onConfirm={async () => {
          if (!canceling) return;
          await cancel.mutateAsync(canceling.id);
          notify(t('cancel.done', { id: canceling.id }), 'success');
        }}
      />
    </>
  );
};
