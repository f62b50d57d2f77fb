import { isValidMac, normalizeMac, readerStatusSchema } from '@rfid/contract';
import type { NmsRepository } from '../nms.repository.js';
import type { ReaderCommands } from '../nms-commands.js';

/** The JSON of a status message; `{}` when empty or not JSON. */
const jsonOf = (payload: Buffer): unknown => {
  try {
    return payload.length ? JSON.parse(payload.toString('utf8')) : {};
  } catch {
    return {};
  }
};

/**
 * A message on `readers/<mac>/status`: the reader is heard from now (its firmware version when reported); the
 * applications it reports are stored (the reader pages told), and any whose running state differs from the desired
 * one is sent its start or stop again, while the broker is connected (so a command missed while the reader was OFF
 * still lands). A reader not known by its MAC is ignored.
 */
export const recordReaderStatus = async (
  {
    repo,
    commands,
  }: {
    repo: Pick<NmsRepository, 'deviceByMac' | 'touch' | 'reportedLive' | 'saveReported'>;
    commands: Pick<ReaderCommands, 'isConnected' | 'resend'>;
  },
  { topic, payload, now }: { topic: string; payload: Buffer; now: Date },
): Promise<void> => {
  const macPart = topic.split('/')[1] ?? '';
  if (!isValidMac(macPart)) return;
  const mac = normalizeMac(macPart);
  const device = await repo.deviceByMac(mac);
  if (!device) return;
  const parsed = readerStatusSchema.safeParse(jsonOf(payload));
  const status = parsed.success ? parsed.data : {};
  await repo.touch(device.id, now, status.firmware_version);
  if (!status.applications) return;
  // The reader pages hear of a reported status (its applications); a bare "still here" is not worth a row.
  await repo.reportedLive(device, status.applications.length);
  const apps = await repo.saveReported(
    device.id,
    status.applications.map((a) => ({
      application: a.application,
      running: a.running,
      version: a.version,
      versionName: a.version_name,
    })),
  );
  const reported = new Set(status.applications.map((a) => a.application));
  for (const app of apps) {
    if (!reported.has(app.application) || app.running === app.desiredRunning) continue;
    if (!commands.isConnected()) break;
    await commands.resend(mac, { command: app.desiredRunning ? 'start' : 'stop', application: app.application });
  }
};
