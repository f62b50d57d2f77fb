import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton, Tooltip } from '@mui/material';
import type { BoxAreaSeen, BoxStockRow } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/paged-table';
import { quantityColumn } from '../../components/quantity-column';
import { formatDateTime } from '../../lib/format';

const useFormats = () => {
  const { t, i18n } = useTranslation(['stock', 'common']);
  const date = (value: string) => formatDateTime(value, t('common:noDate'));
  return { t, language: i18n.language, date };
};

/** A box's barcode (named `testId`), the title of a phone's card. */
const barcodeColumn = <T,>(id: string, header: string, barcode: (row: T) => string, testId: string): Column<T> => ({
  id,
  header,
  cell: (row) => <span data-testid={testId}>{barcode(row)}</span>,
  mobile: 'title',
});

/** The box stock's columns; the eye opens the box's contents (`setContentOf` its codebar). */
export const useBoxStockColumns = (setContentOf: (codebar: string) => void): Column<BoxStockRow>[] => {
  const { t, language, date } = useFormats();
  return [
    barcodeColumn('codebar', t('columns.codebar'), (row) => row.codebar, 'box-codebar'),
    { id: 'id', header: t('columns.id'), cell: (row) => row.id ?? t('boxStock.noBox') },
    quantityColumn({
      id: 'quantity',
      header: t('columns.quantity'),
      value: (row) => row.quantity,
      language,
      testId: 'box-quantity',
    }),
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
  const { t, language, date } = useFormats();
  return [
    barcodeColumn('barcode', t('columns.barcode'), (row) => row.barcode, 'seen-barcode'),
    { id: 'area', header: t('columns.area'), cell: (row) => row.area.description },
    { id: 'location', header: t('columns.location'), cell: (row) => row.location.description },
    { id: 'pallet', header: t('columns.pallet'), cell: (row) => row.pallet },
    quantityColumn({ id: 'cycles', header: t('columns.cycles'), value: (row) => row.cycles, language, testId: 'seen-cycles' }),
    quantityColumn({
      id: 'detections',
      header: t('columns.detections'),
      value: (row) => row.detections,
      language,
      testId: 'seen-detections',
    }),
    { id: 'date', header: t('columns.date'), cell: (row) => date(row.date) },
  ];
};
