import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.js';
import { companyRef, locations, users } from './organization.js';

/** EPCIS capture jobs (POST /epcis/capture): one per captured document (issue 17). */
export const epcisCaptures = pgTable(
  'epcis_captures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyRef(),
    userId: integer('user_id').references(() => users.id),
    /** running | succeeded | failed */
    state: text('state').notNull(),
    eventCount: integer('event_count').notNull().default(0),
    /** What failed, when it failed (messages per event). */
    errors: jsonb('errors').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
    finishedAt: instant('finished_at'),
  },
  (t) => [index('epcis_captures_company_idx').on(t.companyId, t.id)],
);

/**
 * GS1 EPCIS 2.0 events (issue 17): those the items ledger made, and those captured. `document` is the event as
 * EPCIS 2.0 JSON-LD; the other columns are what the query interface filters on. Partitioned by month of `event_time`
 * (migration 0032, docs/history-at-scale.md): the primary key and the event ID's unique index include it.
 */
export const epcisEvents = pgTable(
  'epcis_events',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** The standard's eventID (the event hash ID `ni:///sha-256;…` for the product's events). */
    eventId: text('event_id').notNull(),
    companyId: companyRef(),
    /** The location it happened at (scope); null when it is none of the company's (a captured event elsewhere). */
    locationId: integer('location_id').references(() => locations.id),
    eventType: text('event_type').notNull(),
    action: text('action'),
    bizStep: text('biz_step'),
    disposition: text('disposition'),
    eventTime: instant('event_time').notNull(),
    recordTime: instant('record_time').notNull().defaultNow(),
    readPoint: text('read_point'),
    bizLocation: text('biz_location'),
    /** Every EPC the event names (epcList, childEPCs, parentID, input/output lists), for MATCH_epc. */
    epcs: text('epcs').array().notNull().default([]),
    captureId: bigint('capture_id', { mode: 'number' }).references(() => epcisCaptures.id),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'epcis_events_pkey', columns: [t.id, t.eventTime] }),
    // An event ID is stored once per event time: its hash ID covers the time, and a resent capture repeats it.
    uniqueIndex('epcis_events_company_event_uq').on(t.companyId, t.eventId, t.eventTime),
    index('epcis_events_company_time_idx').on(t.companyId, t.eventTime, t.id),
    index('epcis_events_epcs_idx').using('gin', t.epcs),
  ],
);

/**
 * Live updates (issue 17): one row per change the browsers should hear of, written in the transaction of the change
 * and announced by NOTIFY after it commits; the SSE stream resumes from `id` (Last-Event-ID). Old rows are pruned.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyRef(),
    /** The location it concerns (scope); null: the whole company. */
    locationId: integer('location_id').references(() => locations.id),
    /** What changed, e.g. items, reading-set, alarm, order, box, inventory, device. */
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_company_idx').on(t.companyId, t.id), index('live_events_created_idx').on(t.createdAt)],
);
