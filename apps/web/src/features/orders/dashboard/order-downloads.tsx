import DownloadIcon from '@mui/icons-material/Download';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import type { ReactNode } from 'react';
import { DownloadDialog } from '../../../components/download-dialog';
import type { IconMenuItem } from '../../../components/icon-menu';
import type { RequestOptions } from '../../../lib/api-client';

/** A CSV a dashboard downloads: the API path, its query and the file name to save it as. */
export type OrderDownload = { path: string; fileName: string; query?: RequestOptions['query'] };

/**
 * The two downloads of an order row (spec section 7, `<order>/csv/` and `<order>/items-csv/`):
 * the order CSV (boxes and contents) and the items CSV (per GTIN), saved as `<fileName>.csv` and
 * `<fileName>-items.csv`.
 */
export const orderCsvMenuItems = ({
  orderPath,
  fileName,
  labels,
  onPick,
}: {
  /** The order's API path without the trailing slash, e.g. `/orders/12`. */
  orderPath: string;
  fileName: string;
  labels: { order: ReactNode; items: ReactNode };
  onPick: (download: OrderDownload) => void;
}): IconMenuItem[] => [
  {
    id: 'download-order',
    label: labels.order,
    icon: <DownloadIcon fontSize="small" />,
    onClick: () => onPick({ path: `${orderPath}/csv/`, fileName: `${fileName}.csv` }),
  },
  {
    id: 'download-items',
    label: labels.items,
    icon: <TableChartIcon fontSize="small" />,
    onClick: () => onPick({ path: `${orderPath}/items-csv/`, fileName: `${fileName}-items.csv` }),
  },
];

/** The progress dialog of the download picked on a dashboard; nothing while none is. */
export const OrderDownloadDialog = ({ download, onClose }: { download: OrderDownload | null; onClose: () => void }) =>
  download && <DownloadDialog open onClose={onClose} path={download.path} query={download.query} fileName={download.fileName} />;
