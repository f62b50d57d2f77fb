import { createServer, type Server, type Socket } from 'node:net';
// The reader simulator's seeded generator (mulberry32): the same seed fails the same encodes.
import { seededRandom } from '../../simulator/src/epcs.js';

/**
 * A Zebra ZT411 RFID label printer on raw TCP (port 9100), as strict as the real one:
 *
 * - It takes ZPL, cuts it into label formats (^XA … ^XZ), encodes each format's ^RFW,H EPC into the label's tag, then
 *   prints the label, one every `printMs`. RFID commands run before the label prints (Zebra RFID Programming Guide,
 *   "RFID command overview": the printer runs the RFID commands first).
 * - An encode can fail (a share of them, seeded, or chosen formats): the printer then prints VOID over the label, tries
 *   the next label up to the ^RS "number of labels" (n, default 3) and, failing every time, drops the format and goes on
 *   (^RS error handling N, the default). With ~RVE (~RV "Report RFID Encoding Results") it sends `_+,r_` after a
 *   format encoded and `_-,r_` after one that failed, r being the retries.
 * - ~HS (Host Status Return) is answered with its three STX…ETX strings, except while the printer is out of paper,
 *   out of ribbon, has its head open or its head over temperature: the ZPL II guide says the printer does not answer
 *   ~HS in those states (MEDIA OUT, RIBBON OUT, HEAD OPEN, REWINDER FULL, HEAD OVER-TEMPERATURE).
 * - ~HQES (Host Query, error status) is always answered: `PRINTER STATUS`, `ERRORS:` and `WARNINGS:` with the error
 *   flags of the ZPL II guide (media out 1, ribbon out 2, head open 4, printhead over temperature 10 …).
 * - While faulted (or paused) it keeps every format in its buffer and prints them once the fault is cleared, unless
 *   ~JA (Cancel All) arrived, which drops every format not yet printing.
 *
 * It can also be slow, hang (never answer anything: `silent`) or refuse connections. Tests and the CLI set its state
 * and read what it encoded and printed: `encoded` holds every EPC written successfully, so a test can assert that no EPC
 * was encoded twice.
 */

export type SimulatedLabel = {
  /** 1-based, in the order the simulator printed them (VOID labels are numbered apart, in `voids`). */
  index: number;
  /** The EPC the label's ^RFW,H write carries (upper-case hex), or null when the label writes none. */
  epc: string | null;
  /** Every ^FD field's data except the EPC write, in order. */
  fields: string[];
  zpl: string;
  printedAt: Date;
  /** Which connection sent it (1-based). */
  connection: number;
};

export type SimulatorMode = {
  /** Milliseconds each label takes to print. */
  printMs: number;
  /** Accept and at once close every connection. */
  refuse: boolean;
  /** A hung printer: takes labels but never answers anything (neither ~HS nor ~HQES nor encode results). */
  silent: boolean;
  /** Runs out of paper once this many labels (VOID ones too) are printed. */
  paperOutAfter: number | null;
  /** Paused: labels stay in the buffer; ~HS answers with the pause flag. */
  paused: boolean;
  /** Out of paper (media out). */
  paperOut: boolean;
  /** Print head open. */
  headOpen: boolean;
  /** Out of ribbon. */
  ribbonOut: boolean;
  /** Print head over temperature. */
  overTemp: boolean;
  /** Share of encodes that fail (0 to 1), drawn from a generator seeded with `seed`. */
  failRate: number;
  seed: number;
  /** Formats (1-based, in the order the printer takes them) whose encode fails, whatever `failRate` says. */
  failFormats: number[];
};

