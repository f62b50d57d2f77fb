import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { areas, companies, locations } from './organization.js';

/** RFID readers. A reader sends reads with its device key (stored hashed). */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    serialNumber: text('serial_number').notNull(),
    macAddress: text('mac_address').notNull(),
    workingMode: smallint('working_mode').notNull().default(0),
    readerType: smallint('reader_type').notNull().default(0),
    description: text('description').notNull().default(''),
    deviceKeyHash: text('device_key_hash').notNull(),
    /** Last heartbeat or read: a reader is ON when heard from in the last 60 s. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    firmwareVersion: text('firmware_version').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_mac_uq').on(t.macAddress),
    uniqueIndex('devices_key_uq').on(t.deviceKeyHash),
    index('devices_location_idx').on(t.locationId),
    index('devices_serial_idx').on(t.serialNumber),
  ],
);

/** Applications installed on a reader (NMS): desired and reported running state, config. */
export const deviceApplications = pgTable(
  'device_applications',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    application: text('application').notNull(),
    version: text('version').notNull().default(''),
    versionName: text('version_name').notNull().default(''),
    /** What the reader last reported. */
    running: boolean('running').notNull().default(false),
    /** What an operator asked for; sent to the reader as a command. */
    desiredRunning: boolean('desired_running').notNull().default(false),
    config: jsonb('config').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_applications_uq').on(t.deviceId, t.application)],
);

export const printers = pgTable(
  'printers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    description: text('description').notNull().default(''),
    mac: text('mac').notNull(),
    ipAddress: text('ip_address').notNull(),
    port: integer('port').notNull(),
    serialNumber: text('serial_number').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
