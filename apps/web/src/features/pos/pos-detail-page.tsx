import WarningIcon from '@mui/icons-material/WarningAmber';
import { alpha, Stack, type Theme, Tooltip } from '@mui/material';
import type { PosItem, PosTransaction } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { epcColumn } from '../../components/epc-link';
import { countFacts, FactsList } from '../../components/facts-card';
import { ItemDescriptionCell } from '../../components/item-type';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { TitledPage } from '../../components/page-title';
import { type Column, PagedTable } from '../../components/paged-table';
import { TableCard } from '../../components/table-card';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { usePosTransaction } from './api/pos-get';
import { getPosItems, POS_ITEMS_PAGE_SIZE } from './api/pos-items';
import { POS_PATHS, type PosKind } from './api/pos-kind';
import { posKeys } from './keys';

/** Rows of items not counted (quantity 0) are tinted like their warning icon. */
const WARNING_ROW = { bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.08) };

/**
 * A POS sale (/pos/exits/:id) or return (/pos/:id): its facts, then its items (100 per page),
 * each with quantity 1; quantity 0 carries a warning icon saying why (a tag sold twice, a return
 * of an item that was not sold, a tag that is not GS1).
 */
export const PosDetailPage = ({ kind }: { kind: PosKind }) => {
  const { t, i18n } = useTranslation(['pos', 'common']);
  const { id = '' } = useParams();
  const transaction = usePosTransaction(kind, id);
  const quantity = (value: number) => formatQuantity(value, i18n.language);

  const columns: Column<PosItem>[] = [
    epcColumn(t('items.epc'), 'item-epc'),
    { id: 'gtin', header: t('items.gtin'), cell: (row) => row.gtin ?? '' },
    { id: 'description', header: t('items.description'), cell: (row) => <ItemDescriptionCell {...row} /> },
    { id: 'lot', header: t('items.lot'), cell: (row) => row.lot ?? '' },
    {
      id: 'quantity',
      header: t('items.quantity'),
      align: 'right',
      cell: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
          {row.quantity === 0 && (
            <Tooltip title={t(`warnings.${row.warning ?? 'zero'}`, { defaultValue: t('warnings.zero') })}>
              <WarningIcon
                fontSize="small"
                color="warning"
                aria-label={t(`warnings.${row.warning ?? 'zero'}`, { defaultValue: t('warnings.zero') })}
                data-testid="item-warning"
              />
            </Tooltip>
          )}
          <span data-testid="item-quantity">{quantity(row.quantity)}</span>
        </Stack>
      ),
    },
  ];

  return (
    <TitledPage testId={`pos-${kind}-detail`} title={t(`${kind}.detailTitle`, { id })} backTo={POS_PATHS[kind].list}>
      <PosHeader data={transaction.data} error={transaction.error} />
      {!transaction.error && (
        <TableCard>
          <PagedTable
            queryKey={posKeys.items(kind, id)}
            fetchPage={(page) => getPosItems(kind, id, page)}
            columns={columns}
            rowKey={(row) => row.id}
            pageSize={POS_ITEMS_PAGE_SIZE}
            emptyText={t('items.empty')}
            rowSx={(row) => (row.quantity === 0 ? WARNING_ROW : undefined)}
            testId="pos-items"
          />
        </TableCard>
      )}
    </TitledPage>
  );
};

/** The facts of a sale or return: id, date, store, reader, items read, counted and with warnings. */
const PosHeader = ({ data, error }: { data: PosTransaction | undefined; error: Error | null }) => {
  const { t, i18n } = useTranslation(['pos', 'common']);
  if (error) return <LoadErrorAlert error={error} testId="pos-error" />;
  const count = countFacts<PosTransaction>(i18n.language);
  return (
    <FactsList
      testId="pos-header"
      record={data}
      facts={[
        { label: t('columns.id'), value: (row) => row.id, testId: 'pos-id' },
        { label: t('columns.endDate'), value: (row) => formatDateTime(row.end_time, t('common:noDate')) },
        { label: t('header.store'), value: (row) => row.destination_description ?? '' },
        { label: t('columns.reader'), value: (row) => row.device?.serial_number ?? t('noReader') },
        count(t('columns.items'), (row) => row.item_count, 'pos-item-count'),
        count(t('header.counted'), (row) => row.destination_real_item_count, 'pos-counted'),
        count(t('columns.warnings'), (row) => row.warning_count, 'pos-warning-count', 'warning.main'),
      ]}
    />
  );
};
