import { Typography } from '@mui/material';
import type { ErpDifference } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/paged-table';
import { nameOverDetailColumn } from '../../components/two-line';
import { formatQuantity } from '../../lib/format';

/** The differences' columns: GTIN (and description), store, ERP and RFID quantities, and the difference, coloured. */
export const useErpColumns = (): Column<ErpDifference>[] => {
  const { t, i18n } = useTranslation(['erp', 'common']);
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  return [
    nameOverDetailColumn({
      id: 'gtin',
      header: t('columns.gtin'),
      name: (row) => row.gtin,
      detail: (row) => row.description ?? t('notInCatalogue'),
      detailSx: { overflowWrap: 'anywhere' },
    }),
    { id: 'store', header: t('columns.store'), cell: (row) => `${row.location.code} · ${row.location.description}` },
    { id: 'erp', header: t('columns.erp'), align: 'right', cell: (row) => quantity(row.erp_quantity) },
    { id: 'rfid', header: t('columns.rfid'), align: 'right', cell: (row) => quantity(row.rfid_quantity) },
    {
      id: 'difference',
      header: t('columns.difference'),
      align: 'right',
      cell: (row) => (
        <Typography
          variant="body2"
          component="span"
          sx={{
            fontWeight: 600,
            color: row.difference === 0 ? 'text.secondary' : row.difference < 0 ? 'error.main' : 'warning.dark',
          }}
          data-testid="erp-difference"
        >
          {row.difference > 0 ? `+${quantity(row.difference)}` : quantity(row.difference)}
        </Typography>
      ),
    },
  ];
};
