import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { Button, Tooltip } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteOrderDialog, OrderDownloadDialog } from '../../orders';
import { LazyPrintExpectedDialog, LazyPrintWizardDialog } from '../../print-wizard';
import type { InboundDashboard } from './use-inbound-dashboard';

/**
 * The history's buttons after its filters: print the ticked orders (roles that may print) and download the print data
 * of the arrival range (spec section 5: a valid range with a start).
 */
export const InboundHistoryButtons = ({ dashboard, locationId }: { dashboard: InboundDashboard; locationId: number }) => {
  const { t } = useTranslation('inbound');
  const { canPrint, ticked, history, rangeOk, bounds } = dashboard;
  const { range } = history;
  return (
    <>
      {canPrint && (
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          disabled={ticked.size === 0}
          data-testid="print-ticked-orders"
          onClick={dashboard.openWizard}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('print.ordersButton', { count: ticked.size })}
        </Button>
      )}
      <Tooltip title={range.start ? '' : t('dashboard.printDataHint')}>
        <span>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={!range.start || !rangeOk}
            data-testid="download-print-data"
            onClick={() =>
              dashboard.setDownload({
                path: '/porderscsv/',
                fileName: `print-data-${locationId}.csv`,
                query: {
                  location_id: locationId,
                  date_time_from: bounds.start,
                  ...(range.end ? { date_time_to: bounds.end } : {}),
                },
              })
            }
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('dashboard.printData')}
          </Button>
        </span>
      </Tooltip>
    </>
  );
};

/** The dashboard's dialogs: a download, the print wizard of the ticked orders, one order's labels, delete. */
export const InboundDashboardDialogs = ({ dashboard }: { dashboard: InboundDashboard }) => {
  const { t } = useTranslation('inbound');
  const { ticked, printLabels, remove } = dashboard;
  return (
    <>
      <OrderDownloadDialog download={dashboard.download} onClose={() => dashboard.setDownload(null)} />
      {dashboard.wasWizardOpened && (
        <Suspense fallback={null}>
          <LazyPrintWizardDialog
            open={dashboard.isWizardOpen}
            onClose={dashboard.closeWizard}
            orders={{ ids: [...ticked.keys()], codes: [...ticked.values()] }}
            onDone={dashboard.clearTicked}
          />
        </Suspense>
      )}
      {dashboard.wasPrintOpened && (
        <Suspense fallback={null}>
          <LazyPrintExpectedDialog
            target={dashboard.toPrint}
            print={(chosen, printerId) => printLabels.mutateAsync({ orderId: chosen.id, printerId })}
            onClose={dashboard.closePrint}
          />
        </Suspense>
      )}
      <DeleteOrderDialog
        target={dashboard.toDelete}
        title={(order) => t('dashboard.deleteTitle', { code: order.order_code })}
        message={t('dashboard.deleteBody')}
        run={(order) => remove.mutateAsync(order.id)}
        otherError="unexpected"
        onClose={() => dashboard.setToDelete(null)}
      />
    </>
  );
};
