import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import PrintIcon from '@mui/icons-material/Print';
import { Button, Typography } from '@mui/material';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/link-button';
import { PagedTable } from '../../components/paged-table';
import { TableCard } from '../../components/table-card';
import { tickColumn } from '../../components/tick-column';
import { useCurrentLocation } from '../../lib/current-location';
import { ORDER_PATHS } from '../orders';
import { LazyPrintWizardDialog } from '../print-wizard';
import { orderLinesPages } from './api/get-order-lines';
import type { OrderLine } from './api/order-endpoint';
import { useItemLineColumns } from './item-line-columns';
import { canTickLines } from './kinds';
import { OrderPageFrame, type OrderPageProps } from './order-page-frame';

/**
 * Order detail (spec section 2) of any kind of order: the header of the order's side and its
 * item lines, 100 per page by GTIN, with the completion bar (online: and the online reading).
 * Purchase order lines can be ticked and printed through the 4-step print wizard.
 */
export const OrderDetailPage = ({ kind, orderId }: OrderPageProps) => {
  const { t } = useTranslation('order-pages');
  const { t: tp } = useTranslation('printing');
  const location = useCurrentLocation();
  const paths = ORDER_PATHS[kind];
  // Ticked lines by GTIN, kept across pages: the records of the 4-step print wizard.
  const [ticked, setTicked] = useState<ReadonlyMap<string, OrderLine>>(new Map());
  const [isPrinting, setPrinting] = useState(false);
  const isTickable = canTickLines(kind);
  const toggle = (line: OrderLine) =>
    setTicked((current) => {
      const next = new Map(current);
      if (next.has(line.gtin)) next.delete(line.gtin);
      else next.set(line.gtin, line);
      return next;
    });
  const lineTickColumn = tickColumn<OrderLine>({
    header: t('detail.selected', { count: ticked.size }),
    isTicked: (line) => ticked.has(line.gtin),
    toggle,
    label: (line) => t('detail.tick', { gtin: line.gtin }),
    testId: 'line-tick',
  });
  const lineColumns = useItemLineColumns(kind, orderId);
  const columns = isTickable ? [lineTickColumn, ...lineColumns] : lineColumns;
  return (
    <OrderPageFrame
      view="detail"
      kind={kind}
      orderId={orderId}
      actions={
        <>
          <LinkButton to={paths.boxes(orderId)} icon={<InventoryIcon />} variant="outlined" testId="order-boxes-link">
            {t('detail.boxes')}
          </LinkButton>
          {isTickable && (
            <Button
              startIcon={<PrintIcon />}
              variant="contained"
              disabled={ticked.size === 0}
              onClick={() => setPrinting(true)}
              data-testid="print-lines"
            >
              {t('detail.print')}
            </Button>
          )}
        </>
      }
    >
      {isTickable && ticked.size === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('detail.printHint')}
        </Typography>
      )}
      {/* The wizard's code loads when it opens (on Print): the order's pages open without it. */}
      <Suspense fallback={null}>
        <LazyPrintWizardDialog
          open={isPrinting}
          onClose={() => setPrinting(false)}
          records={[...ticked.values()].map((line) => ({
            gtin: line.gtin,
            description: line.description,
            quantity: Math.max(1, line.theorical_item_count),
          }))}
          name={tp('wizard.orderName', { id: orderId })}
          locations={location ? [location.id] : []}
          source="order"
          onDone={() => setTicked(new Map())}
        />
      </Suspense>
      <TableCard>
        <PagedTable {...orderLinesPages(kind, orderId)} columns={columns} emptyText={t('detail.empty')} testId="order-lines" />
      </TableCard>
    </OrderPageFrame>
  );
};
