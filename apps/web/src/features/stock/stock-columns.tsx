import WarningIcon from '@mui/icons-material/WarningAmber';
import { Box, Link, Stack, Tooltip, Typography } from '@mui/material';
import { STOCK_PAGE_SIZE, type StockRow } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { articleColumns } from '../../components/article-columns';
import { type Column, PagedTable, type PagedTableProps } from '../../components/paged-table';
import { formatNumber, formatQuantity } from '../../lib/format';
import { STOCK_PATHS } from './stock-paths';

/** Half the usual cell padding: stock rows have eleven narrow columns. */
const COMPACT_CELLS = { '& .MuiTableCell-root': { px: 1 } } as const;

/** A table of stock per GTIN rows (the stock page, stock by area): compact cells, 11 per page, a row per item type. */
export const StockTable = (props: Omit<PagedTableProps<StockRow>, 'rowKey' | 'pageSize'>) => (
  <Box sx={COMPACT_CELLS}>
    <PagedTable {...props} rowKey={(row) => row.itemtype.id} pageSize={STOCK_PAGE_SIZE} />
  </Box>
);

/** '--' is the catalog's "no particular size" and reads as 'Standard' (spec section 3). */
export const sizesText = (row: Pick<StockRow, 'sizes' | 'size_primary'>, standard: string): string => {
  const values = row.sizes.map((size) => size.value).filter((value) => value.trim() !== '');
  const list = values.length ? values : [row.size_primary].filter((value) => value.trim() !== '');
  return list.map((value) => (value === '--' ? standard : value)).join(', ');
};

/**
 * The columns of a stock per GTIN row (spec: gtin, quantity, type, section, model, colour,
 * season, zones, sizes and price; minimum stock links to /minstock/{gtin}/edit). `areaId` is the
 * area whose minimum stock the link edits (stock by area).
 */
export const useStockColumns = ({ areaId, withMinimum = true }: { areaId?: number; withMinimum?: boolean } = {}) => {
  const { t, i18n } = useTranslation('stock');
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  const columns: Column<StockRow>[] = [
    {
      id: 'gtin',
      header: t('columns.gtin'),
      // The description under the GTIN keeps the spec's ten columns within a desktop screen.
      cell: (row) => (
        <Box sx={{ minWidth: 130 }}>
          <Link component={RouterLink} to={STOCK_PATHS.gtin(row.gtin)} data-testid="stock-gtin">
            {row.gtin}
          </Link>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3 }}>
            {row.description}
          </Typography>
        </Box>
      ),
      mobile: 'title',
    },
    {
      id: 'quantity',
      header: t('columns.quantity'),
      align: 'right',
      cell: (row) => (
        <Tooltip
          title={`${t('columns.rfid')}: ${quantity(row.rfid_count)} · ${t('columns.counted')}: ${quantity(row.counted_count)}`}
        >
          <span data-testid="stock-quantity">{quantity(row.count)}</span>
        </Tooltip>
      ),
    },
    { id: 'type', header: t('columns.type'), cell: (row) => row.cloth_type },
    ...articleColumns<StockRow>(['section', 'model', 'colour', 'season'], (id) => t(`columns.${id}`)),
    { id: 'zones', header: t('columns.zones'), cell: (row) => row.zones },
    { id: 'sizes', header: t('columns.sizes'), cell: (row) => sizesText(row, t('standardSize')) },
    {
      id: 'price',
      header: t('columns.price'),
      align: 'right',
      cell: (row) => (row.price === null ? '' : formatNumber(Number(row.price), i18n.language)),
    },
  ];
  if (withMinimum) {
    columns.push({
      id: 'minimum',
      header: t('columns.minimumStock'),
      align: 'right',
      cell: (row) => {
        const minimumText = row.minimum_stock === null ? t('minimumLink.set') : quantity(row.minimum_stock);
        return (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
            {row.is_alarm && (
              <Tooltip title={t('minimumLink.below')}>
                <WarningIcon fontSize="small" color="error" data-testid="stock-alarm" aria-label={t('minimumLink.below')} />
              </Tooltip>
            )}
            <Link
              component={RouterLink}
              to={STOCK_PATHS.minimum(row.gtin, areaId)}
              // The visible text first: a link's name contains what it shows.
              aria-label={`${minimumText}: ${t('minimumLink.edit', { gtin: row.gtin })}`}
              data-testid="stock-minimum"
            >
              {minimumText}
            </Link>
          </Stack>
        );
      },
    });
  }
  return columns;
};
