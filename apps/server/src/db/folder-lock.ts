import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** Thrown when another live process already holds the data folder. */
export class FolderLockedError extends Error {}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The process holding the data folder (`pid@host` of its `server.lock`), whether alive or not; undefined when none. */
export const lockOwner = (dataDir: string): { pid: number; host: string } | undefined => {
  let owner: string;
  try {
    owner = readFileSync(path.join(dataDir, 'server.lock'), 'utf8').trim();
  } catch {
    return undefined;
  }
  const [pid, ...host] = owner.split('@');
  const number = Number(pid);
  return Number.isInteger(number) && number > 0 ? { pid: number, host: host.join('@') } : undefined;
};

/**
 * The embedded database is one process's: a second server on the same folder would acknowledge
 * writes that the first one overwrites. `server.lock` holds the owner's pid and host; a lock
 * left by a process that died (kill -9) is taken over. Answers the release function.
 */
export const lockDataFolder = (dataDir: string): (() => void) => {
  const file = path.join(dataDir, 'server.lock');
  const me = `${process.pid}@${hostname()}`;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, me);
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === me) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = '';
    try {
      owner = readFileSync(file, 'utf8').trim();
    } catch {
      continue; // released meanwhile: try again
    }
    // The pid is checked on this host only: a container restarted with a new host name must not be locked out.
    const pid = Number(owner.split('@')[0]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new FolderLockedError(
        `The data folder ${dataDir} is in use by another server process (${owner}). The embedded database serves one process only: stop that process, give this one another DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several processes.`,
      );
    }
    // Left by a process that died: move it aside (only one of several starting processes can), then take it.
    try {
      renameSync(file, `${file}.stale-${process.pid}`);
      rmSync(`${file}.stale-${process.pid}`, { force: true });
    } catch {
      // another process moved it first
    }
  }
  throw new FolderLockedError(`Could not lock the data folder ${dataDir}; try again.`);
};
