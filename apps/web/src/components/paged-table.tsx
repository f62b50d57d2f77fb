import {
  Box,
  Card,
  CardContent,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Page } from '@rfid/contract';
import { keepPreviousData, type QueryKey, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageQueryKey, TABLE_REFRESH_MS } from '../lib/query-client';
import { Spinner } from './spinner';

export type PageParams = { limit: number; offset: number; signal?: AbortSignal };

export type Column<T> = {
  /** Stable id of the column (also its test id suffix). */
  id: string;
  /** Header text, already translated. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** On phone cards: 'title' is the card's heading, false hides the field, true (default) shows "header: value". */
  mobile?: boolean | 'title';
};

/**
 * A paged list endpoint as a table reads it; its endpoint file exports one (like `queryOptions`),
 * and the table takes it spread: `<PagedTable {...alarmsPages(filters)} columns={columns} />`.
 */
export type PagedQuery<T> = {
  /** Base query key; put the filters object in it so a filter change refetches (and goes back to page 1). */
  queryKey: QueryKey;
  /** Fetches one page; `limit` and `offset` are computed from the page size. */
  fetchPage: (params: PageParams) => Promise<Page<T>>;
  /** Page size of the spec for this screen (11, 20, 40, 100…). */
  pageSize: number;
  /** The React key of a row; its `id` by default. */
  rowKey?: (row: T) => string | number;
};

export type PagedTableProps<T> = PagedQuery<T> & {
  columns: Column<T>[];
  /** Shown when there are no rows; defaults to "No results found". */
  emptyText?: ReactNode;
  /** What to do next on an empty list (the page's create button, when the role may): under the empty text. */
  emptyAction?: ReactNode;
  /** Desktop refresh interval; the spec's 20 s by default, false to disable, or chosen from the rows shown. */
  refetchInterval?: number | false | ((rows: readonly T[]) => number | false);
  /** Below md: 'cards' = card list with infinite scroll (default), 'table' = the same paged table, scrolling sideways. */
  mobile?: 'cards' | 'table';
  /** data-testid of the table (and `<testId>-cards` on phones). */
  testId?: string;
  /** Optional row highlight / extra props per row. */
  rowSx?: (row: T) => object | undefined;
};

type TableProps<T> = PagedTableProps<T> & { rowKey: (row: T) => string | number };

/** An empty list: its text (or the load error) and, when given and loaded, what to do next. */
const EmptyState = ({ isError, text, action }: { isError: boolean; text?: ReactNode; action?: ReactNode }) => {
  const { t } = useTranslation('components');
  return (
    <Stack spacing={1.5} sx={{ py: 2, alignItems: 'center', textAlign: 'center' }}>
      <Typography color="text.secondary" data-testid="paged-empty">
        {isError ? t('table.loadError') : (text ?? t('table.empty'))}
      </Typography>
      {!isError && action}
    </Stack>
  );
};

/** The default row key: the row's `id` (every paged answer of the API but a few has one). */
const rowId = (row: unknown): string | number => {
  if (typeof row === 'object' && row !== null && 'id' in row && (typeof row.id === 'string' || typeof row.id === 'number')) {
    return row.id;
  }
  throw new Error('PagedTable: rows without an id need a rowKey');
};

const SKELETON_ROWS = 9;

/**
 * The one paged table of the app: server paging over `{count,next,previous,results}` answers.
 *
 * ```tsx
 * <PagedTable
 *   queryKey={['admin', 'readers', filters]}
 *   fetchPage={({ limit, offset, signal }) => getReaders({ ...filters, limit, offset }, signal)}
 *   pageSize={11}
 *   rowKey={(reader) => reader.id}
 *   columns={[{ id: 'serial', header: t('serial'), cell: (r) => r.serial_number, mobile: 'title' }]}
 * />
 * ```
 */
export const PagedTable = <T,>({ rowKey = rowId, ...props }: PagedTableProps<T>) => {
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  if (isPhone && (props.mobile ?? 'cards') === 'cards') return <CardList {...props} rowKey={rowKey} />;
  return <DesktopTable {...props} rowKey={rowKey} isPhone={isPhone} />;
};

