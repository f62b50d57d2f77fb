// `npm run audit:check` (docs/audit.md): walks the audit log's hash chain of the database the server's configuration
// names (DATABASE_URL, else the embedded database in DATA_DIR) and names the first broken row. Exit 0: the chain holds;
// 1: a row was changed or removed; 2: the database could not be read (an embedded one in use by a running server).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { createAuditRepository } from './audit.repository.js';
import { type AuditCheck, checkAuditChain } from './use-cases/check-audit-chain.js';

/** The check's report line and exit code. */
export const auditCheckReport = (check: AuditCheck): { text: string; exitCode: 0 | 1 } =>
  check.ok
    ? { text: `audit log intact: ${check.count} rows checked.`, exitCode: 0 }
    : {
        text:
          check.broken.reason === 'hash'
            ? `audit log BROKEN at row ${check.broken.id}: its content was changed after it was written.`
            : `audit log BROKEN at row ${check.broken.id}: it does not follow the row before it (a row before it was removed or changed).`,
        exitCode: 1,
      };

export const runAuditCheck = async (options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<{ text: string; exitCode: number }> => {
  if (!options.databaseUrl && !existsSync(options.dataDir)) {
    return { text: `no database: DATA_DIR ${options.dataDir} does not exist and DATABASE_URL is not set.`, exitCode: 2 };
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: options.dataDir });
  } catch (error) {
    return { text: `cannot open the database: ${(error as Error).message}`, exitCode: 2 };
  }
  try {
    return auditCheckReport(await checkAuditChain(createAuditRepository(database.db)));
  } catch (error) {
    return { text: `cannot read the audit log: ${(error as Error).message}`, exitCode: 2 };
  } finally {
    await database.close();
  }
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = loadConfig();
  const { text, exitCode } = await runAuditCheck({
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    dataDir: config.dataDir,
  });
  (exitCode === 0 ? console.log : console.error)(text);
  process.exit(exitCode);
}