export type PrinterSimulator = {
  port: number;
  host: string;
  /** Labels printed so far (not the VOID ones). */
  labels: SimulatedLabel[];
  /** VOID labels printed over tags that could not be encoded. */
  voids: SimulatedLabel[];
  /** Every EPC encoded successfully, in order (a test asserts none twice). */
  encoded: string[];
  /** Formats received and not printed yet (the buffer). */
  pending: () => number;
  /** Formats received so far. */
  received: () => number;
  /** Formats dropped by ~JA. */
  canceled: () => number;
  /** Tilde commands received so far, in order (~HS, ~HQES, ~JA, ~RVE …). */
  commands: string[];
  /** Connections accepted so far. */
  connections: () => number;
  /**
   * Answers sent so far (~HS, ~HQES, encode results). A command is answered in the same turn it is taken, so a test
   * that sees the command in `commands` and this count unchanged knows the printer stayed silent, without waiting.
   */
  answered: () => number;
  setMode: (mode: Partial<SimulatorMode>) => void;
  mode: () => SimulatorMode;
  /** Called for each label printed (not the VOID ones). */
  onLabel: (listener: (label: SimulatedLabel) => void) => void;
  /** Resolves once `count` labels are printed (or rejects after `timeoutMs`). */
  waitForLabels: (count: number, timeoutMs?: number) => Promise<SimulatedLabel[]>;
  reset: () => void;
  close: () => Promise<void>;
};

const STX = '\u0002';
const ETX = '\u0003';
const CRLF = '\r\n';

/** The labels of a ZPL stream: each ^XA … ^XZ, and what is left over (an incomplete label). */
export const splitLabels = (buffer: string): { labels: string[]; rest: string } => {
  const labels: string[] = [];
  let at = 0;
  for (;;) {
    const start = buffer.indexOf('^XA', at);
    if (start < 0) return { labels, rest: '' };
    const end = buffer.indexOf('^XZ', start + 3);
    if (end < 0) return { labels, rest: buffer.slice(start) };
    labels.push(buffer.slice(start, end + 3));
    at = end + 3;
  }
};

/** The EPC of a label's ^RFW,H…^FD<hex>^FS write and the data of its other ^FD fields. */
export const parseLabel = (zpl: string): { epc: string | null; fields: string[] } => {
  let epc: string | null = null;
  const fields: string[] = [];
  const field = /\^FD([\s\S]*?)\^FS/g;
  for (let match = field.exec(zpl); match; match = field.exec(zpl)) {
    const before = zpl.slice(0, match.index);
    const lastCommand = before.lastIndexOf('^');
    const command = lastCommand >= 0 ? before.slice(lastCommand) : '';
    const data = match[1] ?? '';
    if (/^\^RFW,H/i.test(command)) epc = data.trim().toUpperCase();
    else fields.push(data);
  }
  return { epc, fields };
};

/** The ^RS "number of labels" tried on an encode failure (^RSt,p,v,n,e…; default 3, 1 to 10). */
export const rfidTries = (zpl: string): number => {
  const match = /\^RS([^^~]*)/.exec(zpl);
  const n = Number((match?.[1] ?? '').split(',')[3]);
  return Number.isInteger(n) && n >= 1 && n <= 10 ? n : 3;
};

/** The three framed strings a Zebra printer answers to ~HS (ZPL II guide, ~HS). */
export const hostStatus = ({
  paperOut,
  paused,
  formats,
  labelsRemaining,
  headUp = false,
  ribbonOut = false,
  overTemp = false,
}: {
  paperOut: boolean;
  paused: boolean;
  formats: number;
  labelsRemaining: number;
  headUp?: boolean;
  ribbonOut?: boolean;
  overTemp?: boolean;
}): string => {
  const pad = (n: number, width: number) => String(Math.min(n, 10 ** width - 1)).padStart(width, '0');
  const line1 = `030,${paperOut ? 1 : 0},${paused ? 1 : 0},1218,${pad(formats, 3)},0,0,0,000,0,0,${overTemp ? 1 : 0}`;
  // r (print mode) 9 = RFID.
  const line2 = `001,0,${headUp ? 1 : 0},${ribbonOut ? 1 : 0},0,9,4,0,${pad(labelsRemaining, 8)},1,000`;
  const line3 = '1234,0';
  return `${STX}${line1}${ETX}${CRLF}${STX}${line2}${ETX}${CRLF}${STX}${line3}${ETX}${CRLF}`;
};

