import BlockIcon from '@mui/icons-material/Block';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DownloadIcon from '@mui/icons-material/Download';
import SellIcon from '@mui/icons-material/SellOutlined';
import { Box, Button, Card, Link, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { InventoryState, type InventorySummaryRow } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FilterBar } from '../../../components/filter-bar';
import { LinkButton } from '../../../components/link-button';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageTitle } from '../../../components/page-title';
import { type Column, PagedTable } from '../../../components/paged-table';
import { SelectFilter } from '../../../components/select-filter';
import { TwoLineHeader } from '../../../components/two-line';
import { formatQuantity } from '../../../lib/format';
import { notify } from '../../../lib/notifier';
import { useRole } from '../../auth';
import { useInventory } from '../api/inventory-get';
import {
  EMPTY_SUMMARY_FILTERS,
  getInventorySummary,
  SUMMARY_PAGE_SIZE,
  type SummaryFilters,
  type SummaryKind,
} from '../api/inventory-summary';
import { useUpdateInventoryState } from '../api/inventory-update';
import { useInventoryUsers } from '../api/inventory-users';
import { countColumns } from '../components/count-columns';
import { InventoryCsvDialog } from '../components/inventory-csv-dialog';
import { InventoryFacts } from '../components/inventory-facts';
import { canManageInventories } from '../components/inventory-state';
import { inventoryKeys } from '../keys';
import { INVENTORY_PATHS } from '../paths';

const SUMMARY_KINDS: SummaryKind[] = ['all', 'missing', 'excess'];

/** '--' is the catalog's "no particular size" and reads as 'Standard' (spec section 3). */
const sizeText = (row: InventorySummaryRow, standard: string) => {
  const values = row.sizes.length ? row.sizes.map((size) => size.value) : [row.size_primary];
  return values
    .filter(Boolean)
    .map((value) => (value === '--' ? standard : value))
    .join(', ');
};

/**
 * An inventory (spec section 2, "Detail"): the status box, progress, article count and area;
 * Validate (pending only) and Cancel (pending or computing) with a No/Yes confirmation, after which
 * the page reloads; the article table (25 per page) with the filter Disabled / Missing items /
 * Excess items and the GTIN attribute filters, each GTIN linking to the inventory's GTIN detail.
 */
export const InventoryDetailPage = () => {
  const { t, i18n } = useTranslation(['inventory', 'catalog', 'common']);
  const { id = '' } = useParams();
  const inventory = useInventory(id);
  const users = useInventoryUsers(id);
  const role = useRole();
  const update = useUpdateInventoryState(id);
  const [kind, setKind] = useState<SummaryKind>('all');
  const [filters, setFilters] = useState<SummaryFilters>(EMPTY_SUMMARY_FILTERS);
  // The dialog keeps its action while it fades out.
  const [confirm, setConfirm] = useState<{ isOpen: boolean; state: 2 | 3 }>({ isOpen: false, state: 2 });
  const [csvFor, setCsvFor] = useState<number | null>(null);
  const quantity = (n: number) => formatQuantity(n, i18n.language);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));

  const data = inventory.data;
  const canManage = canManageInventories(role);
  const canValidate = canManage && data?.state === InventoryState.Pending;
  const canCancel = canManage && (data?.state === InventoryState.Pending || data?.state === InventoryState.Computing);

  const change = async (state: 2 | 3) => {
    await update.mutateAsync(state);
    notify(t(state === 2 ? 'detail.validated' : 'detail.canceled', { id }), 'success');
  };

  const columns: Column<InventorySummaryRow>[] = [
    {
      id: 'gtin',
      header: t('articles.gtin'),
      cell: (row) => (
        <Link component={RouterLink} to={INVENTORY_PATHS.gtin(id, row.item_type)} data-testid="article-gtin">
          {row.gtin}
        </Link>
      ),
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
    ...countColumns<InventorySummaryRow>(
      {
        expected: t('articles.expected'),
        read: t('articles.read'),
        missing: t('articles.missing'),
        excess: t('articles.excess'),
      },
      (row) => ({ expected: row.theorical_quantity, read: row.quantity, missing: row.missing, excess: row.excess }),
      'article',
      quantity,
    ),
  ];

  return (
    <Stack spacing={2} data-testid="inventory-detail">
      <PageTitle
        backTo={INVENTORY_PATHS.dashboard}
        title={t('detail.title', { id })}
        subtitle={data ? `${data.location_description} · ${data.location_area_description}` : undefined}
        actions={
          <>
            {canValidate && (
              <Button
                variant="contained"
                color="success"
                startIcon={<DoneAllIcon />}
                onClick={() => setConfirm({ isOpen: true, state: 2 })}
                data-testid="inventory-validate"
              >
                {t('detail.validate')}
              </Button>
            )}
            {canCancel && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<BlockIcon />}
                onClick={() => setConfirm({ isOpen: true, state: 3 })}
                data-testid="inventory-cancel"
              >
                {t('detail.cancel')}
              </Button>
            )}
            <LinkButton to={INVENTORY_PATHS.items(id)} icon={<SellIcon />} variant="outlined" testId="inventory-tags-link">
              {t('detail.tags')}
            </LinkButton>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => setCsvFor(Number(id))}
              data-testid="inventory-csv"
            >
              {t('actions.download')}
            </Button>
          </>
        }
      />
      {inventory.isError ? (
        <LoadErrorAlert error={inventory.error} testId="inventory-error" />
      ) : (
        <>
          <InventoryFacts inventory={data} users={users.data} />
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
        </>
      )}
      <ConfirmDialog
        open={confirm.isOpen}
        title={t(confirm.state === 3 ? 'detail.cancelTitle' : 'detail.validateTitle', { id })}
        message={
          confirm.state === 3
            ? t('detail.cancelBody')
            : t('detail.validateBody', {
                missing: data?.missing_items ?? 0,
                excess: data?.excess_items ?? 0,
                area: data?.location_area_description ?? '',
              })
        }
        isDanger={confirm.state === 3}
        onConfirm={() => change(confirm.state)}
        onClose={() => setConfirm((current) => ({ ...current, isOpen: false }))}
      />
      <InventoryCsvDialog inventoryId={csvFor} onClose={() => setCsvFor(null)} />
    </Stack>
  );
};