const DesktopTable = <T,>({
  queryKey,
  fetchPage,
  columns,
  rowKey,
  pageSize,
  emptyText,
  emptyAction,
  refetchInterval = TABLE_REFRESH_MS,
  testId,
  rowSx,
  isPhone,
}: TableProps<T> & { isPhone: boolean }) => {
  const { t, i18n } = useTranslation('components');
  // The page belongs to the query key: a new filter starts again at the first page.
  const keyText = JSON.stringify(queryKey);
  const [paging, setPaging] = useState({ key: keyText, page: 0 });
  const page = paging.key === keyText ? paging.page : 0;
  const setPage = (next: number) => setPaging({ key: keyText, page: next });
  const query = useQuery({
    queryKey: pageQueryKey(queryKey, pageSize, page * pageSize),
    queryFn: ({ signal }) => fetchPage({ limit: pageSize, offset: page * pageSize, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      isPhone ? false : typeof refetchInterval === 'function' ? refetchInterval(q.state.data?.results ?? []) : refetchInterval,
  });
  const count = query.data?.count ?? 0;
  // Beyond the server's exact count (db/counts.ts) the count is the database's estimate: "of about 1,002,345".
  const isEstimate = query.data?.count_is_estimate === true;
  // The current page is forced to the last page if the page count falls below it (spec section 5).
  useEffect(() => {
    const lastPage = Math.max(0, Math.ceil(count / pageSize) - 1);
    if (query.data && page > lastPage) setPaging({ key: keyText, page: lastPage });
  }, [count, pageSize, page, query.data, keyText]);

  const rows = query.data?.results ?? [];
  return (
    <Box data-testid={testId}>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <ColumnsHead columns={columns} />
          <TableBody>
            {query.isPending &&
              Array.from({ length: SKELETON_ROWS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <TableRow key={index}>
                  {columns.map((column) => (
                    <TableCell key={column.id}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {rows.map((row) => (
              <ColumnsRow key={rowKey(row)} row={row} columns={columns} sx={rowSx?.(row)} testId="paged-row" />
            ))}
            {!query.isPending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <EmptyState isError={query.isError} text={emptyText} action={emptyAction} />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={count}
        page={Math.min(page, Math.max(0, Math.ceil(count / pageSize) - 1))}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[]}
        onPageChange={(_, next) => setPage(next)}
        labelDisplayedRows={({ from, to, count: total }) =>
          isEstimate
            ? t('table.displayedEstimate', { from, to, total: total.toLocaleString(i18n.language) })
            : t('table.displayed', { from, to, count: total })
        }
        getItemAriaLabel={(type) => t(`table.${type}Page`)}
      />
    </Box>
  );
};

/** Phone: one card per row, the next page loads when the sentinel scrolls into view. */
const CardList = <T,>({ queryKey, fetchPage, columns, rowKey, pageSize, emptyText, emptyAction, testId }: TableProps<T>) => {
  const client = useQueryClient();
  const firstPageKey = pageQueryKey(queryKey, pageSize, 0);
  const query = useInfiniteQuery({
    queryKey: [...queryKey, 'infinite', pageSize],
    // The first page already in (a route's loader's, or the table's): the cards draw in the list's first render, not
    // a render later (issue 30, pages on a phone: one render of the page less before its first card).
    initialData: () => {
      const first = client.getQueryData<Page<T>>(firstPageKey);
      return first ? { pages: [first], pageParams: [0] } : undefined;
    },
    initialDataUpdatedAt: () => client.getQueryState(firstPageKey)?.dataUpdatedAt,
    // The first page is the table's first page (its query key): what a route's loader started beside the page's code
    // (lib/lazy-page.ts `prefetch`) is taken, not asked for again.
    queryFn: ({ pageParam, signal }) =>
      pageParam === 0
        ? client.fetchQuery({
            queryKey: firstPageKey,
            queryFn: ({ signal: pageSignal }) => fetchPage({ limit: pageSize, offset: 0, signal: pageSignal }),
          })
        : fetchPage({ limit: pageSize, offset: pageParam, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
      return last.next && loaded < last.count ? loaded : undefined;
    },
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    // Load the next page a little before the end (the spec's infinite-scroll distance of 20).
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const rows = query.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <Stack spacing={1} data-testid={testId ? `${testId}-cards` : undefined}>
      {query.isPending &&
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
        Array.from({ length: 6 }, (_, index) => <Skeleton key={index} variant="rounded" height={96} />)}
      {rows.map((row) => (
        <RowCard key={rowKey(row)} row={row} columns={columns} testId="paged-card" />
      ))}
      {!query.isPending && rows.length === 0 && <EmptyState isError={query.isError} text={emptyText} action={emptyAction} />}
      <Box ref={sentinel} sx={{ display: 'grid', placeItems: 'center', minHeight: 8 }}>
        {isFetchingNextPage && <Spinner size={24} />}
      </Box>
    </Stack>
  );
};

/** The header row of a table of columns; titles wrap at their spaces when a table is tight (1280 px with the menu open). */
const ColumnsHead = <T,>({ columns }: { columns: Column<T>[] }) => (
  <TableHead>
    <TableRow>
      {columns.map((column) => (
        <TableCell key={column.id} align={column.align} sx={{ fontWeight: 600, verticalAlign: 'bottom' }}>
          {column.header}
        </TableCell>
      ))}
    </TableRow>
  </TableHead>
);

/** One row of a desktop table: a cell per column. */
const ColumnsRow = <T,>({ row, columns, sx, testId }: { row: T; columns: Column<T>[]; sx?: object; testId: string }) => (
  <TableRow hover sx={sx} data-testid={testId}>
    {columns.map((column) => (
      <TableCell key={column.id} align={column.align}>
        {column.cell(row)}
      </TableCell>
    ))}
  </TableRow>
);

/** One row as a phone card: the 'title' column as its heading, then "header: value" for the shown columns. */
const RowCard = <T,>({ row, columns, testId }: { row: T; columns: Column<T>[]; testId: string }) => {
  const title = columns.find((column) => column.mobile === 'title');
  const fields = columns.filter((column) => column.mobile !== 'title' && column.mobile !== false);
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent sx={{ '&:last-child': { pb: 1.5 }, py: 1.5 }}>
        {title && (
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5, overflowWrap: 'anywhere' }}>
            {title.cell(row)}
          </Typography>
        )}
        {fields.map((column) => {
          const value = column.cell(row);
          // A field with nothing to show (no action allowed on this row, say) is left out of the card.
          if (value === null || value === undefined || value === false) return null;
          return (
            <Box
              key={column.id}
              sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, minHeight: 28 }}
            >
              <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                {column.header}
              </Typography>
              <Box sx={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}>{value}</Box>
            </Box>
          );
        })}
      </CardContent>
    </Card>
  );
};

export type RowsTableProps<T> = {
  /** All the rows (not paged); undefined while they load. */
  rows: T[] | undefined;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** data-testid of the table (and `<testId>-cards` on phones). */
  testId: string;
  /** data-testid of each row (and of each card on phones). */
  rowTestId: string;
};

/** A table of rows known at once (no paging), in its card; one card per row on phones, as the paged table shows them. */
export const RowsTable = <T,>({ rows, columns, rowKey, testId, rowTestId }: RowsTableProps<T>) => {
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  if (!rows) return <Skeleton variant="rounded" height={96} />;
  if (isPhone) {
    return (
      <Stack spacing={1} data-testid={`${testId}-cards`}>
        {rows.map((row) => (
          <RowCard key={rowKey(row)} row={row} columns={columns} testId={rowTestId} />
        ))}
      </Stack>
    );
  }
  return (
    <Card>
      <TableContainer>
        <Table size="small" data-testid={testId}>
          <ColumnsHead columns={columns} />
          <TableBody>
            {rows.map((row) => (
              <ColumnsRow key={rowKey(row)} row={row} columns={columns} testId={rowTestId} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
};
