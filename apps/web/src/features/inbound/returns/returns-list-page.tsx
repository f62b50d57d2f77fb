import type { Page } from '@rfid/contract';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLastValidRange } from '../../../components/date-range-filter';
import { LocationListPage } from '../../../components/location-list-page';
import { type Column, PagedTable } from '../../../components/paged-table';
import { quantityColumn } from '../../../components/quantity-column';
import { TextAndRangeFilters } from '../../../components/text-and-range-filters';
import { formatDateTime } from '../../../lib/format';

/** The query of the return lists' filters. */
export type ReturnQueryFilters = { code__icontains?: string; end_time__gte?: string; end_time__lte?: string };

type ReturnRow = { id: number; end_time: string | null; real_item_count: number };

/**
 * A list of the location's provider or sale returns (11 per page): `columns`, then the arrival
 * date and the real item count; filtered by code and arrival date range (the last 30 days by
 * default, spec section 5; an invalid range keeps the last valid one).
 */
export const ReturnsListPage = <T extends ReturnRow>({
  kind,
  columns,
  queryKey,
  fetchReturns,
  pageSize,
  testId,
}: {
  kind: 'provider' | 'sale';
  columns: Column<T>[];
  queryKey: (locationId: number) => QueryKey;
  fetchReturns: (
    params: ReturnQueryFilters & { locationId: number; limit: number; offset: number },
    signal?: AbortSignal,
  ) => Promise<Page<T>>;
  pageSize: number;
  testId: string;
}) => {
  const { t, i18n } = useTranslation(['inbound-verification', 'common']);
  const [code, setCode] = useState({ code__icontains: '' });
  const period = useLastValidRange();
  const query: ReturnQueryFilters = {
    code__icontains: code.code__icontains.trim() || undefined,
    end_time__gte: period.dates.gte || undefined,
    end_time__lte: period.dates.lte || undefined,
  };
  const allColumns: Column<T>[] = [
    ...columns,
    {
      id: 'date',
      header: t('returns.columns.date'),
      cell: (row) => formatDateTime(row.end_time, t('common:noDate')),
    },
    quantityColumn({
      id: 'items',
      header: t('returns.columns.items'),
      value: (row) => row.real_item_count,
      language: i18n.language,
    }),
  ];
  return (
    <LocationListPage
      title={t(`returns.${kind}Title`)}
      subtitle={(location) => t(`returns.${kind}Subtitle`, { location: location.description })}
      noLocation={t('returns.noLocation')}
      filters={
        <TextAndRangeFilters
          text={{ fields: [{ name: 'code__icontains', label: t('returns.filters.code') }], value: code, onChange: setCode }}
          period={period}
          range={{ startLabel: t('returns.filters.from'), endLabel: t('returns.filters.to'), testId: 'returns-range' }}
        />
      }
    >
      {(location) => (
        <PagedTable
          queryKey={[...queryKey(location.id), query]}
          fetchPage={({ limit, offset, signal }) => fetchReturns({ locationId: location.id, ...query, limit, offset }, signal)}
          columns={allColumns}
          rowKey={(row) => row.id}
          pageSize={pageSize}
          emptyText={t('returns.empty')}
          testId={testId}
        />
      )}
    </LocationListPage>
  );
};
