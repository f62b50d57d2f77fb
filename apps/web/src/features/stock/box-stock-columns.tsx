import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton, Tooltip } from '@mui/material';
import type { BoxAreaSeen, BoxStockRow } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/paged-table';
import { formatDateTime, formatQuantity } from '../../lib/format';

const useFormats = () => {
  const { t, i18n } = useTranslation(['stock', 'common']);
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  const date = (value: string) => formatDateTime(value, t('common:noDate'));
  return { t, quantity, date };
};

/** The box stock's columns; the eye opens the box's contents (`setContentOf` its codebar). */
export const useBoxStockColumns = (setContentOf: (codebar: string) => void): Column<BoxStockRow>[] => {
  const { t, quantity, date } = useFormats();
  return [
    {
      id: 'codebar',
      header: t('columns.codebar'),
      cell: (row) => <span data-testid="box-codebar">{row.codebar}</span>,
      mobile: 'title',
    },
    { id: 'id', header: t('columns.id'), cell: (row) => row.id ?? t('boxStock.noBox') },
    {
      id: 'quantity',
      header: t('columns.quantity'),
      align: 'right',
      cell: (row) => <span data-testid="box-quantity">{quantity(row.quantity)}</span>,
    },
    { id: 'area', header: t('columns.area'), cell: (row) => <span data-testid="box-area">{row.area.description}</span> },
    { id: 'pallet', header: t('columns.pallet'), cell: (row) => row.pallet },
    { id: 'date', header: t('columns.date'), cell: (row) => date(row.date) },
    {
      id: 'contents',
      header: t('columns.contents'),
      align: 'center',
      cell: (row) => (
        <Tooltip title={t('boxStock.showContents', { codebar: row.codebar })}>
          <IconButton
            size="small"
            onClick={() => setContentOf(row.codebar)}
            aria-label={t('boxStock.showContents', { codebar: row.codebar })}
            data-testid="box-contents"
          >
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
};

/** The tracking's columns: every barcode read in the area with location, pallet, cycles, detections and last date. */
export const useBoxSeenColumns = (): Column<BoxAreaSeen>[] => {
  const { t, quantity, date } = useFormats();
  return [
    {
      id: 'barcode',
      header: t('columns.barcode'),
      cell: (row) => <span data-testid="seen-barcode">{row.barcode}</span>,
      mobile: 'title',
    },
    { id: 'area', header: t('columns.area'), cell: (row) => row.area.description },
    { id: 'location', header: t('columns.location'), cell: (row) => row.location.description },
    { id: 'pallet', header: t('columns.pallet'), cell: (row) => row.pallet },
    {
      id: 'cycles',
      header: t('columns.cycles'),
      align: 'right',
      cell: (row) => <span data-testid="seen-cycles">{quantity(row.cycles)}</span>,
    },
    {
      id: 'detections',
      header: t('columns.detections'),
      align: 'right',
      cell: (row) => <span data-testid="seen-detections">{quantity(row.detections)}</span>,
    },
    { id: 'date', header: t('columns.date'), cell: (row) => date(row.date) },
  ];
};
