import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * `<DATA_DIR>/server.json`: where the server that holds the data folder answers, and its backup key. The server on the
 * embedded database writes it once it listens (readable by its user only) and removes it when it stops; `npm run
 * backup` reads it to ask that server for a hot backup. Whoever can read the data folder can copy the database anyway:
 * the key gives nothing more.
 */
export const SERVER_FILE = 'server.json';

const serverFileSchema = z.object({ pid: z.number().int().positive(), url: z.url(), key: z.string().min(16) });
export type ServerFile = z.infer<typeof serverFileSchema>;

/** A backup key for one start of the server (when BACKUP_KEY is not set). */
export const newBackupKey = (): string => randomBytes(32).toString('base64url');

/** Whether `given` is the backup key, compared in constant time. */
export const isBackupKey = (given: string, key: string): boolean => {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(key));
};

/** The address this host reaches a server on, from its HOST and port (0.0.0.0 and :: are every address: loopback). */
export const localUrl = (host: string, port: number): string => {
  const local = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
};

/** Writes the server file (through a new file renamed over, so that a reader never sees half); answers its removal. */
export const writeServerFile = (dataDir: string, info: ServerFile): (() => void) => {
  const file = path.join(dataDir, SERVER_FILE);
  const next = `${file}.${process.pid}`;
  writeFileSync(next, `${JSON.stringify(info)}\n`, { mode: 0o600 });
  renameSync(next, file);
  return () => {
    try {
      if (readServerFile(dataDir)?.pid === info.pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
};

/** The server file of a data folder, or undefined (none, or not readable as one). */
export const readServerFile = (dataDir: string): ServerFile | undefined => {
  try {
    const parsed = serverFileSchema.safeParse(JSON.parse(readFileSync(path.join(dataDir, SERVER_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};
