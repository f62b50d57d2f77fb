import { Box, Card, Chip, type ChipProps, Stack, Typography } from '@mui/material';
import type { InventoryTag } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { epcColumn, tagLotQuantityColumns } from '../../../components/epc-link';
import { FilterBar } from '../../../components/filter-bar';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { TitledPage } from '../../../components/page-title';
import { type Column, PagedTable } from '../../../components/paged-table';
import { SelectFilter } from '../../../components/select-filter';
import { formatDateTime } from '../../../lib/format';
import { useInventory } from '../api/inventory-get';
import { EMPTY_TAG_FILTERS, getInventoryTags, TAGS_PAGE_SIZE, type TagFilters, type TagKind } from '../api/inventory-tags';
import { InventoryFacts } from '../components/inventory-facts';
import { inventoryKeys } from '../keys';
import { INVENTORY_PATHS } from '../paths';

const STATUS_COLOR: Record<InventoryTag['status'], ChipProps['color']> = {
  matched: 'success',
  excess: 'warning',
  missing: 'error',
};

/**
 * The tags of an inventory (spec section 2, "Items detail"): the select Read EPCs / Lost EPCs, GTIN
 * and EPC filters, and the tag rows (epc, gtin, lot, quantity, description); each EPC links to the
 * EPC tracker. A read tag says whether it was expected (matched) or not (excess).
 */
export const InventoryItemsPage = () => {
  const { t, i18n } = useTranslation(['inventory', 'common']);
  const { id = '' } = useParams();
  const inventory = useInventory(id);
  const [kind, setKind] = useState<TagKind>('read');
  const [filters, setFilters] = useState<TagFilters>(EMPTY_TAG_FILTERS);

  const columns: Column<InventoryTag>[] = [
    epcColumn(t('tags.epc'), 'tag-epc'),
    { id: 'gtin', header: t('tags.gtin'), cell: (row) => row.gtin ?? '' },
    {
      id: 'description',
      header: t('tags.description'),
      cell: (row) => <Box sx={{ minWidth: { md: 160 } }}>{row.description ?? ''}</Box>,
    },
    ...tagLotQuantityColumns<InventoryTag>({ lot: t('tags.lot'), quantity: t('tags.quantity') }, i18n.language),
    {
      id: 'status',
      header: t('tags.status'),
      cell: (row) => (
        <Chip
          size="small"
          color={STATUS_COLOR[row.status]}
          label={t(`tags.statuses.${row.status}`)}
          data-testid={`tag-status-${row.status}`}
        />
      ),
    },
    ...(kind === 'read'
      ? [{ id: 'readAt', header: t('tags.readAt'), cell: (row: InventoryTag) => formatDateTime(row.read_at) }]
      : []),
  ];

  return (
    <TitledPage
      testId="inventory-items"
      backTo={INVENTORY_PATHS.detail(id)}
      title={t('tags.title', { id })}
      subtitle={
        inventory.data ? `${inventory.data.location_description} · ${inventory.data.location_area_description}` : undefined
      }
    >
      {inventory.isError ? (
        <LoadErrorAlert error={inventory.error} testId="inventory-error" />
      ) : (
        <>
          <InventoryFacts inventory={inventory.data} compact />
          <Card sx={{ p: { xs: 1.5, md: 2 }, '& .MuiTableCell-root': { px: 1 } }}>
            <Typography variant="h6" sx={{ mb: 1.5 }}>
              {t(kind === 'read' ? 'tags.readTitle' : 'tags.lostTitle')}
            </Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 2 }}>
              <SelectFilter
                label={t('tags.select')}
                value={kind}
                onChange={(value) => setKind(value as TagKind)}
                options={[
                  { value: 'read', label: t('tags.kinds.read') },
                  { value: 'lost', label: t('tags.kinds.lost') },
                ]}
                testId="tag-kind"
              />
              <Box sx={{ flexGrow: 1 }}>
                <FilterBar<TagFilters>
                  layout="grid"
                  value={filters}
                  onChange={setFilters}
                  fields={[
                    { name: 'itemType__gtin__contains', label: t('tags.gtin') },
                    { name: 'epc__contains', label: t('tags.epc') },
                  ]}
                  testId="tag-filters"
                />
              </Box>
            </Stack>
            <PagedTable
              queryKey={inventoryKeys.tags(id, kind, filters)}
              fetchPage={(page) => getInventoryTags(id, kind, filters, page)}
              columns={columns}
              rowKey={(row) => row.id}
              pageSize={TAGS_PAGE_SIZE}
              emptyText={t(kind === 'read' ? 'tags.emptyRead' : 'tags.emptyLost')}
              testId="inventory-tags"
            />
          </Card>
        </>
      )}
    </TitledPage>
  );
};
