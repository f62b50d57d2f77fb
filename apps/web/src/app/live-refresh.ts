import { LiveTopic } from '@rfid/contract';
import { adminKeys } from '../features/admin/api/admin-keys';
import { availabilityKeys } from '../features/availability/keys';
import { brandKeys } from '../features/brand/keys';
import { dashboardKeys } from '../features/dashboard/keys';
import { exitAlarmsKeys } from '../features/exit-alarms/keys';
import { inboundKeys } from '../features/inbound/keys';
import { inventoryKeys } from '../features/inventory/keys';
import type { LiveRefreshMap } from '../features/live';
import { movementsKeys } from '../features/movements/keys';
import { onlineKeys } from '../features/online/keys';
import { orderPagesKeys } from '../features/order-pages/keys';
import { ordersKeys } from '../features/orders/keys';
import { posKeys } from '../features/pos/keys';
import { replenishmentKeys } from '../features/replenishment';
import { stockKeys } from '../features/stock/keys';
import { trackingKeys } from '../features/tracking/keys';
import { verificationKeys } from '../features/verification/keys';

/** Every order page (detail, boxes, box, GTIN): the prefix of orderPagesKeys. */
const orderPages = [orderPagesKeys.order('purchase', '')[0]] as const;

/** The order, box and verification pages and their lists and dashboards: what a verification or a return changes. */
const orderScreens = [
  inboundKeys.all,
  onlineKeys.all,
  movementsKeys.all,
  ordersKeys.all,
  orderPages,
  verificationKeys.all,
  dashboardKeys.all,
  brandKeys.all,
];

/**
 * Which screens each live topic refreshes (features/live), by the features' query-key prefixes. Items moving change the
 * stock, the dashboards, the tracker and the alarms (the header's bell is `stockKeys.alarmCount`, under `stock`).
 */
export const liveRefresh: LiveRefreshMap = {
  [LiveTopic.ReadingSet]: [adminKeys.readers, trackingKeys.all],
  [LiveTopic.Items]: [stockKeys.all, dashboardKeys.all, brandKeys.all, trackingKeys.all, replenishmentKeys.all],
  [LiveTopic.Orders]: orderScreens,
  [LiveTopic.Inventory]: [inventoryKeys.all, stockKeys.all],
  [LiveTopic.Pos]: [posKeys.all, stockKeys.all, dashboardKeys.all, replenishmentKeys.all],
  [LiveTopic.Alarms]: [stockKeys.all],
  [LiveTopic.ExitAlarm]: [exitAlarmsKeys.all],
  [LiveTopic.Device]: [adminKeys.readers],
  // The store floor (issue 26): a status change or a move between floor and stockroom.
  [LiveTopic.Availability]: [availabilityKeys.all, trackingKeys.all],
};
