import type { EpcisSchedule, EpcisSubscription } from '@rfid/contract';
import { foundOr } from '../../../http/errors.js';
import type { EpcisQueriesRepository, NamedQueryRow, SubscriptionRow } from '../epcis-queries.repository.js';

export const toSubscription = (row: SubscriptionRow, secret?: string): EpcisSubscription => ({
  subscriptionID: row.subscriptionId,
  dest: row.dest,
  stream: row.stream,
  ...(row.schedule ? { schedule: row.schedule as EpcisSchedule } : {}),
  reportIfEmpty: row.reportIfEmpty,
  initialRecordTime: row.initialRecordTime.toISOString(),
  minRecordTime: row.minRecordTime.toISOString(),
  createdAt: row.createdAt.toISOString(),
  ...(row.lastNotifiedAt ? { lastNotifiedAt: row.lastNotifiedAt.toISOString() } : {}),
  ...(secret ? { secret } : {}),
});

export const requireSubscription = async (
  repo: Pick<EpcisQueriesRepository, 'getSubscription'>,
  query: NamedQueryRow,
  subscriptionId: string,
): Promise<SubscriptionRow> => {
  return foundOr(repo.getSubscription(query.id, subscriptionId), 'epcis.subscription_not_found');
};
