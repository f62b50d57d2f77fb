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

/** What one simulated printer holds: its mode, what it printed, its buffer and its connections, and its counters. */
type Printer = {
  state: SimulatorMode;
  random: () => number;
  log: ((line: string) => void) | undefined;
  labels: SimulatedLabel[];
  voids: SimulatedLabel[];
  encoded: string[];
  commands: string[];
  listeners: ((label: SimulatedLabel) => void)[];
  /** Formats received, waiting for the print head. */
  queue: Format[];
  sockets: Set<Socket>;
  counts: { connections: number; received: number; canceled: number; answered: number };
  printing: NodeJS.Timeout | null;
  /** ~RVE: report each format's encode result to the host (a printer setting, not a connection's). */
  isReporting: boolean;
};

const isPaperOut = ({ state, labels, voids }: Printer) =>
  state.paperOut || (state.paperOutAfter !== null && labels.length + voids.length >= state.paperOutAfter);
const isFaulted = (printer: Printer) =>
  isPaperOut(printer) || printer.state.headOpen || printer.state.ribbonOut || printer.state.overTemp;
/** ~HS goes unanswered in these states (ZPL II guide, ~HS note). */
const isHostStatusSilent = (printer: Printer) => printer.state.silent || isFaulted(printer);
const errorFlags = (printer: Printer) =>
  (isPaperOut(printer) ? 0x1 : 0) |
  (printer.state.ribbonOut ? 0x2 : 0) |
  (printer.state.headOpen ? 0x4 : 0) |
  (printer.state.overTemp ? 0x10 : 0);

const send = (printer: Printer, socket: Socket, text: string) => {
  if (!socket.destroyed && socket.writable) {
    printer.counts.answered += 1;
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
const printFormat = (printer: Printer, format: Format) => {
  const { state, log } = printer;
  const { epc, fields } = parseLabel(format.zpl);
  if (epc === null) {
    const label = record(format, printer.labels, null, fields);
    log?.(`label ${label.index}: (no RFID) | ${fields.join(' | ')}`);
    for (const listener of printer.listeners) listener(label);
    return;
  }
  const isFailing = state.failFormats.includes(format.ordinal) || (state.failRate > 0 && printer.random() < state.failRate);
  if (isFailing) {
    const tries = rfidTries(format.zpl);
    for (let i = 0; i < tries; i += 1) record(format, printer.voids, epc, ['VOID']);
    log?.(`format ${format.ordinal}: encode of ${epc} failed ${tries} times, VOID printed`);
    if (printer.isReporting && !state.silent) send(printer, format.socket, `_-,${tries - 1}_`);
    return;
  }
  printer.encoded.push(epc);
  const label = record(format, printer.labels, epc, fields);
  log?.(`label ${label.index}: EPC ${epc} | ${fields.join(' | ')}`);
  if (printer.isReporting && !state.silent) send(printer, format.socket, '_+,0_');
  for (const listener of printer.listeners) listener(label);
};

const printNext = (printer: Printer) => {
  if (printer.printing || printer.queue.length === 0 || printer.state.paused || isFaulted(printer)) return;
  printer.printing = setTimeout(() => {
    printer.printing = null;
    if (printer.state.paused || isFaulted(printer)) return;
    const next = printer.queue.shift();
    if (!next) return;
    printFormat(printer, next);
    printNext(printer);
  }, printer.state.printMs);
};

/** Answers a ~HS or ~HQES, unless the printer stays silent to it. */
const answerStatus = (printer: Printer, socket: Socket, command: string) => {
  const { state, queue } = printer;
  if (command === 'HS' && !isHostStatusSilent(printer)) {
    send(
      printer,
      socket,
      hostStatus({
        paperOut: isPaperOut(printer),
        paused: state.paused,
        formats: queue.length,
        labelsRemaining: queue.length,
        headUp: state.headOpen,
        ribbonOut: state.ribbonOut,
        overTemp: state.overTemp,
      }),
    );
  } else if (command === 'HQES' && !state.silent) {
    send(printer, socket, hostQueryErrorStatus({ errors: errorFlags(printer) }));
  }
};

/**
 * Takes what a connection sent so far: its complete formats into the buffer, its tilde commands acted on; answers the
 * status queries. Returns what is left (an incomplete format).
 */
const receive = (printer: Printer, socket: Socket, connection: number, buffer: string): string => {
  // Tilde commands run as they arrive, ahead of the formats in the buffer (ZPL II guide: ~ commands are
  // control commands acted on at once).
  const tildes = /~(HQES|HS|JA|RV[ED])/g;
  const found: string[] = [];
  const enqueue = (text: string) => {
    const { labels: complete, rest } = splitLabels(text);
    for (const zpl of complete) {
      printer.counts.received += 1;
      printer.queue.push({ zpl, connection, socket, ordinal: printer.counts.received });
    }
    return rest;
  };
  let text = '';
  let at = 0;
  for (const match of buffer.matchAll(tildes)) {
    text += buffer.slice(at, match.index);
    at = match.index + match[0].length;
    const command = match[1] as string;
    printer.commands.push(`~${command}`);
    if (command === 'JA') {
      // Cancel All: the formats received before it are dropped, and the data before it (ZPL II guide, ~JA). Here a
      // format leaves the buffer only once printed, so the one on the print head is dropped too.
      enqueue(text);
      printer.counts.canceled += printer.queue.length;
      printer.queue.length = 0;
      text = '';
    } else if (command === 'RVE') printer.isReporting = true;
    else if (command === 'RVD') printer.isReporting = false;
    else found.push(command);
  }
  const rest = enqueue(text + buffer.slice(at));
  printNext(printer);
  for (const command of found) answerStatus(printer, socket, command);
  return rest;
};

/** The simulator as its callers see it: what it printed, its counters, its mode, and its end. */
const simulatorOf = (printer: Printer, server: Server, host: string, port: number): PrinterSimulator => {
  const { state, labels, voids, encoded, commands, queue, listeners, counts } = printer;
  return {
    port,
    host,
    labels,
    voids,
    encoded,
    commands,
    pending: () => queue.length,
    received: () => counts.received,
    canceled: () => counts.canceled,
    connections: () => counts.connections,
    answered: () => counts.answered,
    setMode(next) {
      const reseed = next.seed !== undefined && next.seed !== state.seed;
      Object.assign(state, next);
      if (reseed) printer.random = seededRandom(state.seed);
      printNext(printer);
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
      if (printer.printing) clearTimeout(printer.printing);
      printer.printing = null;
      for (const socket of printer.sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

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
  const printer: Printer = {
    state,
    random: seededRandom(state.seed),
    log,
    labels: [],
    voids: [],
    encoded: [],
    commands: [],
    listeners: [],
    queue: [],
    sockets: new Set<Socket>(),
    counts: { connections: 0, received: 0, canceled: 0, answered: 0 },
    printing: null,
    isReporting: false,
  };

  const server: Server = createServer((socket) => {
    printer.counts.connections += 1;
    const connection = printer.counts.connections;
    if (state.refuse) {
      socket.destroy();
      return;
    }
    printer.sockets.add(socket);
    socket.setEncoding('utf8');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer = receive(printer, socket, connection, buffer + chunk);
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => printer.sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return simulatorOf(printer, server, host, typeof address === 'object' && address ? address.port : port);
};
