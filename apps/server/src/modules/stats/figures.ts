import type { ExitStats, InboundStats, MovementEntryStats } from '@rfid/contract';
import type { InboundFigures, SideFigures } from './figures.repository.js';
import { durationText, hours, perDay } from './stats.rules.js';

/** The dashboards' statistics answers from their figures (figures.repository.ts), for one location or a brand. */

type Range = { from: Date; to: Date; days: number };
const bounds = ({ from, to }: Range) => ({ from: from.toISOString(), to: to.toISOString() });

export const toInboundStats = (s: InboundFigures, range: Range): InboundStats => ({
  orders: s.orders,
  average_delay: hours(s.avgDelaySeconds),
  daily_orders: perDay(s.orders, range.days),
  reception_time: durationText(s.avgReceptionSeconds),
  max_time: durationText(s.maxReceptionSeconds),
  average_reception_time: hours(s.avgReceptionSeconds),
  max_reception_time: hours(s.maxReceptionSeconds),
  incorrect_daily_orders: perDay(s.incorrect, range.days),
  total_orders_for_today: s.todayTotal,
  total_pending_orders_for_today: s.todayPending,
  correctly_received_porders: s.correct,
  incorrectly_received_porders: s.incorrect,
  ...bounds(range),
});

export const toExitStats = (s: SideFigures, range: Range): ExitStats => ({
  orders: s.orders,
  origin_pending_orders: s.pending,
  origin_daily_orders: perDay(s.orders, range.days),
  pending_orders: s.pending,
  daily_orders: perDay(s.orders, range.days),
  average_shipping_time: hours(s.avgSeconds),
  max_shipping_time: hours(s.maxSeconds),
  ...bounds(range),
});

export const toEntryStats = (s: SideFigures, range: Range): MovementEntryStats => ({
  orders: s.orders,
  destination_pending_orders: s.pending,
  destination_daily_orders: perDay(s.orders, range.days),
  average_reception_time: hours(s.avgSeconds),
  max_reception_time: hours(s.maxSeconds),
  ...bounds(range),
});
