import DownloadIcon from '@mui/icons-material/Download';
import GridOnIcon from '@mui/icons-material/GridOn';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import { DownloadDialog } from '../../../components/download-dialog';
import type { IconMenuItem } from '../../../components/icon-menu';
import type { RequestOptions } from '../../../lib/api-client';

/** A file a dashboard downloads: the API path, its query, the file name to save it as and its format. */
export type OrderDownload = { path: string; fileName: string; query?: RequestOptions['query']; format?: 'csv' | 'xlsx' };

/**
 * The downloads of an order row (spec section 7, `<order>/csv/` and `<order>/items-csv/`): the order file (boxes and
 * contents, expected and read) and the items file (per GTIN), as CSV and as an Excel workbook (`format=xlsx`). The
 * server names the files in the user's language; the items are labelled by the dashboard's own texts
 * `dashboard.actions.downloadOrder`, `downloadOrderXlsx`, `downloadItems` and `downloadItemsXlsx`.
 */
export const orderCsvMenuItems = ({
  orderPath,
  fileName,
  t,
  onPick,
}: {
  /** The order's API path without the trailing slash, e.g. `/orders/12`. */
  orderPath: string;
  fileName: string;
  /** The dashboard's translation (its namespace holds the `dashboard.actions.download*` texts). */
  t: (key: string) => string;
  onPick: (download: OrderDownload) => void;
}): IconMenuItem[] => [
  {
    id: 'download-order',
    label: t('dashboard.actions.downloadOrder'),
    icon: <DownloadIcon fontSize="small" />,
    onClick: () => onPick({ path: `${orderPath}/csv/`, fileName: `${fileName}.csv` }),
  },
  {
    id: 'download-order-xlsx',
    label: t('dashboard.actions.downloadOrderXlsx'),
    icon: <GridOnIcon fontSize="small" />,
    onClick: () => onPick({ path: `${orderPath}/csv/`, fileName: `${fileName}.xlsx`, format: 'xlsx' }),
  },
  {
    id: 'download-items',
    label: t('dashboard.actions.downloadItems'),
    icon: <TableChartIcon fontSize="small" />,
    onClick: () => onPick({ path: `${orderPath}/items-csv/`, fileName: `${fileName}-items.csv` }),
  },
  {
    id: 'download-items-xlsx',
    label: t('dashboard.actions.downloadItemsXlsx'),
    icon: <GridOnIcon fontSize="small" />,
    onClick: () => onPick({ path: `${orderPath}/items-csv/`, fileName: `${fileName}-items.xlsx`, format: 'xlsx' }),
  },
];

/** The progress dialog of the download picked on a dashboard; nothing while none is. */
export const OrderDownloadDialog = ({ download, onClose }: { download: OrderDownload | null; onClose: () => void }) =>
  download && (
    <DownloadDialog
      open
      onClose={onClose}
      path={download.path}
      query={download.query}
      fileName={download.fileName}
      {...(download.format ? { format: download.format } : {})}
    />
  );
