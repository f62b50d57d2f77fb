import { randomUUID } from 'node:crypto';
import { type ReaderCommand, readerCommandsTopic } from '@rfid/contract';
import type { ReaderBus } from '../../broker/bus.js';
import { AppError } from '../../http/errors.js';

/** A reader command without its request id (each one sent gets a new id). */
type WithoutRequestId<C> = C extends unknown ? Omit<C, 'request_id'> : never;
export type CommandWithoutId = WithoutRequestId<ReaderCommand>;

/** A publish that has not completed by then means the broker is not answering. */
const PUBLISH_TIMEOUT_MS = 5000;

type Logger = { warn: (obj: object, msg: string) => void };

/** How the NMS use cases speak to readers (MQTT `readers/<mac>/commands`), each command with a new request id. */
export type ReaderCommands = {
  isConnected(): boolean;
  /** An operator's command: 503 nms.unavailable when the broker is not connected, does not answer or refuses it. */
  send(mac: string, order: CommandWithoutId): Promise<void>;
  /** A command sent again on the reader's own report (no operator waits: as the broker takes it). */
  resend(mac: string, order: CommandWithoutId): Promise<void>;
};

export const nmsUnavailable = () => new AppError('UNAVAILABLE', { message: 'nms.unavailable' });

export const createReaderCommands = ({ bus, log }: { bus: ReaderBus; log: Logger }): ReaderCommands => ({
  isConnected: () => bus.isConnected(),
  async send(mac, order) {
    const command: ReaderCommand = { ...order, request_id: randomUUID() };
    if (!bus.isConnected()) throw nmsUnavailable();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(nmsUnavailable()), PUBLISH_TIMEOUT_MS);
    });
    try {
      await Promise.race([bus.publish(readerCommandsTopic(mac), command, { qos: 1 }), timeout]);
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.warn({ err: error, mac }, 'nms command publish failed');
      throw nmsUnavailable();
    } finally {
      clearTimeout(timer);
    }
  },
  async resend(mac, order) {
    await bus.publish(readerCommandsTopic(mac), { ...order, request_id: randomUUID() }, { qos: 1 });
  },
});
