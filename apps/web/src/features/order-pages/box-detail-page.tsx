import { Link, Skeleton, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FactsCard, Field } from '../../components/facts-card';
import { FilterBar } from '../../components/filter-bar';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageTitle } from '../../components/page-title';
import { PagedTable } from '../../components/paged-table';
import { PercentBar } from '../../components/percent-bar';
import { StatusChip } from '../../components/status-chip';
import { TableCard } from '../../components/table-card';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { boxStatusMap, ORDER_PATHS, type OrderKind } from '../orders';
import { BOX_LINES_PAGE_SIZE, getBoxLines } from './api/get-box-lines';
import { useOrderBox } from './api/get-order-box';
import { useItemLineColumns } from './item-line-columns';
import { orderPagesKeys } from './keys';
import { BOX_TIME_LABEL, hasOnlineReading, isMovement } from './kinds';

/**
 * Box detail (spec section 2) of any kind of order, on the order's side: barcode, order name,
 * status, reading time, real and theoretical counts (online: the completion and the online
 * reading, where above 100 becomes 0; movements: the other side's status too); the item lines
 * with a GTIN filter, 8 per page, each GTIN linked to its page in the order; back to the boxes.
 */
export const BoxDetailPage = ({
  kind,
  orderId,
  boxId,
  actions,
}: {
  kind: OrderKind;
  orderId: string;
  boxId: string;
  /** Buttons in the title row (the purchase box: print its labels). */
  actions?: ReactNode;
}) => {
  const { t, i18n } = useTranslation(['order-pages', 'common']);
  const paths = ORDER_PATHS[kind];
  const box = useOrderBox(kind, orderId, boxId);
  const [filters, setFilters] = useState({ gtin: '' });
  const columns = useItemLineColumns(kind, orderId);
  if (box.isError) return <LoadErrorAlert error={box.error} testId="box-error" />;
  const data = box.data;
  const value = (content: ReactNode) => (data ? content : <Skeleton />);
  const quantity = (count: number | undefined) => formatQuantity(count, i18n.language);
  return (
    <Stack spacing={2} data-testid="box-detail-page">
      <PageTitle backTo={paths.boxes(orderId)} title={t('box.title', { barcode: data?.barcode ?? '' })} actions={actions} />
      <FactsCard testId="box-header">
        <Field label={t('box.barcode')}>{value(<span data-testid="box-barcode">{data?.barcode}</span>)}</Field>
        <Field label={t('box.order')} wide>
          {value(
            <Link component={RouterLink} to={paths.boxes(orderId)} data-testid="box-order">
              {data?.order_name}
            </Link>,
          )}
        </Field>
        <Field label={t('box.status')}>
          {value(
            <span data-testid="box-status">
              <StatusChip status={data?.status} map={boxStatusMap(t)} />
            </span>,
          )}
        </Field>
        {isMovement(kind) && (
          <Field label={t(`box.otherStatus.${kind}`)}>
            {value(
              <span data-testid="box-other-status">
                <StatusChip status={kind === 'exit' ? data?.destination_status : data?.origin_status} map={boxStatusMap(t)} />
              </span>,
            )}
          </Field>
        )}
        <Field label={t(`columns.${BOX_TIME_LABEL[kind]}`)}>
          {value(<span data-testid="box-time">{formatDateTime(data?.reading_time, t('common:noDate'))}</span>)}
        </Field>
        <Field label={t('box.real')}>{value(<span data-testid="box-real">{quantity(data?.real_item_count)}</span>)}</Field>
        <Field label={t('box.expected')}>
          {value(<span data-testid="box-expected">{quantity(data?.theorical_item_count)}</span>)}
        </Field>
        <Field label={t('box.verifications')}>
          {value(
            <Link component={RouterLink} to={paths.verifications(orderId, boxId)} data-testid="box-verifications-link">
              {quantity(data?.verification_count)}
            </Link>,
          )}
        </Field>
        {kind !== 'purchase' && (
          <Field label={t('box.percent')}>
            {value(
              <span data-testid="box-percent">
                <PercentBar value={data?.percent} minWidth={0} />
              </span>,
            )}
          </Field>
        )}
        {hasOnlineReading(kind) && (
          <Field label={t('box.online')}>
            {value(
              <span data-testid="box-online">
                <PercentBar value={data?.online_percent} minWidth={0} />
              </span>,
            )}
          </Field>
        )}
      </FactsCard>
      <FilterBar
        fields={[{ name: 'gtin', label: t('box.gtinFilter') }]}
        value={filters}
        onChange={setFilters}
        testId="box-lines-filters"
      />
      <TableCard>
        <PagedTable
          queryKey={orderPagesKeys.boxLines(kind, orderId, boxId, filters.gtin)}
          fetchPage={(page) => getBoxLines(kind, orderId, boxId, filters.gtin, page)}
          columns={columns}
          rowKey={(line) => line.gtin}
          pageSize={BOX_LINES_PAGE_SIZE}
          emptyText={t('box.empty')}
          testId="box-lines"
        />
      </TableCard>
    </Stack>
  );
};
