import { Box, useMediaQuery, useTheme } from '@mui/material';
import type { InventorySummaryRow } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { linkCell } from '../../../components/link-cell';
import type { Column } from '../../../components/paged-table';
import { TwoLineHeader } from '../../../components/two-line';
import { formatQuantity } from '../../../lib/format';
import { countColumns } from '../components/count-columns';
import { INVENTORY_PATHS } from '../paths';

/** '--' is the catalog's "no particular size" and reads as 'Standard' (spec section 3). */
const sizeText = (row: InventorySummaryRow, standard: string) => {
  const values = row.sizes.length ? row.sizes.map((size) => size.value) : [row.size_primary];
  return values
    .filter(Boolean)
    .map((value) => (value === '--' ? standard : value))
    .join(', ');
};

/** The article table's columns of inventory `id` (each GTIN links to the inventory's GTIN detail). */
export const useArticleColumns = (id: string): Column<InventorySummaryRow>[] => {
  const { t, i18n } = useTranslation(['inventory', 'catalog', 'common']);
  const quantity = (n: number) => formatQuantity(n, i18n.language);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  return [
    {
      id: 'gtin',
      header: t('articles.gtin'),
      cell: linkCell((row) => ({ to: INVENTORY_PATHS.gtin(id, row.item_type), text: row.gtin }), 'article-gtin'),
      mobile: 'title',
    },
    {
      id: 'description',
      header: isPhone ? (
        t('articles.description')
      ) : (
        <TwoLineHeader title={t('articles.description')} detail={t('articles.modelColour')} />
      ),
      cell: (row) => (
        <Box component="span" sx={{ display: 'inline-block', minWidth: { md: 160 } }}>
          {row.description}
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', typography: 'caption' }}>
            {[row.model, row.colour].filter(Boolean).join(' · ')}
          </Box>
        </Box>
      ),
    },
    { id: 'size', header: t('articles.size'), cell: (row) => sizeText(row, t('catalog:standardSize')) },
    {
      id: 'season',
      header: isPhone ? t('articles.season') : <TwoLineHeader title={t('articles.season')} detail={t('articles.section')} />,
      cell: (row) => (
        <Box component="span" sx={{ display: 'inline-block' }}>
          {row.season}
          <Box component="span" sx={{ display: 'block', color: 'text.secondary', typography: 'caption' }}>
            {row.section}
          </Box>
        </Box>
      ),
    },
    ...countColumns<InventorySummaryRow>({
      header: (count) => t(`articles.${count}`),
      counts: (row) => ({ expected: row.theorical_quantity, read: row.quantity, missing: row.missing, excess: row.excess }),
      testIdPrefix: 'article',
      quantity,
    }),
  ];
};
