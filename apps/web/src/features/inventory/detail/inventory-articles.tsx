import { Box, Card, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filter-bar';
import { PagedTable } from '../../../components/paged-table';
import { SelectFilter } from '../../../components/select-filter';
import {
  EMPTY_SUMMARY_FILTERS,
  getInventorySummary,
  SUMMARY_PAGE_SIZE,
  type SummaryFilters,
  type SummaryKind,
} from '../api/inventory-summary';
import { inventoryKeys } from '../keys';
import { useArticleColumns } from './columns';

const SUMMARY_KINDS: SummaryKind[] = ['all', 'missing', 'excess'];

/** The inventory's articles (25 per page): the filter all / missing / excess and the GTIN attribute filters. */
export const InventoryArticles = ({ id }: { id: string }) => {
  const { t } = useTranslation(['inventory', 'catalog', 'common']);
  const [kind, setKind] = useState<SummaryKind>('all');
  const [filters, setFilters] = useState<SummaryFilters>(EMPTY_SUMMARY_FILTERS);
  const columns = useArticleColumns(id);
  return (
    <Card sx={{ p: { xs: 1.5, md: 2 }, '& .MuiTableCell-root': { px: 1 } }}>
      <Typography variant="h6" sx={{ mb: 1.5 }}>
        {t('articles.title')}
      </Typography>
      <Stack spacing={1} sx={{ mb: 2 }}>
        <Box sx={{ width: { xs: '100%', md: 320 }, '& .MuiTextField-root': { width: '100%' } }}>
          <SelectFilter
            label={t('articles.filter')}
            value={kind}
            onChange={(value) => setKind(value as SummaryKind)}
            options={SUMMARY_KINDS.map((value) => ({ value, label: t(`articles.kinds.${value}`) }))}
            testId="article-filter"
          />
        </Box>
        <FilterBar<SummaryFilters>
          layout="grid"
          value={filters}
          onChange={setFilters}
          fields={[
            { name: 'item_type__gtin__icontains', label: t('articles.gtin') },
            { name: 'item_type__description__icontains', label: t('articles.description') },
            { name: 'item_type__model__icontains', label: t('articles.model') },
            { name: 'item_type__colour__icontains', label: t('articles.colour') },
            { name: 'item_type__sizes__value__icontains', label: t('articles.size') },
            { name: 'item_type__season__icontains', label: t('articles.season') },
            { name: 'item_type__section__icontains', label: t('articles.section') },
          ]}
          testId="article-filters"
        />
      </Stack>
      <PagedTable
        queryKey={inventoryKeys.summary(id, kind, filters)}
        fetchPage={(page) => getInventorySummary(id, kind, filters, page)}
        columns={columns}
        rowKey={(row) => row.item_type}
        pageSize={SUMMARY_PAGE_SIZE}
        emptyText={t(`articles.empty.${kind}`)}
        testId="inventory-articles"
      />
    </Card>
  );
};
