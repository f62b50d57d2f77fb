import type { OrderHistoryFilterState, OrderTextFilters } from './order-history-filters';

/** A history's query on the destination side: the text filters, the destination's status and the arrival range. */
export type DestinationHistoryQuery = OrderTextFilters & {
  destination_status: string;
  arrival_date__gte: string;
  arrival_date__lte: string;
};

/** A history's query on the origin side: the text filters, the origin's status and the exit range. */
export type OriginHistoryQuery = OrderTextFilters & { origin_status: string; exit_date__gte: string; exit_date__lte: string };

/** The destination side's query of a history's filters (inbound and movement-entry dashboards). */
export const destinationHistoryQuery = <T extends OrderTextFilters>(history: OrderHistoryFilterState<T>) => ({
  ...history.text,
  destination_status: history.status,
  arrival_date__gte: history.dates.gte,
  arrival_date__lte: history.dates.lte,
});

/** The origin side's query of a history's filters (online and movement-exit dashboards). */
export const originHistoryQuery = <T extends OrderTextFilters>(history: OrderHistoryFilterState<T>) => ({
  ...history.text,
  origin_status: history.status,
  exit_date__gte: history.dates.gte,
  exit_date__lte: history.dates.lte,
});
