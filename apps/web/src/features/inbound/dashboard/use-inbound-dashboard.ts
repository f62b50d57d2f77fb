import { useMediaQuery, useTheme } from '@mui/material';
import { type PurchaseOrder, RoleThreshold } from '@rfid/contract';
import { useState } from 'react';
import { isValidDateRange } from '../../../components/date-range-filter';
import { useCurrentLocation } from '../../../lib/current-location';
import { rangeBounds } from '../../../lib/format';
import { hasRole, useRole } from '../../auth';
import { type OrderDownload, useOrderHistoryFilters } from '../../orders';
import type { ExpectedPrintTarget } from '../../print-wizard';
import { useInboundStats } from '../api/inbound-stats';
import { useDeletePurchaseOrder } from '../api/porders-delete';
import { EMPTY_ORDER_FILTERS, type OrderFilters } from '../api/porders-list';
import { usePrintPurchaseOrderLabels } from '../api/porders-printing';

/** The text filters of the inbound history: the orders' own two and the provider's name. */
export type TextFilters = Pick<OrderFilters, 'id__icontains' | 'order_code__icontains' | 'origin__name__icontains'>;

/**
 * The state of the inbound dashboard: the current location, the history's filters and the list's query filters, the
 * six figures, the ticked orders (id → code, kept across pages and filters) and which dialog is open.
 */
export const useInboundDashboard = () => {
  const location = useCurrentLocation();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const role = useRole();
  const remove = useDeletePurchaseOrder();
  const printLabels = usePrintPurchaseOrderLabels();
  const [toPrint, setToPrint] = useState<ExpectedPrintTarget | null>(null);
  // The expected labels' dialog loads its code on the first "print labels"; it stays mounted after, so it closes as it opens.
  const [wasPrintOpened, setPrintOpened] = useState(false);
  // Ticked orders (id → code), kept across pages and filters: one print order of all their expected labels.
  const [ticked, setTicked] = useState<ReadonlyMap<number, string>>(new Map());
  const [isWizardOpen, setWizardOpen] = useState(false);
  const [wasWizardOpened, setWizardOpened] = useState(false);
  const canPrint = hasRole(role, RoleThreshold.printOrderAdd);
  const toggle = (row: PurchaseOrder) =>
    setTicked((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row.order_code);
      return next;
    });
  const history = useOrderHistoryFilters<TextFilters>({
    id__icontains: '',
    order_code__icontains: '',
    origin__name__icontains: '',
  });
  const [download, setDownload] = useState<OrderDownload | null>(null);
  const [toDelete, setToDelete] = useState<PurchaseOrder | null>(null);

  const { range } = history;
  const filters: OrderFilters = {
    ...EMPTY_ORDER_FILTERS,
    ...history.text,
    destination_status: history.status,
    // The select offers only the report types of the contract ('' is All).
    report_type: history.reportType as OrderFilters['report_type'],
    arrival_date__gte: history.dates.gte,
    arrival_date__lte: history.dates.lte,
  };
  const stats = useInboundStats(location?.id ?? 0, {}, isPhone);

  return {
    location,
    isPhone,
    role,
    canPrint,
    history,
    filters,
    stats,
    // The print-data download needs a valid range with a start (spec section 5).
    rangeOk: isValidDateRange(range),
    bounds: rangeBounds(range.start, range.end),
    ticked,
    toggle,
    clearTicked: () => setTicked(new Map()),
    download,
    setDownload,
    toDelete,
    setToDelete,
    remove,
    printLabels,
    toPrint,
    wasPrintOpened,
    openPrint: (row: PurchaseOrder) => {
      setPrintOpened(true);
      setToPrint({ kind: 'order' as const, id: row.id, name: row.order_code });
    },
    closePrint: () => setToPrint(null),
    isWizardOpen,
    wasWizardOpened,
    openWizard: () => {
      setWizardOpened(true);
      setWizardOpen(true);
    },
    closeWizard: () => setWizardOpen(false),
  };
};

export type InboundDashboard = ReturnType<typeof useInboundDashboard>;
