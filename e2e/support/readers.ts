import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser';
import type { Api } from './journey-api';

/**
 * Readers for the journeys: the demo readers (README, "Readers"), readers the admin adds through
 * the API, reading sets posted with a device key, and the reader simulator. Not a test file itself.
 */

/** A reader as a reading set names it (its serial number) and its device key. */
export type Reader = { device: string; key: string };

/** A demo reader: its key is `demo-<serial in lower case>`. */
export const demoReader = (serial: string): Reader => ({ device: serial, key: `demo-${serial.toLowerCase()}` });

/** A MAC address made of a run number and a last byte (readers added by different files and runs never collide). */
export const macOf = (run: number, last: number): string => {
  const hex = run.toString(16).padStart(6, '0').slice(-6);
  return `02:E2:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}:${last.toString(16).padStart(2, '0')}`.toUpperCase();
};

/** A reader added as the admin does it (POST /readers/), in an area of a location, as tools/simulator/src/day.ts does. */
export const addReader = async (
  api: Api,
  { serial, mac, locationId, area, mode }: { serial: string; mac: string; locationId: number; area: string; mode: number },
): Promise<Reader> => {
  const areas = await api<{ results: Array<{ id: number; description: string }> }>(
    'GET',
    `/locations/${locationId}/areas/?limit=100`,
  );
  const found = areas.json.results.find((row) => row.description === area);
  if (!found) throw new Error(`no area ${area}`);
  const created = await api<{ device_key: string }>('POST', '/readers/', {
    serial_number: serial,
    mac_address: mac,
    locationArea1_id: found.id,
    working_mode: mode,
    reader_type: 0,
    description: `e2e reader (mode ${mode})`,
  });
  expect(created.status).toBe(201);
  return { device: serial, key: created.json.device_key };
};

/** An online exit reader (mode 6) the admin adds in the "Expedición" area of a center. */
export const addExitReader = (api: Api, { serial, mac, locationId }: { serial: string; mac: string; locationId: number }) =>
  addReader(api, { serial, mac, locationId, area: 'Expedición', mode: 6 });

/** What POST /readingsets/ answers: the stored set and who claimed it (null: a free reading set). */
export type StoredSet = { id: string; claimed_by: string | null };

/** One reading set (POST /readingsets/ with the reader's key), two seconds long from `at`; it must be stored (201). */
export const readSet = async (
  reader: Reader,
  { epcs, codebar, at = new Date() }: { epcs: string[]; codebar?: string; at?: Date },
): Promise<StoredSet> => {
  const response = await fetch(`${baseUrl()}/api/readingsets/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Device ${reader.key}` },
    body: JSON.stringify({
      id: randomUUID(),
      device: reader.device,
      ...(codebar ? { codebar } : {}),
      start_time: at.toISOString(),
      end_time: new Date(at.getTime() + 2_000).toISOString(),
      epcs,
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as StoredSet;
};

/** A box read by a reader of a verifying mode: the set becomes a verification of the box, not a free reading set. */
export const readBox = async (reader: Reader, read: { codebar: string; epcs: string[]; at?: Date }): Promise<StoredSet> => {
  const stored = await readSet(reader, read);
  expect(stored.claimed_by).toBe('verification');
  return stored;
};

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The reader simulator (npm run simulate) sends one reading set from a demo reader, with a barcode or without; answers the set's id. */
export const simulate = async (device: string, codebar: string | null, epcs: string[]): Promise<string> => {
  const args = ['tools/simulator/dist/cli.js', 'tunnel', '--server', baseUrl(), '--device', device];
  if (codebar) args.push('--codebar', codebar);
  for (const epc of epcs) args.push('--epc', epc);
  args.push('--json');
  const { stdout } = await run('node', args, { cwd: ROOT });
  const report = JSON.parse(stdout) as { reports: Array<{ sets: string[]; results: Array<{ status: number }> }> };
  const [first] = report.reports;
  expect(first?.results.every((result) => result.status === 201)).toBe(true);
  return first?.sets[0] as string;
};

/** A key as Chromium's DevTools protocol dispatches it (what Playwright's keyboard sends for the same character). */
type KeyEvent = { key: string; code: string; windowsVirtualKeyCode: number; text: string };

const wedgeKey = (char: string): KeyEvent => {
  if (char === '\n') return { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' };
  if (/^[0-9]$/.test(char)) return { key: char, code: `Digit${char}`, windowsVirtualKeyCode: char.charCodeAt(0), text: char };
  if (/^[A-Za-z]$/.test(char)) {
    const upper = char.toUpperCase();
    return { key: char, code: `Key${upper}`, windowsVirtualKeyCode: upper.charCodeAt(0), text: char };
  }
  throw new Error(`a wedge types hexadecimal digits and Enter, not ${JSON.stringify(char)}`);
};

/** A handheld's keyboard wedge on a page: `types(epcs)` types each EPC ended by Enter into no field. */
export type Wedge = { types: (epcs: string[]) => Promise<void> };

/**
 * The keyboard wedge of a handheld on `page`: real key presses (the browser's own input events, as
 * `page.keyboard.type` sends them), but sent back to back as a wedge does, without waiting for each key to be handled
 * before the next (Playwright's `type` waits: 300 EPCs took 10–17 s). `types` resolves when the browser has dispatched
 * every key. Made before the page goes offline: a DevTools session attached while offline brings the network back.
 */
export const wedgeOn = async (page: Page): Promise<Wedge> => {
  const cdp = await page.context().newCDPSession(page);
  const types = async (epcs: string[]): Promise<void> => {
    const keys = epcs.flatMap((epc) => [...`${epc}\n`].map(wedgeKey));
    // Each key stamped as the wedge types it, a millisecond after the one before (the event's `timeStamp`, which the
    // page's wedge reads to tell one EPC from the next), not when a loaded test machine gets round to sending it: at
    // load 10 a pause of over 2 s inside an EPC made its tail a new EPC (CI, 2026-12-01: 301 counted of 300).
    const startedAt = Date.now() / 1000;
    await Promise.all(
      keys.flatMap((key, index) => {
        const timestamp = startedAt + index / 1000;
        return [
          cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, unmodifiedText: key.text, timestamp }),
          cdp.send('Input.dispatchKeyEvent', {
            type: 'keyUp',
            key: key.key,
            code: key.code,
            windowsVirtualKeyCode: key.windowsVirtualKeyCode,
            timestamp,
          }),
        ];
      }),
    );
  };
  return { types };
};
