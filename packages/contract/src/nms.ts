// Shapes of the network management service (/nms) and of the MQTT messages between the server and readers.
import { z } from 'zod';
import { readerStateSchema } from './admin.js';
import { intId } from './common.js';

/** The message the web shows when an /nms call answers 503 (or cannot be reached). */
export const NMS_UNAVAILABLE_MESSAGE = 'Nms is not available, contact support.';
/** A reader is ON when heard from (heartbeat or reads) within this window. */
export const READER_ONLINE_WINDOW_MS = 60_000;

/** GET /nms/device/?mac= answers a list (the web uses the first item). */
export const nmsDeviceSchema = z.object({
  id: z.number(),
  mac: z.string(),
  serial_number: z.string(),
  state: readerStateSchema,
  last_seen_at: z.string().nullable(),
  /** Firmware version last reported. */
  version: z.string(),
  /** Whether the server's broker connection is up (commands can be sent). */
  nms_connected: z.boolean(),
});
export type NmsDevice = z.infer<typeof nmsDeviceSchema>;
export const nmsDeviceQuerySchema = z.object({ mac: z.string().optional() });

/** GET /nms/application/available_apps/ */
export const availableAppSchema = z.object({ application: z.string(), version: z.string(), version_name: z.string() });
export type AvailableApp = z.infer<typeof availableAppSchema>;

/** POST /nms/device/{id}/update_device/ */
export const updateDeviceBodySchema = z.object({ version: z.string().trim().min(1, { error: 'Please enter the version' }) });
export const commandAcceptedSchema = z.object({ id: z.number(), command: z.string(), status: z.literal('sent') });
export type CommandAccepted = z.infer<typeof commandAcceptedSchema>;

export const deviceApplicationSchema = z.object({
  id: z.number(),
  application: z.string(),
  version_name: z.string(),
  /** What the reader last reported. */
  running: z.boolean(),
  /** What an operator asked for (start/stop). */
  desired_running: z.boolean(),
  config: z.record(z.string(), z.string()),
  /** Device (reader) id. */
  device: z.number(),
  version: z.string(),
  updated_at: z.string(),
});
export type DeviceApplication = z.infer<typeof deviceApplicationSchema>;

/** GET /nms/deviceapp/?device= (a list, not paged). */
export const deviceAppQuerySchema = z.object({ device: intId().optional() });

/** POST /nms/deviceapp/ (install an application from the available ones). */
export const deviceAppCreateBodySchema = z.object({
  device: z.number().int().positive(),
  application: z.string().trim().min(1),
  version: z.string().trim().optional(),
  config: z.record(z.string(), z.string()).optional().default({}),
});

/** PUT /nms/deviceapp/{id}/ {config, device, version} */
export const deviceAppUpdateBodySchema = z.object({
  config: z.record(z.string(), z.string()),
  device: z.number().int().positive().optional(),
  version: z.string().trim().optional(),
});
export type DeviceAppUpdateBody = z.input<typeof deviceAppUpdateBodySchema>;

/* ------------------------------------------------------------------ MQTT messages */

/** The MAC as a topic segment: 12 upper-case hex digits, no separators (as `readers/<mac>/reads`). */
export const macTopicSegment = (mac: string): string => mac.replace(/[^0-9A-Fa-f]/g, '').toUpperCase();
export const readerCommandsTopic = (mac: string) => `readers/${macTopicSegment(mac)}/commands`;
export const readerStatusTopic = (mac: string) => `readers/${macTopicSegment(mac)}/status`;
export const READER_STATUS_FILTER = 'readers/+/status';

/** An application package the configure and install commands name: its version and its configuration. */
const packageFields = {
  application: z.string(),
  version: z.string(),
  config: z.record(z.string(), z.string()),
  request_id: z.string(),
};

/** Server → reader on `readers/<MAC>/commands` (MAC as 12 hex digits, e.g. readers/84248D000001/commands). */
export const readerCommandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('start'), application: z.string(), request_id: z.string() }),
  z.object({ command: z.literal('stop'), application: z.string(), request_id: z.string() }),
  z.object({
    command: z.literal('configure'),
    ...packageFields,
  }),
  z.object({
    command: z.literal('install'),
    ...packageFields,
  }),
  z.object({ command: z.literal('uninstall'), application: z.string(), request_id: z.string() }),
  z.object({ command: z.literal('update_device'), version: z.string(), request_id: z.string() }),
]);
export type ReaderCommand = z.infer<typeof readerCommandSchema>;

export const reportedApplicationSchema = z.object({
  application: z.string(),
  version: z.string().optional(),
  version_name: z.string().optional(),
  running: z.boolean(),
});
export type ReportedApplication = z.infer<typeof reportedApplicationSchema>;

/**
 * Reader → server on `readers/<MAC>/status` (any MAC spelling is accepted): every message is a heartbeat (sets last_seen_at);
 * `applications`, when present, is the full list of installed applications and their states.
 */
export const readerStatusSchema = z.object({
  firmware_version: z.string().optional(),
  applications: z.array(reportedApplicationSchema).optional(),
  /** The command this message answers, if any. */
  request_id: z.string().optional(),
});
export type ReaderStatus = z.infer<typeof readerStatusSchema>;
