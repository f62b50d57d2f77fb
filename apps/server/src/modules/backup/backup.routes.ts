import { errorBodySchema } from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, conflict, notFound } from '../../http/errors.js';
import type { ModuleDeps } from '../registry.js';
import { packBackup } from './backup-archive.js';
import { BackupMethod, backupFileName } from './backup-manifest.js';
import { isBackupKey } from './server-file.js';
import { embeddedBackupSource, takeEmbeddedBackup } from './use-cases/take-embedded-backup.js';

const SCHEME = 'Backup ';

/**
 * GET /api/backup/: a hot backup of the embedded database, taken by this server's own PGlite (the only consistent copy
 * of a data folder in use: docs/backup.md), as a backup file (backup-archive.ts). Not a user's call: it holds every
 * company's data, so it takes the server's backup key (BACKUP_KEY, or the one in DATA_DIR/server.json), not a token.
 */
export const backupRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { database, config }) => {
  let busy = false;
  app.get(
    '/backup/',
    {
      config: { public: true },
      schema: {
        tags: ['backup'],
        summary:
          'A hot backup of the embedded database (a tar file); Authorization: Backup <BACKUP_KEY>. npm run backup calls it.',
        response: { 200: z.any(), 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const key = config.backupKey;
      if (!key) throw notFound('backup.off');
      const header = request.headers.authorization ?? '';
      if (!header.startsWith(SCHEME) || !isBackupKey(header.slice(SCHEME.length).trim(), key)) {
        throw new AppError('UNAUTHENTICATED', { message: 'backup.bad_key' });
      }
      if (database.kind !== 'pglite') throw conflict('backup.use_pg_dump');
      // One at a time: each holds a copy of the data folder in memory while it is taken.
      if (busy) throw conflict('backup.busy');
      busy = true;
      try {
        const { manifest, payload, pausedMs } = await takeEmbeddedBackup(embeddedBackupSource(database), {
          method: BackupMethod.PgliteServer,
        });
        request.log.info({ migration: manifest.migration.tag, bytes: payload.length, pausedMs }, 'backup taken');
        return reply
          .type('application/x-tar')
          .header('content-disposition', `attachment; filename="${backupFileName(manifest)}"`)
          .header('cache-control', 'no-store')
          .send(packBackup(manifest, payload));
      } finally {
        busy = false;
      }
    },
  );
};
