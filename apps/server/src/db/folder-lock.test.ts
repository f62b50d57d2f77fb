import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderLockedError, lockDataFolder } from './folder-lock.js';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rfid-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A pid that was alive a moment ago and is not any more. */
const deadPid = (): number => {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
};

describe('data folder lock', () => {
  it('lets one process hold the folder and refuses a second one with a clear message', () => {
    const dir = folder();
    const release = lockDataFolder(dir);
    // Another live process holds it (our parent stands for the other server process).
    writeFileSync(path.join(dir, 'server.lock'), `${process.ppid}@somehost`);
    expect(() => lockDataFolder(dir)).toThrow(FolderLockedError);
    expect(() => lockDataFolder(dir)).toThrow(/in use by another server process/);
    release(); // not ours any more: left alone
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(true);
  });

  it('takes over the lock of a process that died (kill -9) and releases it on close', () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'server.lock'), `${deadPid()}@${'old-container'}`);
    const release = lockDataFolder(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid}@`));
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
    // free again
    lockDataFolder(dir)();
  });
});
