import { foundOr } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { NmsRepository } from '../nms.repository.js';
import type { ReaderCommands } from '../nms-commands.js';

/** Applications readers may run (the catalogue offered by GET /nms/application/available_apps/). */
export const AVAILABLE_APPS = [
  { application: 'rfid-reader', version: '2.3.1', version_name: 'RFID reader 2.3.1' },
  { application: 'edge-filter', version: '1.2.0', version_name: 'Edge filter 1.2.0' },
  { application: 'gpio-lights', version: '1.0.4', version_name: 'GPIO lights 1.0.4' },
] as const;

/** An application of a reader the user sees, with the reader's MAC; else 404. */
export const requireApp = async (repo: Pick<NmsRepository, 'app'>, user: AuthUser, id: number) => {
  return foundOr(repo.app(user, id), 'nms.application_not_found');
};

/** A reader the user sees; else 404. */
export const requireDevice = async (repo: Pick<NmsRepository, 'device'>, user: AuthUser, id: number) => {
  return foundOr(repo.device(user, id), 'nms.device_not_found');
};

/** Sends an application with its configuration to the reader, in the version asked or else `current`; answers that version. */
export const sendApp = async (
  commands: Pick<ReaderCommands, 'send'>,
  mac: string,
  { command, application, current }: { command: 'install' | 'configure'; application: string; current: string },
  body: { version?: string | undefined; config: Record<string, string> },
): Promise<string> => {
  const version = body.version || current;
  await commands.send(mac, { command, application, version, config: body.config });
  return version;
};
