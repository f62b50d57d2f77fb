import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isBackupKey, localUrl, newBackupKey, readServerFile, SERVER_FILE, writeServerFile } from './server-file.js';

const dir = mkdtempSync(path.join(tmpdir(), 'rfid-server-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the server file of a data folder', () => {
  it('says where the server answers and its key, readable by its user only; removed by its writer only', () => {
    const key = newBackupKey();
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(newBackupKey()).not.toBe(key);
    const remove = writeServerFile(dir, { pid: 4242, url: 'http://127.0.0.1:3000', key });
    const file = path.join(dir, SERVER_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ pid: 4242, url: 'http://127.0.0.1:3000', key });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readServerFile(dir)).toEqual({ pid: 4242, url: 'http://127.0.0.1:3000', key });
    // Another server wrote its own since: this one's removal leaves it.
    writeServerFile(dir, { pid: 4343, url: 'http://127.0.0.1:3001', key });
    remove();
    expect(readServerFile(dir)?.pid).toBe(4343);
    writeFileSync(file, '{"pid": "x"}');
    expect(readServerFile(dir)).toBeUndefined();
    rmSync(file);
    expect(readServerFile(dir)).toBeUndefined();
    expect(existsSync(file)).toBe(false);
  });

  it('gives the loopback address for a server on every address', () => {
    expect(localUrl('0.0.0.0', 3000)).toBe('http://127.0.0.1:3000');
    expect(localUrl('::', 3000)).toBe('http://[::1]:3000');
    expect(localUrl('10.0.0.5', 8080)).toBe('http://10.0.0.5:8080');
  });

  it('compares keys whole', () => {
    const key = newBackupKey();
    expect(isBackupKey(key, key)).toBe(true);
    expect(isBackupKey(key.slice(0, -1), key)).toBe(false);
    expect(isBackupKey('', key)).toBe(false);
  });
});
