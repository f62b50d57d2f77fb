import {
  type ReaderCommand,
  type ReaderStatus,
  type ReportedApplication,
  readerCommandSchema,
  readerCommandsTopic,
  readerStatusTopic,
} from '@rfid/contract';
import mqtt, { type MqttClient } from 'mqtt';

export type AgentApplication = { application: string; version: string; running: boolean; config?: Record<string, string> };

export type NmsAgentOptions = {
  /** Broker URL, e.g. mqtt://127.0.0.1:1883. */
  url: string;
  /** The reader's MAC address (any spelling). */
  mac: string;
  /** Installed applications at start; by default one stopped `rfid-reader`. */
  applications?: AgentApplication[];
  firmwareVersion?: string;
  /** Heartbeat period (default 5 s; the server counts a reader ON for 60 s after one). */
  heartbeatMs?: number;
  /** Called after each command is applied (for logs and tests). */
  onCommand?: (command: ReaderCommand) => void;
};

export type NmsAgent = {
  /** The agent's applications as it would report them now. */
  applications: () => AgentApplication[];
  stop: () => Promise<void>;
};

/**
 * A minimal reader-side NMS agent: listens on `readers/<mac>/commands`, applies start, stop,
 * configure, install, uninstall and update_device to its in-memory applications, and publishes
 * `readers/<mac>/status` (firmware version and every application's running state) on start,
 * after each command and every `heartbeatMs`.
 */
export const startNmsAgent = async ({
  url,
  mac,
  applications = [{ application: 'rfid-reader', version: '2.3.1', running: false }],
  firmwareVersion = '3.10.2',
  heartbeatMs = 5000,
  onCommand,
}: NmsAgentOptions): Promise<NmsAgent> => {
  const apps = new Map(applications.map((a) => [a.application, { ...a, config: { ...(a.config ?? {}) } }]));
  let firmware = firmwareVersion;
  const statusTopic = readerStatusTopic(mac);
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: `nms-agent-${mac.replace(/\W/g, '')}-${Math.random().toString(16).slice(2, 8)}`,
    clean: true,
    reconnectPeriod: 2000,
  });

  const status = (requestId?: string): ReaderStatus => ({
    firmware_version: firmware,
    applications: [...apps.values()].map(
      (a): ReportedApplication => ({ application: a.application, version: a.version, running: a.running }),
    ),
    ...(requestId ? { request_id: requestId } : {}),
  });
  const publishStatus = async (requestId?: string) => {
    if (!client.connected) return;
    await client.publishAsync(statusTopic, JSON.stringify(status(requestId)), { qos: 1 });
  };

  const apply = (command: ReaderCommand) => {
    switch (command.command) {
      case 'start':
      case 'stop': {
        const app = apps.get(command.application);
        if (app) app.running = command.command === 'start';
        break;
      }
      case 'configure': {
        const app = apps.get(command.application);
        if (app) {
          app.config = { ...command.config };
          app.version = command.version || app.version;
        }
        break;
      }
      case 'install':
        apps.set(command.application, {
          application: command.application,
          version: command.version,
          running: false,
          config: { ...command.config },
        });
        break;
      case 'uninstall':
        apps.delete(command.application);
        break;
      case 'update_device':
        firmware = command.version;
        break;
      default: {
        const exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(exhaustive)}`);
      }
    }
  };

  client.on('message', (_topic, payload) => {
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const parsed = readerCommandSchema.safeParse(json);
    if (!parsed.success) return;
    apply(parsed.data);
    onCommand?.(parsed.data);
    publishStatus(parsed.data.request_id).catch(() => {});
  });
  await client.subscribeAsync(readerCommandsTopic(mac), { qos: 1 });
  await publishStatus();
  const timer = setInterval(() => {
    publishStatus().catch(() => {});
  }, heartbeatMs);

  return {
    applications: () => [...apps.values()].map((a) => ({ ...a, config: { ...a.config } })),
    stop: async () => {
      clearInterval(timer);
      await client.endAsync();
    },
  };
};
