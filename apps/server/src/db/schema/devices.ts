import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, requiredRef, rowVersion, serialId, updatedAt } from './columns.js';
import { areaRef, companyRef, locationRef, locations } from './organization.js';

/** RFID readers. A reader sends reads with its device key (stored hashed). */
export const devices = pgTable(
  'devices',
  {
    id: serialId(),
    companyId: companyRef(),
    locationId: locationRef(),
    areaId: areaRef(),
    serialNumber: text('serial_number').notNull(),
    macAddress: text('mac_address').notNull(),
    workingMode: smallint('working_mode').notNull().default(0),
    readerType: smallint('reader_type').notNull().default(0),
    description: text('description').notNull().default(''),
    deviceKeyHash: text('device_key_hash').notNull(),
    /** Last heartbeat or read: a reader is ON when heard from in the last 60 s. */
    lastSeenAt: instant('last_seen_at'),
    firmwareVersion: text('firmware_version').notNull().default(''),
    /**
     * How reads arrive (ReaderConnection in @rfid/contract): 'push' (the reader posts or publishes them: Zebra IoT
     * Connector, Impinj IoT Device Interface, handhelds) or 'llrp' (the server connects to the reader's LLRP port and
     * runs a ROSpec; workers/llrp-client.ts).
     */
    connectionType: text('connection_type').notNull().default('push'),
    /** LLRP only: the reader's host name or IP, its port (5084), the antennas to read (empty: all) and their power. */
    llrpHost: text('llrp_host'),
    llrpPort: integer('llrp_port').notNull().default(5084),
    llrpAntennas: jsonb('llrp_antennas').$type<number[]>().notNull().default([]),
    /** Transmit power in dBm (null: the reader's own setting). */
    llrpPowerDbm: doublePrecision('llrp_power_dbm'),
    version: rowVersion(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('devices_mac_uq').on(t.macAddress),
    uniqueIndex('devices_key_uq').on(t.deviceKeyHash),
    index('devices_location_idx').on(t.locationId),
    index('devices_serial_idx').on(t.serialNumber),
  ],
);

/**
 * The LLRP connection to a reader, one process at a time: the process (`owner`) holding the lease keeps the reader's
 * TCP connection and renews `lease_until`; a lease that ran out (its process died) is claimed by any process. `state`,
 * `last_error` and the times are what the admin screen shows.
 */
export const readerLinks = pgTable('reader_links', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  owner: text('owner').notNull(),
  leaseUntil: instant('lease_until').notNull(),
  /** ReaderLinkState in @rfid/contract: CONNECTING, CONNECTED, RETRYING. */
  state: text('state').notNull(),
  lastError: text('last_error'),
  connectedAt: instant('connected_at'),
  lastReportAt: instant('last_report_at'),
  updatedAt: updatedAt(),
});

/** Applications installed on a reader (NMS): desired and reported running state, config. */
export const deviceApplications = pgTable(
  'device_applications',
  {
    id: serialId(),
    deviceId: requiredRef('device_id', () => devices.id, { onDelete: 'cascade' }),
    application: text('application').notNull(),
    version: text('version').notNull().default(''),
    versionName: text('version_name').notNull().default(''),
    /** What the reader last reported. */
    running: boolean('running').notNull().default(false),
    /** What an operator asked for; sent to the reader as a command. */
    desiredRunning: boolean('desired_running').notNull().default(false),
    config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('device_applications_uq').on(t.deviceId, t.application)],
);

export const printers = pgTable(
  'printers',
  {
    id: serialId(),
    companyId: companyRef(),
    locationId: locationRef(),
    areaId: areaRef(),
    description: text('description').notNull().default(''),
    mac: text('mac').notNull(),
    ipAddress: text('ip_address').notNull(),
    port: integer('port').notNull(),
    serialNumber: text('serial_number').notNull().default(''),
    /** Print head resolution in dots per inch (203, 300 or 600): label templates, drawn at 203 dpi, are scaled to it. */
    dpi: smallint('dpi').notNull().default(203),
    version: rowVersion(),
    createdAt: createdAt(),
  },
  (t) => [index('printers_location_idx').on(t.locationId)],
);

/** Location logos, kept apart from the location row so lists never load them. */
export const locationLogos = pgTable('location_logos', {
  locationId: integer('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  bytes: text('bytes_base64').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
});
