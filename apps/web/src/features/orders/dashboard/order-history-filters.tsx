import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeFilter, rangeParams } from '../../../components/date-range-filter';
import { FilterBar, type FilterField } from '../../../components/filter-bar';
import { SelectFilter } from '../../../components/select-filter';
import { FilterRow } from './order-dashboard-layout';

/** The side statuses of an order (spec section 4), as the state filter offers them. */
const STATUSES = ['0', '1', '2', '3', '4'] as const;
/** The report types of the inbound and online histories (spec section 2). */
const REPORT_TYPES = ['pending', 'verified', 'with_errors', 'without_errors', 'canceled'] as const;

/** The text filters every order history has; a history may add its own (the inbound provider). */
export type OrderTextFilters = { id__icontains: string; order_code__icontains: string };

/**
 * The state of an order history's filters: the text fields, the side's status, the report type
 * and the date range, with the range's query bounds (`dates`, '' while the range is invalid or a
 * side is empty).
 *
 * ```tsx
 * const history = useOrderHistoryFilters({ id__icontains: '', order_code__icontains: '' });
 * const filters = originHistoryQuery(history);
 * ```
 */
export const useOrderHistoryFilters = <T extends OrderTextFilters>(emptyText: T) => {
  const [text, setText] = useState<T>(emptyText);
  const [status, setStatus] = useState('');
  const [reportType, setReportType] = useState('');
  const [range, setRange] = useState<DateRange>({ start: '', end: '' });
  return { text, setText, status, setStatus, reportType, setReportType, range, setRange, dates: rangeParams(range) };
};

export type OrderHistoryFilterState<T extends OrderTextFilters> = ReturnType<typeof useOrderHistoryFilters<T>>;

/**
 * The filters of an order history (inbound, online, movement exit and entry dashboards): id and
 * order code (plus `extraTextFields`), then the status select (All, 0 to 4), the report type
 * (`hasReportType`), the exit or arrival date range, and `children` after it.
 */
export const OrderHistoryFilters = <T extends OrderTextFilters>({
  filters,
  extraTextFields = [],
  textTestId,
  statusLabel = 'state',
  hasReportType = false,
  date,
  children,
}: {
  filters: OrderHistoryFilterState<T>;
  extraTextFields?: FilterField<T>[];
  /** data-testid of the text filters. */
  textTestId: string;
  /** The status select's label: the spec's "state" filter, or the movement entry's "status" filter. */
  statusLabel?: 'state' | 'status';
  hasReportType?: boolean;
  /** Which date the range filters (labels and the test id `filter-<date>`). */
  date: 'exit' | 'arrival';
  children?: ReactNode;
}) => {
  const { t } = useTranslation('orders');
  return (
    <>
      <FilterBar<T>
        fields={[
          { name: 'id__icontains', label: t('dashboard.filters.id') },
          { name: 'order_code__icontains', label: t('dashboard.filters.orderCode') },
          ...extraTextFields,
        ]}
        value={filters.text}
        onChange={filters.setText}
        testId={textTestId}
      />
      <FilterRow>
        <SelectFilter
          label={t(`dashboard.filters.${statusLabel}`)}
          allLabel={t('dashboard.filters.all')}
          value={filters.status}
          onChange={filters.setStatus}
          options={STATUSES.map((code) => ({ value: code, label: t(`orderStatus.${code}`) }))}
          testId="filter-state"
        />
        {hasReportType && (
          <SelectFilter
            label={t('dashboard.filters.reportType')}
            allLabel={t('dashboard.reportType.all')}
            value={filters.reportType}
            onChange={filters.setReportType}
            options={REPORT_TYPES.map((type) => ({ value: type, label: t(`dashboard.reportType.${type}`) }))}
            testId="filter-report-type"
            minWidth={220}
          />
        )}
        <DateRangeFilter
          value={filters.range}
          onChange={filters.setRange}
          startLabel={t(`dashboard.filters.${date}From`)}
          endLabel={t(`dashboard.filters.${date}To`)}
          testId={`filter-${date}`}
        />
        {children}
      </FilterRow>
    </>
  );
};
