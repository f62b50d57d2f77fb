import { execFile } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Writes zeros to `file` until its disk has no byte left (ENOSPC), smaller and smaller chunks at the end. */
export const fillFile = (file: string): void => {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    for (let size = 512 * 1024; size >= 512; size = Math.floor(size / 2)) {
      try {
        for (;;) writeSync(fd, chunk.subarray(0, size));
      } catch {
        // full at this size; try a smaller one
      }
    }
  } finally {
    closeSync(fd);
  }
};

export type SmallDisk = {
  /** The mounted folder. */
  dir: string;
  /** Writes a file of zeros until the disk has no byte left. */
  fill: () => void;
  /** Removes that file. */
  free: () => void;
  unmount: () => Promise<void>;
};

/**
 * A small file system of the test's own that it can fill (a tmpfs of `sizeMb`), or the reason there is none: mounting
 * needs root (or CAP_SYS_ADMIN), which a developer's machine may not give. The tests that need one skip and say why.
 */
export const mountSmallDisk = async (sizeMb: number): Promise<SmallDisk | { skip: string }> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rfid-small-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `cannot mount a ${sizeMb} MB tmpfs (${(error as Error).message.split('\n')[0]})` };
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill: () => fillFile(filler),
    free: () => rmSync(filler, { force: true }),
    unmount: async () => {
      await run('umount', [dir]).catch(() => run('umount', ['-l', dir]));
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
