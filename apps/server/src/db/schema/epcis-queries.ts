import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, requiredRef, serialId } from './columns.js';
import { companyRef, users } from './organization.js';

/**
 * EPCIS 2.0 named queries (issue 27, REST binding `/epcis/queries`): a company's SimpleEventQuery saved under a name;
 * `query` is its body as the client sent it (the binding's query-schema.json shape), checked when saved.
 */
export const epcisQueries = pgTable(
  'epcis_queries',
  {
    id: serialId(),
    companyId: companyRef(),
    name: text('name').notNull(),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('epcis_queries_company_name_uq').on(t.companyId, t.name)],
);

/** The binding's `schedule` object (cron-like fields: comma lists of numbers or `[a-b]` ranges; omitted: any). */
export type EpcisSchedule = Partial<Record<'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek', string>>;

/**
 * A subscription to a named query (`/epcis/queries/{name}/subscriptions`): its results pushed to `dest` through a
 * webhook endpoint of its own (webhook_endpoints.epcis_subscription_id), on a schedule or as a stream of new events.
 * Each run reports the events recorded in [min_record_time, the run's horizon) and moves min_record_time on.
 */
export const epcisSubscriptions = pgTable(
  'epcis_subscriptions',
  {
    id: serialId(),
    /** The binding's subscriptionID (a UUID). */
    subscriptionId: text('subscription_id').notNull(),
    companyId: companyRef(),
    queryId: requiredRef('query_id', () => epcisQueries.id, { onDelete: 'cascade' }),
    dest: text('dest').notNull(),
    stream: boolean('stream').notNull().default(false),
    schedule: jsonb('schedule').$type<EpcisSchedule>(),
    reportIfEmpty: boolean('report_if_empty').notNull().default(false),
    initialRecordTime: instant('initial_record_time').notNull(),
    /** Events recorded from this instant on are still to report. */
    minRecordTime: instant('min_record_time').notNull(),
    /** The scope of the user who subscribed (null: the whole company): the events a run may report. */
    locationIds: integer('location_ids').array(),
    /** A scheduled subscription's next run. */
    nextRunAt: instant('next_run_at'),
    lastRunAt: instant('last_run_at'),
    lastNotifiedAt: instant('last_notified_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('epcis_subscriptions_subscription_uq').on(t.subscriptionId),
    index('epcis_subscriptions_query_idx').on(t.queryId),
    index('epcis_subscriptions_due_idx').on(t.nextRunAt),
  ],
);
