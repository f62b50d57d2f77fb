import type { AuthUser } from '../../../plugins/auth.js';
import type { NmsRepository } from '../nms.repository.js';
import type { ReaderCommands } from '../nms-commands.js';
import { requireApp } from './nms-scope.js';

/** DELETE /nms/deviceapp/{id}/: uninstalls the application on the reader (503 when not sent), then forgets it. */
export const removeApp = async (
  { repo, commands }: { repo: Pick<NmsRepository, 'app' | 'deleteApp'>; commands: Pick<ReaderCommands, 'send'> },
  { user, id }: { user: AuthUser; id: number },
): Promise<void> => {
  const app = await requireApp(repo, user, id);
  await commands.send(app.mac, { command: 'uninstall', application: app.application });
  await repo.deleteApp(id);
};
