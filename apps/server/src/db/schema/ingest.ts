import { bigserial, doublePrecision, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { instant, requiredRef } from './columns.js';
import { devices } from './devices.js';

/**
 * Single reads streamed by portal readers (Zebra IoT Connector, Impinj IoT Device Interface),
 * committed here before they are acknowledged and grouped into reading sets by an idle gap.
 * A flushed group becomes a reading set and its rows are deleted in the same transaction. The
 * unique key makes a redelivered message (MQTT QoS 1, HTTP retry) land once.
 */
export const readerStreamReads = pgTable(
  'reader_stream_reads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    deviceId: requiredRef('device_id', () => devices.id, { onDelete: 'cascade' }),
    epc: text('epc').notNull(),
    readAt: instant('read_at').notNull(),
    antenna: smallint('antenna').notNull().default(0),
    /** Peak RSSI in dBm, to 0.01 dBm (Impinj reports centi-dBm). */
    rssi: doublePrecision('rssi'),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reader_stream_reads_uq').on(t.deviceId, t.readAt, t.epc, t.antenna)],
);