/**
 * The ~HQES answer (ZPL II guide, ~HQ): one STX…ETX block with `PRINTER STATUS`, then `ERRORS:` and `WARNINGS:`, each
 * a flag (1 = any), the second group of flags and the first group, as 8 hex digits. Error flags of group 1: media out
 * 00000001, ribbon out 00000002, head open 00000004, cutter fault 00000008, printhead over temperature 00000010.
 */
export const hostQueryErrorStatus = ({ errors, warnings = 0 }: { errors: number; warnings?: number }): string => {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');
  return (
    `${STX}${CRLF}  PRINTER STATUS${CRLF}` +
    `   ERRORS:         ${errors ? 1 : 0} 00000000 ${hex(errors)}${CRLF}` +
    `   WARNINGS:       ${warnings ? 1 : 0} 00000000 ${hex(warnings)}${CRLF}${ETX}${CRLF}`
  );
};

type Format = { zpl: string; connection: number; socket: Socket; ordinal: number };

export const startPrinterSimulator = async ({
  port = 0,
  host = '127.0.0.1',
  log,
  ...mode
}: Partial<SimulatorMode> & { port?: number; host?: string; log?: (line: string) => void } = {}): Promise<PrinterSimulator> => {
  const state: SimulatorMode = {
    printMs: 20,
    refuse: false,
    silent: false,
    paperOutAfter: null,
    paused: false,
    paperOut: false,
    headOpen: false,
    ribbonOut: false,
    overTemp: false,
    failRate: 0,
    seed: 1,
    failFormats: [],
    ...mode,
  };
  let random = seededRandom(state.seed);
  const labels: SimulatedLabel[] = [];
  const voids: SimulatedLabel[] = [];
  const encoded: string[] = [];
  const commands: string[] = [];
  const listeners: ((label: SimulatedLabel) => void)[] = [];
  /** Formats received, waiting for the print head. */
  const queue: Format[] = [];
  const sockets = new Set<Socket>();
  let connectionCount = 0;
  let receivedCount = 0;
  let canceledCount = 0;
  let printing: NodeJS.Timeout | null = null;
  /** ~RVE: report each format's encode result to the host (a printer setting, not a connection's). */
  let isReporting = false;

  const isPaperOut = () =>
    state.paperOut || (state.paperOutAfter !== null && labels.length + voids.length >= state.paperOutAfter);
  const isFaulted = () => isPaperOut() || state.headOpen || state.ribbonOut || state.overTemp;
  /** ~HS goes unanswered in these states (ZPL II guide, ~HS note). */
  const isHostStatusSilent = () => state.silent || isFaulted();
  const errorFlags = () =>
    (isPaperOut() ? 0x1 : 0) | (state.ribbonOut ? 0x2 : 0) | (state.headOpen ? 0x4 : 0) | (state.overTemp ? 0x10 : 0);

  let answeredCount = 0;
  const send = (socket: Socket, text: string) => {
    if (!socket.destroyed && socket.writable) {
      answeredCount += 1;
      socket.write(text);
    }
  };

  const record = (format: Format, list: SimulatedLabel[], epc: string | null, fields: string[]) => {
    const label: SimulatedLabel = {
      index: list.length + 1,
      epc,
      fields,
      zpl: format.zpl,
      printedAt: new Date(),
      connection: format.connection,
    };
    list.push(label);
    return label;
  };

  /** Encodes and prints the format at the head of the buffer (VOID labels while its encode fails). */
  const printFormat = (format: Format) => {
    const { epc, fields } = parseLabel(format.zpl);
    if (epc === null) {
      const label = record(format, labels, null, fields);
      log?.(`label ${label.index}: (no RFID) | ${fields.join(' | ')}`);
      for (const listener of listeners) listener(label);
      return;
    }
    const isFailing = state.failFormats.includes(format.ordinal) || (state.failRate > 0 && random() < state.failRate);
    if (isFailing) {
      const tries = rfidTries(format.zpl);
      for (let i = 0; i < tries; i += 1) record(format, voids, epc, ['VOID']);
      log?.(`format ${format.ordinal}: encode of ${epc} failed ${tries} times, VOID printed`);
      if (isReporting && !state.silent) send(format.socket, `_-,${tries - 1}_`);
      return;
    }
    encoded.push(epc);
    const label = record(format, labels, epc, fields);
    log?.(`label ${label.index}: EPC ${epc} | ${fields.join(' | ')}`);
    if (isReporting && !state.silent) send(format.socket, '_+,0_');
    for (const listener of listeners) listener(label);
  };

  const printNext = () => {
    if (printing || queue.length === 0 || state.paused || isFaulted()) return;
    printing = setTimeout(() => {
      printing = null;
      if (state.paused || isFaulted()) return;
      const next = queue.shift();
      if (!next) return;
      printFormat(next);
      printNext();
    }, state.printMs);
  };

  const server: Server = createServer((socket) => {
    connectionCount += 1;
    const connection = connectionCount;
    if (state.refuse) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.setEncoding('utf8');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      // Tilde commands run as they arrive, ahead of the formats in the buffer (ZPL II guide: ~ commands are
      // control commands acted on at once).
      const tildes = /~(HQES|HS|JA|RV[ED])/g;
      const found: string[] = [];
      const enqueue = (text: string) => {
        const { labels: complete, rest } = splitLabels(text);
        for (const zpl of complete) {
          receivedCount += 1;
          queue.push({ zpl, connection, socket, ordinal: receivedCount });
        }
        return rest;
      };
      let text = '';
      let at = 0;
      for (const match of buffer.matchAll(tildes)) {
        text += buffer.slice(at, match.index);
        at = match.index + match[0].length;
        const command = match[1] as string;
        commands.push(`~${command}`);
        if (command === 'JA') {
          // Cancel All: the formats received before it are dropped, and the data before it (ZPL II guide, ~JA). Here a
          // format leaves the buffer only once printed, so the one on the print head is dropped too.
          enqueue(text);
          canceledCount += queue.length;
          queue.length = 0;
          text = '';
        } else if (command === 'RVE') isReporting = true;
        else if (command === 'RVD') isReporting = false;
        else found.push(command);
      }
      buffer = enqueue(text + buffer.slice(at));
      printNext();
      for (const command of found) {
        if (command === 'HS' && !isHostStatusSilent()) {
          send(
            socket,
            hostStatus({
              paperOut: isPaperOut(),
              paused: state.paused,
              formats: queue.length,
              labelsRemaining: queue.length,
              headUp: state.headOpen,
              ribbonOut: state.ribbonOut,
              overTemp: state.overTemp,
            }),
          );
        } else if (command === 'HQES' && !state.silent) {
          send(socket, hostQueryErrorStatus({ errors: errorFlags() }));
        }
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  return {
    port: boundPort,
    host,
    labels,
    voids,
    encoded,
    commands,
    pending: () => queue.length,
    received: () => receivedCount,
    canceled: () => canceledCount,
    connections: () => connectionCount,
    answered: () => answeredCount,
    setMode(next) {
      const reseed = next.seed !== undefined && next.seed !== state.seed;
      Object.assign(state, next);
      if (reseed) random = seededRandom(state.seed);
      printNext();
    },
    mode: () => ({ ...state, failFormats: [...state.failFormats] }),
    onLabel(listener) {
      listeners.push(listener);
    },
    waitForLabels(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        if (labels.length >= count) return resolve(labels.slice(0, count));
        const timer = setTimeout(() => reject(new Error(`only ${labels.length} of ${count} labels printed`)), timeoutMs);
        listeners.push(() => {
          if (labels.length === count) {
            clearTimeout(timer);
            resolve(labels.slice(0, count));
          }
        });
      });
    },
    reset() {
      labels.length = 0;
      voids.length = 0;
      encoded.length = 0;
      commands.length = 0;
      queue.length = 0;
    },
    async close() {
      if (printing) clearTimeout(printing);
      printing = null;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
